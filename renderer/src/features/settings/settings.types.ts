/** The originator's settings as settings.get answers (country by its Norwegian name). */
export interface CompanySettings {
  name: string;
  orgNumber: string | null;
  orgForm: string | null;
  vatRegistered: boolean;
  address1: string | null;
  address2: string | null;
  zip: string;
  city: string;
  country: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  web: string | null;
  bankAccount: string | null;
  iban: string | null;
  bic: string | null;
  logo: string | null;
}

export interface InvoicingSettings {
  defaultCreditDays: number;
  attachPdf: boolean;
  defaultShipment: 'SNAIL' | 'EMAIL';
  kidScheme: 'NONE' | 'MOD10' | 'MOD11';
  kidBase: 'INVOICE' | 'CUSTOMER_INVOICE';
  kidLength: number;
  creditNotesOwnSeries: boolean;
  firstInvoiceNumber: number;
  firstCreditNoteNumber: number;
  firstOfferNumber: number;
  firstOrderConfirmationNumber: number;
  offerValidDays: number;
  ourReference: string | null;
}

export interface Settings {
  company: CompanySettings;
  invoicing: InvoicingSettings;
  api: { enabled: boolean; port: number };
  ui: { language: 'nb' | 'en' };
}
