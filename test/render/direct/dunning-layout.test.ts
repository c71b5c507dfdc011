import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../main/render/format';
import { layoutDunning } from '../../../main/render/pdf/direct/dunning-layout';
import type { TextItem } from '../../../main/render/pdf/direct/display-list';
import { renderDunningPdf, type DunningDocument } from '../../../main/render/pdf/dunning-writer';
import { GIRO_H, MARGIN_B, MARGIN_L, MM, PAGE_H, WINDOW_X, WINDOW_Y } from '../../../main/render/pdf/layout';
import { wordBox } from './word-box';
import { debtNotice, reminder, reminderEur, reminderLong, reminderPlain } from '../dunning-fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'kvitt-dunning-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const total = (d: DunningDocument) => d.invoiceBalance + d.fee + d.interest;

/** The PDF as a reader gets it: pdftotext's words per page (form feed between pages), and the file for -bbox. */
async function read(d: DunningDocument, name: string): Promise<{ pages: string[]; file: string }> {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, await renderDunningPdf(d));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { pages: text.split('\f').filter((p) => p.trim()).map((p) => p.replace(/\s+/g, ' ').trim()), file };
}

/** Each phrase occurs after the previous one. */
function expectInOrder(text: string, phrases: string[]): void {
  let at = 0;
  for (const phrase of phrases) {
    const p = phrase.replace(/[\u00a0\u202f]/g, ' '); // formatMoney's non-breaking spaces read back as spaces
    const i = text.indexOf(p, at);
    expect(i, `"${p}" after position ${at}`).toBeGreaterThanOrEqual(0);
    at = i + p.length;
  }
}

