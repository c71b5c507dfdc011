import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '../../../main/render/document-view';
import { layoutCommercialDocument } from '../../../main/render/pdf/direct/commercial-layout';
import type { DisplayDocument, DisplayPage, TextItem } from '../../../main/render/pdf/direct/display-list';
import { writePdf } from '../../../main/render/pdf/direct/pdf-file';
import { CONTENT_W, MARGIN_B, MARGIN_L, MM, PAGE_H, WINDOW_X, WINDOW_Y } from '../../../main/render/pdf/layout';
import { renderDocumentPdf } from '../../../main/render/pdf/pdf-writer';
import { wordBox } from './word-box';
import { buildDoc, creditNote, invoiceEur, invoiceLong, invoiceNok, invoiceSimple, sellerAs } from '../fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'kvitt-direct-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const texts = (p: DisplayPage) => p.items.filter((i): i is TextItem => i.t === 'text');
const pageText = (p: DisplayPage) => texts(p).map((t) => t.text).join(' ');
const has = (p: DisplayPage, s: string) => texts(p).some((t) => t.text === s || t.text.startsWith(s));
const giroPage = (d: DisplayDocument) => d.pages.findIndex((p) => has(p, 'GIRO'));
const withLines = (n: number): DocumentView => ({ ...invoiceLong, lines: Array.from({ length: n }, (_, i) => invoiceLong.lines[i % 60]) });

describe('direct layout of the invoice family', () => {
  it('60 lines: header row on every page, no row split, "Side 2 av 2", running head from page 2, giro only on the last page', () => {
    const d = layoutCommercialDocument(invoiceLong);
    expect(d.pages).toHaveLength(2);
    d.pages.forEach((p, i) => {
      expect(has(p, 'Beskrivelse')).toBe(true);
      expect(has(p, `Side ${i + 1} av 2`)).toBe(true);
      expect(has(p, 'Faktura 10006 · Fjordkraft Rådgivning AS')).toBe(i > 0);
    });
    expect(giroPage(d)).toBe(1);
    // every line's description and amount on the same page, in order; nothing below the bottom margin but the giro
    const pageOf = (s: string) => d.pages.findIndex((p) => has(p, s));
    let last = 0;
    invoiceLong.lines.forEach((l) => {
      const page = pageOf(l.description);
      expect(page).toBeGreaterThanOrEqual(last);
      last = page;
      const row = texts(d.pages[page]).find((t) => t.text === l.description)!;
      expect(texts(d.pages[page]).some((t) => Math.abs(t.y - row.y) < 0.01 && t.x > 450)).toBe(true);
      expect(row.y).toBeLessThan(PAGE_H - MARGIN_B);
    });
  });

  it('more lines: three pages; the giro moves to a page of its own when the room left is less than its reservation', () => {
    expect(layoutCommercialDocument(withLines(100)).pages.map((p) => texts(p).find((t) => t.text.startsWith('Side'))!.text))
      .toEqual(['Side 1 av 3', 'Side 2 av 3', 'Side 3 av 3']);
    let alone = 0;
    for (let n = 20; n <= 60; n++) {
      const d = layoutCommercialDocument(withLines(n));
      const g = giroPage(d);
      expect(g).toBe(d.pages.length - 1);
      const last = d.pages[g];
      if (!has(last, 'Å betale')) {
        alone++;
        expect(has(d.pages[g - 1], 'Å betale')).toBe(true);
        expect(has(last, 'Beskrivelse')).toBe(false);
      } else {
        // the summary and the giro share the page: the summary ends above the giro's top
        const giroTop = PAGE_H - 92 * MM;
        expect(Math.max(...texts(last).filter((t) => t.y < giroTop).map((t) => t.y))).toBeLessThan(giroTop);
      }
    }
    expect(alone).toBeGreaterThan(0);
  });

  it('long descriptions wrap inside the description column; the discount column only when a line has a discount', () => {
    const long = 'Dette er en svært lang beskrivelse av en vare som må brytes over flere linjer i tabellen fordi den ikke får plass';
    const d = layoutCommercialDocument({ ...invoiceSimple, lines: [{ ...invoiceSimple.lines[0], description: long }] });
    const p = d.pages[0];
    const parts = texts(p).filter((t) => long.includes(t.text) && t.text.length > 3 && t.x < 300);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((t) => t.text).join(' ')).toBe(long);
    expect(has(p, 'Rabatt %')).toBe(false);
    expect(has(layoutCommercialDocument(invoiceNok).pages[0], 'Rabatt %')).toBe(true);
  });

  it('foreign currency: NOK columns, the sum row and the rate; no giro on a credit note', () => {
    const t = pageText(layoutCommercialDocument(invoiceEur).pages[0]);
    expect(t).toContain('Grunnlag NOK');
    expect(t).toContain('Kurs: 1 EUR = 11,7245 NOK');
    expect(t).toContain('Mva i NOK:');
    expect(giroPage(layoutCommercialDocument(creditNote))).toBe(-1);
  });

  it('drafts carry the rotated UTKAST watermark on every page; issued documents do not', () => {
    const d = layoutCommercialDocument({ ...invoiceLong, number: null });
    for (const p of d.pages) {
      const w = texts(p).find((t) => t.text === 'UTKAST')!;
      expect(w.opacity).toBe(0.15);
      expect(w.font).toBe('DejaVuSansCondensed-Bold');
      expect(w.rotate).toBeCloseTo(54.74, 1);
      expect(w.size).toBeGreaterThan(100);
    }
    expect(layoutCommercialDocument(invoiceLong).pages.some((p) => has(p, 'UTKAST'))).toBe(false);
  });

  it('the logo is fitted into 170 x 48 keeping its aspect, at the top of the seller column', () => {
    const img = layoutCommercialDocument(invoiceNok).pages[0].items.find((i) => i.t === 'image')!;
    if (img.t !== 'image') throw new Error('no logo');
    expect([img.w, img.h]).toEqual([144, 48]); // the fixture's logo is 120 x 40 px: 1.2x fills the height
    expect(img.x).toBeCloseTo(MARGIN_L + CONTENT_W - 205, 6);
    expect(layoutCommercialDocument(buildDoc({ lines: [] })).pages[0].items.filter((i) => i.t === 'image')).toHaveLength(1);
    expect(layoutCommercialDocument({ ...invoiceNok, seller: { ...sellerAs, logo: null } }).pages[0].items.some((i) => i.t === 'image')).toBe(false);
  });

  it('the buyer address prints in the envelope window (x 20 mm, y 47 mm, within 1 mm), read back with pdftotext -bbox', async () => {
    const file = path.join(dir, 'window.pdf');
    writeFileSync(file, await renderDocumentPdf(invoiceNok));
    const word = (w: string) => wordBox(file, w);
    const name = word('Kjøpmann');
    expect(Math.abs(name.x - WINDOW_X)).toBeLessThan(1 * MM);
    expect(Math.abs(name.y - WINDOW_Y)).toBeLessThan(1 * MM);
    expect(word('TROMSØ').y - name.y).toBeLessThan(25 * MM); // the whole address inside the window's height
    expect(writePdf(layoutCommercialDocument(invoiceNok)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
