/**
 * PDF writer for dunnings (Purring / Inkassovarsel), in the invoice family: the same page, head, window address and
 * giro as the invoice (the shared blocks, laid out by direct/dunning-layout.ts), with the claim laid out as a debtor reads it: the invoice, what
 * was paid, earlier fees and interest, this notice's fee, the interest with rate and period, the amount to pay by the
 * new deadline, KID and account; an inkassovarsel carries the warning inkassoloven § 9 asks for.
 * Pure with respect to business figures: everything printed comes from the DunningDocument.
 */
import type { DocumentView } from '../document-view';
import { layoutDunning } from './direct/dunning-layout';
import { ImageUnreadable } from './direct/images';
import { writePdf } from './direct/pdf-file';

export interface DunningDocument {
  /** The dunned invoice as issued (seller, buyer, KID, currency, total). */
  invoice: DocumentView;
  number: number;
  dunningNumber: number;
  dunningDate: string;
  dueDate: string;
  debtCollectionNotice: boolean;
  /** A closing interest note (rentenota): interest only, on an invoice paid in full late. */
  interestNote?: boolean;
  /** Which notice of its kind on the invoice this is (1. purring, 2. purring); dunningNumber when absent. */
  ordinal?: number;
  dunningText: string | null;
  /** Øre, the invoice's currency. */
  invoiceBalance: number;
  /** Fees and interest of earlier notices (part of invoiceBalance). */
  earlierCharges: number;
  fee: number;
  interest: number;
  interestPrincipal: number;
  interestParts: { from: string; to: string; days: number; rate: number; principal?: number; interest: number }[];
}

/**
 * Renders a dunning as an A4 PDF: Kvitt's own layout (direct/dunning-layout.ts) drawn by its small PDF writer (no
 * pdfmake). A logo that cannot be decoded is left out rather than failing the document.
 */
export async function renderDunningPdf(d: DunningDocument): Promise<Buffer> {
  let list;
  try {
    list = layoutDunning(d, !!d.invoice.seller.logo);
  } catch (error) {
    if (!(error instanceof ImageUnreadable)) throw error;
    list = layoutDunning(d, false);
  }
  return writePdf(list);
}
