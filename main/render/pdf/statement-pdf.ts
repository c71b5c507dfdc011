/**
 * A statement PDF (kontoutskrift) of report rows: title, company and period on top, a table whose header repeats on
 * every page, right-aligned Norwegian amounts, a bold total row, "Side X av Y". Laid out by Kvitt
 * (direct/statement-layout.ts) and written by its small PDF writer (direct/pdf-file.ts), as the invoice family; the
 * figures come ready from the caller.
 */
import { writePdf } from './direct/pdf-file.js';
import { layoutStatement, type Statement } from './direct/statement-layout.js';

export type { Statement } from './direct/statement-layout.js';

export async function renderStatementPdf(s: Statement): Promise<Buffer> {
  return writePdf(layoutStatement(s));
}
