import type { OutputOf } from '../../api/op-types';
/** Shapes of documents as the service answers them (spec 2.2, 2.3, 2.4), as far as the GUI reads them. */
export type DocKind = 'invoice' | 'credit-note' | 'offer' | 'order-confirmation';
export type TaxRate = 25 | 15 | 12 | 0;
export const TAX_RATES: TaxRate[] = [25, 15, 12, 0];

export interface DocRecipient {
  number: number;
  customerNumber?: string | null;
  name: string;
  email?: string | null;
  organisationNumber?: string | null;
  address?: { address1?: string | null; address2?: string | null; zip?: string | null; city?: string | null; country?: string | null };
}

/** 2.4 deliveryAddress (the country read back by its Norwegian name). */
export interface DeliveryAddress {
  address?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
}

export interface DocItem {
  number?: number | null;
  quantity: number;
  productCode?: string | null;
  description?: string | null;
  unitPrice?: number | null;
  discount?: number | null;
  taxRate?: number | null;
  vatCategory?: 'S' | 'Z' | 'E' | 'O' | null;
  exemptionReason?: string | null;
  unit?: string | null;
  total?: number;
  totalWithoutTax?: number;
}

export type InvoiceStateDetail = NonNullable<OutputOf<'invoices.get'>['stateDetail']>;

/** A draft (2.4) or an issued document (2.2/2.3); optional fields differ by kind. */
export interface DocumentData {
  number: number;
  credit?: boolean;
  creditedInvoiceNumber?: number | null;
  orderNumber?: string | null;
  invoiceDate?: string | null;
  dueDate?: string | null;
  orderDate?: string | null;
  deliveryDate?: string | null;
  expiryDate?: string | null;
  deliveryAddress?: DeliveryAddress | null;
  ourReference?: string | null;
  yourReference?: string | null;
  kid?: string | null;
  tax?: number;
  total?: number;
  invoiceText?: string | null;
  accountNumber?: string | null;
  currency?: string | null;
  recipient: DocRecipient;
  items: DocItem[];
  currentBalance?: number;
  international?: { exchangeRate?: number } | null;
  /** Kvitt extensions where the service sends them. */
  state?: string | null;
  /** Issued invoices (GET /invoices/{n}, lists with withState): the one status of main/domain/invoice-state.ts. */
  stateDetail?: InvoiceStateDetail | null;
  status?: string | null;
  lost?: boolean | { reason?: string; date?: string } | null;
  lostReason?: string | null;
  creditedAmount?: number | null;
  offerNumber?: number | null;
  orderConfirmationNumber?: number | null;
  invoiceDraftNumber?: number | null;
  _links?: object;
}

/** The body of a draft (2.4 without number). */
export interface DraftBody {
  credit?: boolean;
  creditedInvoiceNumber?: number | null;
  recipient: { number: number };
  orderNumber?: string | null;
  invoiceDate?: string | null;
  dueDate?: string | null;
  deliveryDate?: string | null;
  expiryDate?: string | null;
  ourReference?: string | null;
  yourReference?: string | null;
  invoiceText?: string | null;
  currency?: string | null;
  deliveryAddress?: DeliveryAddress | null;
  items: DocItem[];
}

/** invoices.sums: count, total, balance and what customers have to get back (never netted against the balance). */
export type Sums = OutputOf<'invoices.sums'>;
