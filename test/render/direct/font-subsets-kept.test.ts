/**
 * Font subsets are kept and used again (embedded-font.ts SUBSETS): a document rendered again gives the same bytes, and
 * documents rendered in between with other glyphs, or the same glyphs standing for other text, each get their own
 * subset and ToUnicode map: pdftotext gives each document's own text back.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '../../../main/render/document-view';
import { renderDocumentPdf } from '../../../main/render/pdf/pdf-writer';
import { buyerCompany, invoiceNok, invoiceSimple } from '../fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'kvitt-font-kept-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let seq = 0;
function textOf(pdf: Buffer): string {
  const file = path.join(dir, `d${seq++}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** invoiceSimple to a buyer whose name has letters no other fixture uses. */
const withBuyer = (name: string): DocumentView => ({ ...invoiceSimple, buyer: { ...buyerCompany, name } });

describe('kept font subsets', () => {
  it('the same document gives the same bytes whether its subsets were made or kept, with others rendered in between', async () => {
    const first = await renderDocumentPdf(invoiceNok);
    const other = await renderDocumentPdf(withBuyer('Žižek Ørjasæter Æøå Qvist'));
    const again = await renderDocumentPdf(invoiceNok);
    expect(again.equals(first)).toBe(true);
    expect(other.equals(first)).toBe(false);
  });

  it("each document's text comes back from its own subset, also after one with other letters", async () => {
    const names = ['Žižek Ørjasæter Qvist AS', 'Xylofon Jøkul ÆØÅ Byrå', 'Žižek Ørjasæter Qvist AS', 'Åse Wøldike Ĳssel'];
    for (const name of names) {
      const text = textOf(await renderDocumentPdf(withBuyer(name)));
      expect(text).toContain(name);
    }
  });
});
