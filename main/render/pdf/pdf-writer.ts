/**
 * PDF writer for invoices, credit notes, offers and order confirmations (Norwegian A4 layout).
 *
 * Layout (direct/commercial-layout.ts with the shared blocks' definitions, one file per kind in kinds/):
 *  - seller block (logo, name, address, "Org.nr 923 609 016 MVA", "Foretaksregisteret") top right,
 *    document facts (number, dates, references) under it;
 *  - title top left, buyer name and address at 20 mm / 47 mm where a C5/C4 window envelope shows it;
 *  - line table whose header repeats on every page, "Side X av Y" in the page header;
 *  - VAT summary per rate (with NOK figures for foreign currency) beside the totals;
 *  - invoices: a giro-style payment part at the bottom of the last page.
 * Pure with respect to business figures: everything printed comes from the DocumentView.
 */
import type { DocumentView } from '../document-view';
import { layoutCommercialDocument } from './direct/commercial-layout';
import { ImageUnreadable } from './direct/images';
import { writePdf } from './direct/pdf-file';
import { CONTENT_W, GIRO_H, PAGE_H, PAGE_W, WINDOW_X, WINDOW_Y } from './layout';

/**
 * Renders an invoice, credit note, offer or order confirmation as an A4 PDF: Kvitt's own layout (direct/) drawn by
 * its small PDF writer (no pdfmake; about a tenth of the CPU). A logo that cannot be decoded is left out rather than
 * failing the document.
 */
export async function renderDocumentPdf(doc: DocumentView): Promise<Buffer> {
  let list;
  try {
    list = layoutCommercialDocument(doc, !!doc.seller.logo);
  } catch (error) {
    if (!(error instanceof ImageUnreadable)) throw error;
    list = layoutCommercialDocument(doc, false);
  }
  return writePdf(list);
}

/** Exposed for tests and other writers: the giro height in points and the window position. */
export const PDF_LAYOUT = { PAGE_W, PAGE_H, CONTENT_W, WINDOW_X, WINDOW_Y, GIRO_H } as const;