describe('direct layout of the dunning PDF', () => {
  it('purring with fee and interest: head, facts, window address, claim, payment sentence, giro for the whole amount; one page', async () => {
    const { pages } = await read(reminder, 'reminder');
    expect(pages).toHaveLength(1);
    const amount = formatMoney(total(reminder), 'NOK');
    expectInOrder(pages[0], [
      'Side 1 av 1', 'Purring', 'Faktura nr. 10001', 'Fjordkraft Rådgivning AS', 'Kjøpmann Ærlig & Sønn AS', 'Purring nr. 1 (løpenr. 3)',
      'Ny betalingsfrist 26.02.2026', 'KID 000104210001', `Vi ber deg betale ${amount} innen 26.02.2026.`,
      'kan du se bort fra denne purringen', 'Faktura nr. 10001, forfall 29.01.2026', formatMoney(reminder.invoice.totalOre, 'NOK'),
      'Utestående per 12.02.2026', 'Purregebyr', '35,00 NOK', 'Forsinkelsesrente 12,5 % av', '(14 dager)', '41,12 NOK', 'Å betale', amount,
      `Betal ${amount} til konto 8601 11 17947 innen 26.02.2026. Bruk KID 000104210001.`, 'Forsinkelsesrente etter forsinkelsesrenteloven',
      'KVITTERING', 'GIRO', '26.02.2026', 'Kundeidentifikasjon (KID)', '000104210001', formatMoney(total(reminder)).replace(/,\d\d$/, ''),
      String(total(reminder) % 100).padStart(2, '0'), '8601 11 17947',
    ]);
    expect(pages[0]).not.toContain('Varsel om inkasso');
  });

  it('inkassovarsel after a partial payment: earlier charges, two interest periods, the § 9 warning; the giro moves to page 2', async () => {
    const { pages } = await read(debtNotice, 'notice');
    expect(pages).toHaveLength(2);
    expectInOrder(pages[0], [
      'Side 1 av 2', 'Inkassovarsel', 'Varsel nr. 3 (løpenr. 17)', 'Innbetalt og kreditert', '-5 000,00 NOK',
      'Gebyr og renter fra tidligere varsler', '122,15 NOK', 'Gebyr for inkassovarsel', '70,00 NOK', '(152 dager)', '90,00 NOK',
      '(20 dager)', '33,45 NOK', 'Forsinkelsesrente i alt', '123,45 NOK', 'Å betale', formatMoney(total(debtNotice), 'NOK'),
      'Ta kontakt med Kari Nordmann', 'Varsel om inkasso', `Dersom kravet ikke er betalt innen ${formatDate(debtNotice.dueDate)}`,
      'før fristen går ut.',
    ]);
    expect(pages[0]).not.toContain('se bort fra');
    expect(pages[0]).not.toContain('GIRO');
    expectInOrder(pages[1], ['Inkassovarsel 17 · Fjordkraft Rådgivning AS', 'Side 2 av 2', 'GIRO', '03.08.2026', '000104210001', '11 905', '32']);
  });

  it('EUR, no KID: amounts in EUR, the giro asks for "Beløp EUR" to the IBAN; no KID row', async () => {
    const { pages } = await read(reminderEur, 'eur');
    expect(pages).toHaveLength(1);
    expectInOrder(pages[0], ['Purring', 'Faktura nr. 10003', `Vi ber deg betale ${formatMoney(total(reminderEur), 'EUR')}`, 'Å betale',
      formatMoney(total(reminderEur), 'EUR'), 'GIRO', 'Beløp EUR', 'Til konto (IBAN)', formatMoney(total(reminderEur)), 'NO93 8601 1117 947']);
    expect(pages[0]).not.toContain('KID 0');
  });

  it('no bank account and no KID: no payment sentence, an empty account field; the private buyer in the window', async () => {
    const { pages, file } = await read(reminderPlain, 'plain');
    expect(pages).toHaveLength(1);
    expect(pages[0]).not.toContain('Betal ');
    expectInOrder(pages[0], ['Åse Ødegård Keramikk', 'Ola Nordmann', 'Innbetalt og kreditert', '-200,00 NOK', 'Å betale', '1 200,00 NOK', 'GIRO']);
    const ola = wordBox(file, 'Ola'); // the first "Ola" is the window address (the giro's "Betalt av" comes after it)
    expect(Math.abs(ola.x - WINDOW_X)).toBeLessThan(1 * MM);
    expect(Math.abs(ola.y - WINDOW_Y)).toBeLessThan(1 * MM);
  });

  it('the buyer address prints in the envelope window (x 20 mm, y 47 mm, within 1 mm), read back with pdftotext -bbox', async () => {
    const { file } = await read(reminder, 'window');
    const word = (w: string) => wordBox(file, w);
    const name = word('Kjøpmann');
    expect(Math.abs(name.x - WINDOW_X)).toBeLessThan(1 * MM);
    expect(Math.abs(name.y - WINDOW_Y)).toBeLessThan(1 * MM);
    expect(word('TROMSØ').y - name.y).toBeLessThan(25 * MM);
  });

  it('a long text: every paragraph in order, nothing overlaps or runs into the giro, which moves to page 2', async () => {
    const { pages } = await read(reminderLong, 'long');
    expect(pages).toHaveLength(2);
    expectInOrder(pages[0], Array.from({ length: 14 }, (_, i) => `Avsnitt ${i + 1}:`));
    expect(pages[1]).toContain('GIRO');
    const d = layoutDunning(reminderLong);
    const giroTop = PAGE_H - GIRO_H;
    d.pages.forEach((p, i) => {
      const flow = p.items.filter((t): t is TextItem => t.t === 'text' && Math.abs(t.x - MARGIN_L) < 0.01 && t.y > 25 * MM);
      // the left column reads top to bottom, one line below the other, above the giro
      for (let k = 1; k < flow.length; k++) expect(flow[k].y, `page ${i + 1} line ${k}`).toBeGreaterThan(flow[k - 1].y + 5);
      expect(Math.max(...flow.map((t) => t.y))).toBeLessThan(i === d.pages.length - 1 ? giroTop : PAGE_H - MARGIN_B);
    });
  });
});
