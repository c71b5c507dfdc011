/**
 * The complete, computed view of one document (draft or issued) that every document writer
 * (PDF, EHF, reports) reads. All money is integer øre (or the minor unit of `currency`).
 * Writers never compute business figures themselves: totals, VAT per rate and NOK amounts
 * are computed once, by the documents service, and carried here.
 */
export type DocumentKind = 'invoice' | 'credit-note' | 'offer' | 'order-confirmation';
export type VatCategory = 'S' | 'Z' | 'E' | 'O';

export interface PartySnapshot {
  name: string;
  /** 9-digit Norwegian organisation number, no spaces. */
  orgNumber?: string | null;
  /** Organisation form code (as, asa, enk, prv, ...). */
  orgForm?: string | null;
  /** Seller only: registered for VAT (prints "MVA" after the org number). */
  vatRegistered?: boolean;
  address1?: string | null;
  address2?: string | null;
  zip: string;
  city: string;
  /** ISO 3166 alpha-2, e.g. NO. */
  country: string;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  fax?: string | null;
  web?: string | null;
  /** Seller only. */
  bankAccount?: string | null;
  iban?: string | null;
  bic?: string | null;
  /** Seller only: logo as a data: URL (PNG or JPEG). */
  logo?: string | null;
  /** Buyer only: the ISO 6523 ICD / EAS scheme of orgNumber (null, 9908 or 192: Norwegian organisation number). */
  icd?: number | null;
  /** Buyer only. */
  recipientNumber?: number;
  customerNumber?: string | null;
}

export interface LineView {
  lineNo: number;
  productCode?: string | null;
  description: string;
  /** Quantity in thousandths (1.5 -> 1500). */
  quantityMilli: number;
  unit?: string | null;
  unitPriceOre: number;
  /** Discount percent in hundredths (12.5 % -> 1250). */
  discountHundredths: number;
  /** VAT rate percent in hundredths (25 % -> 2500). */
  taxRateHundredths: number;
  vatCategory: VatCategory;
  exemptionReason?: string | null;
  /** quantity x unit price less discount, rounded to øre once. */
  netOre: number;
  taxOre: number;
  /** net + tax */
  totalOre: number;
}

export interface VatBreakdown {
  taxRateHundredths: number;
  vatCategory: VatCategory;
  exemptionReason?: string | null;
  /** Sum of rounded line nets with this rate/category (document currency). */
  baseOre: number;
  /** VAT of this rate, computed from baseOre and rounded once (document currency). */
  taxOre: number;
  /** The same in NOK øre (equal to the above when currency is NOK). */
  baseNokOre: number;
  taxNokOre: number;
}

export interface DocumentView {
  kind: DocumentKind;
  /** The issued number; null for a draft. */
  number: number | null;
  draftNumber: number;
  /** Invoice date / offer date / credit-note date. */
  issueDate: string;
  dueDate?: string | null;
  orderDate?: string | null;
  deliveryDate?: string | null;
  /** Offers: valid until. */
  expiryDate?: string | null;
  orderNumber?: string | null;
  ourReference?: string | null;
  yourReference?: string | null;
  kid?: string | null;
  invoiceText?: string | null;
  /** ISO 4217. */
  currency: string;
  /** NOK per one unit of currency (1 for NOK). */
  exchangeRate: number;
  /** Credit notes: the invoice they credit. */
  creditedInvoiceNumber?: number | null;
  creditedInvoiceDate?: string | null;
  seller: PartySnapshot;
  buyer: PartySnapshot;
  deliveryAddress?: { address?: string | null; zip?: string | null; city?: string | null; country?: string | null } | null;
  lines: LineView[];
  vat: VatBreakdown[];
  /** Sum of line nets. */
  netOre: number;
  /** Sum of VAT per rate. */
  taxOre: number;
  /** net + tax, what the buyer pays (before prepaid amounts). */
  totalOre: number;
  /** VAT in NOK. */
  taxNokOre: number;
  /** Amount already paid (EHF PrepaidAmount); 0 unless stated. */
  prepaidOre?: number;
}
