import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '../../main/render/document-view';
import { renderDocumentPdf } from '../../main/render/pdf/pdf-writer';
import {
  creditNote, invoiceEur, invoiceLong, invoiceNok, invoiceNotVat, invoicePrivate, invoiceSimple, offer, orderConfirmation, sellerAs,
} from './fixtures';

/** Optional PNG previews for a human look: KVITT_PDF_LOOK=1 writes them to /tmp/kvitt-pdf-look/. */
const LOOK_DIR = process.env.KVITT_PDF_LOOK ? '/tmp/kvitt-pdf-look' : null;

let dir = '';
beforeAll(() => { dir = mkdtempSync(path.join(tmpdir(), 'kvitt-pdf-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Rendered { buffer: Buffer; text: string; pages: number }

async function render(name: string, doc: DocumentView): Promise<Rendered> {
  const buffer = await renderDocumentPdf(doc);
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, buffer);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  if (LOOK_DIR) {
    mkdirSync(LOOK_DIR, { recursive: true });
    execFileSync('pdftoppm', ['-r', '60', '-png', file, path.join(LOOK_DIR, name)]);
  }
  return { buffer, text, pages };
}

/** Collapse runs of spaces so column layout does not matter. */
const flat = (s: string) => s.replace(/[ \t]+/g, ' ');

describe('renderDocumentPdf', () => {
  it('NOK invoice: everything a reader needs, Norwegian formatting, giro part', async () => {
    const { buffer, text, pages } = await render('invoice', invoiceNok);
    expect(buffer.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBe(1);
    const t = flat(text);
    expect(t).toContain('Faktura');
    expect(t).toMatch(/Fakturanr\. 10001/);
    expect(t).toMatch(/Fakturadato 15\.01\.2026/);
    expect(t).toMatch(/Forfallsdato 29\.01\.2026/);
    expect(t).toMatch(/Leveringsdato 10\.01\.2026/);
    expect(t).toMatch(/Kundenr\. 1042/);
    expect(t).toMatch(/Vår referanse Kari Nordmann/);
    expect(t).toMatch(/Deres referanse Per Ærlig/);
    expect(t).toMatch(/Deres ordrenr\. PO-7781/);
    expect(t).toContain('Org.nr. 923 609 016 MVA');
    expect(t).toContain('Foretaksregisteret');
    // Norwegian letters survive the standard fonts.
    expect(t).toContain('Kjøpmann Ærlig & Sønn AS');
    expect(t).toContain('Smørbrød med røkelaks');
    expect(t).toContain('9008 TROMSØ');
    // Lines: decimal comma quantities, grouped prices, discount and VAT columns.
    expect(t).toMatch(/Rådgivning, strategi og økonomi 7,5 timer 1 250,00 25 9 375,00/);
    expect(t).toMatch(/Smørbrød med røkelaks 12 stk 89,50 10 15 966,60/);
    expect(t).toMatch(/Kabel, halv meter 0,5 m 199,00 25 99,50/);
    // VAT summary and totals.
    expect(t).toMatch(/25 % 9 474,50 2 368,63/);
    expect(t).toMatch(/15 % 966,60 144,99/);
    expect(t).toMatch(/Unntatt 3 500,00 0,00/);
    expect(t).toMatch(/0 % \(fritatt\) 135,00 0,00/);
    expect(t).toContain('mval. § 3-11');
    expect(t).toMatch(/Sum eks\. mva 14 076,10 NOK/);
    expect(t).toMatch(/Mva 2 513,62 NOK/);
    expect(t).toMatch(/Å betale 16 589,72 NOK/);
    expect(t).toContain('Takk for oppdraget!');
    // Payment: account, KID and due date; giro fields.
    expect(t).toContain('til konto 8601 11 17947 innen 29.01.2026');
    expect(t).toContain('KID 000104210001');
    expect(t).toContain('GIRO');
    expect(t).toContain('Betalingsfrist');
    expect(t).toContain('Betalt av');
    expect(t).toContain('Betalt til');
    expect(t).toMatch(/000104210001 16 589 72 8601 11 17947/);
    expect(t).toContain('Side 1 av 1');
  });

  it('credit note: title, reference to the credited invoice, no giro', async () => {
    const { text, pages } = await render('credit', creditNote);
    const t = flat(text);
    expect(pages).toBe(1);
    expect(t).toContain('Kreditnota');
    expect(t).toContain('Krediterer faktura nr. 10001 av 15.01.2026');
    expect(t).toMatch(/Kreditnotanr\. 10004/);
    expect(t).toMatch(/Til gode 3 330,85 NOK/);
    expect(t).not.toContain('GIRO');
    expect(t).not.toContain('Forfallsdato');
  });

  it('EUR invoice: EUR amounts, VAT in NOK and the rate', async () => {
    const { text } = await render('eur', invoiceEur);
    const t = flat(text);
    expect(t).toMatch(/Å betale 3 156,35 EUR/);
    expect(t).toMatch(/Mva i NOK: 7 321,60 NOK/);
    expect(t).toContain('1 EUR = 11,7245 NOK');
    expect(t).toMatch(/25 % 2 446,88 611,72 28 688,44 7 172,11/);
    expect(t).toContain('IBAN NO93 8601 1117 947');
    expect(t).toMatch(/1,5 dager 950,00 12,5 25 1 246,88/);
  });

  it('60-line invoice: several pages, repeated table header, page numbers, totals on the last page', async () => {
    const { text, pages } = await render('long', invoiceLong);
    expect(pages).toBeGreaterThanOrEqual(2);
    const pageTexts = text.split('\f').filter((p) => p.trim());
    expect(pageTexts).toHaveLength(pages);
    pageTexts.forEach((p, i) => {
      expect(flat(p)).toContain(`Side ${i + 1} av ${pages}`);
      expect(flat(p)).toMatch(/Beskrivelse Antall Enhet Pris Rabatt % Mva % Beløp/);
    });
    const t = flat(text);
    for (let i = 1; i <= 60; i++) expect(t).toContain(`Varelinje ${i}:`);
    const last = flat(pageTexts[pageTexts.length - 1]);
    expect(last).toContain(`Å betale ${flat(formatNok(invoiceLong.totalOre))} NOK`);
    expect(last).toContain('GIRO');
    expect(flat(pageTexts[0])).not.toContain('GIRO');
  });

  it('seller not VAT registered: org number without MVA, no Foretaksregisteret for ENK', async () => {
    const { text } = await render('notvat', invoiceNotVat);
    const t = flat(text);
    expect(t).toContain('Org.nr. 984 851 006');
    expect(t).not.toContain('984 851 006 MVA');
    expect(t).not.toContain('Foretaksregisteret');
    expect(t).toContain('Åse Ødegård Keramikk');
    expect(t).toContain('ikke registrert i Merverdiavgiftsregisteret');
    expect(t).toMatch(/Å betale 1 950,00 NOK/);
  });

  it('prepaid amount is shown and deducted', async () => {
    const t = flat((await render('simple', invoiceSimple)).text);
    expect(t).toMatch(/Sum inkl\. mva 1 365,00 NOK/);
    expect(t).toMatch(/Forskuddsbetalt -200,00 NOK/);
    expect(t).toMatch(/Å betale 1 165,00 NOK/);
  });

  it('offer and order confirmation', async () => {
    const o = flat((await render('offer', offer)).text);
    expect(o).toContain('Tilbud');
    expect(o).toContain('Tilbudet gjelder til 15.02.2026');
    expect(o).toMatch(/Totalt inkl\. mva 12 954,72 NOK/);
    expect(o).not.toContain('GIRO');
    const c = flat((await render('order', orderConfirmation)).text);
    expect(c).toContain('Ordrebekreftelse');
    expect(c).toMatch(/Ordredato 12\.01\.2026/);
  });

  it('private buyer and a draft without number', async () => {
    const t = flat((await render('private', { ...invoicePrivate, number: null })).text);
    expect(t).toContain('Ola Nordmann');
    expect(t).toContain('2000 LILLESTRØM');
    expect(t).toMatch(/Fakturanr\. Utkast 7/);
  });

  it('a giro value too long for its field is still printed in full (its lines run on below the field; the giro stays at the page bottom)', async () => {
    const kid = '1234567890 1234567890 1234567890 1234567890 12345';
    const { text, pages } = await render('longkid', { ...invoiceSimple, kid });
    const t = flat(text);
    // The facts, the payment sentence, the giro's information and its KID field: four times each group.
    expect(t.split('1234567890').length - 1).toBeGreaterThanOrEqual(16);
    expect(t).toContain('Kundeidentifikasjon (KID)');
    expect(t).toContain('GIRO');
    expect(pages).toBeGreaterThanOrEqual(1);
  });

  it('a broken logo is left out instead of failing', async () => {
    const doc = { ...invoiceSimple, seller: { ...sellerAs, logo: 'data:image/png;base64,AAAA' } };
    const { text } = await render('badlogo', doc);
    expect(flat(text)).toContain('Fjordkraft Rådgivning AS');
  });
});

function formatNok(ore: number): string {
  const kr = Math.floor(ore / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${kr},${String(ore % 100).padStart(2, '0')}`;
}
