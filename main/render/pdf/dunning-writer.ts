/**
 * PDF writer for dunnings (Purring / Inkassovarsel), in the invoice family: the same page, head, window address and
 * giro as the invoice (the shared blocks, laid out by direct/dunning-layout.ts), with the claim laid out as a debtor reads it: the invoice, what
 * was paid, earlier fees and interest, this notice's fee, the interest with rate and period, the amount to pay by the
 * new deadline, KID and account; an inkassovarsel carries the warning inkassoloven § 9 asks for.
 * Pure with respect to business figures: everything printed comes from the DunningDocument.
 */
import { layoutDunning, type DunningDocument } from './direct/dunning-layout';
import { ImageUnreadable } from './direct/images';
import { writePdf } from './direct/pdf-file';

export type { DunningDocument } from './direct/dunning-layout';

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
