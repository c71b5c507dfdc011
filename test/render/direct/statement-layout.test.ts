import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../main/render/format';
import { renderStatementPdf, type Statement } from '../../../main/render/pdf/statement-pdf';
import { statementLong, statementNorwegian, statementSmall, statementWide } from '../statement-fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'kvitt-statement-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' '); // formatMoney's non-breaking spaces read back as spaces

/** The PDF as a reader gets it: pdftotext's text per page (runs of white space as one space), the page size, the file. */
async function read(s: Statement, name: string): Promise<{ pages: string[]; size: string; file: string }> {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, await renderStatementPdf(s));
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const pages = text.split('\f').filter((p) => p.trim()).map((p) => plain(p).replace(/\s+/g, ' ').trim());
  const size = /Page size:\s+([\d.]+ x [\d.]+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1];
  return { pages, size, file };
}

/** Every word pdftotext finds on a page with its box (points from the top left). */
function boxes(file: string, page: number): { word: string; x: number; y: number; right: number }[] {
  const xml = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
  return [...xml.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</g)]
    .map((m) => ({ word: m[4].replace(/&amp;/g, '&'), x: Number(m[1]), y: Number(m[2]), right: Number(m[3]) }));
}

/** A row as the statement prints it: its cells' texts in column order (empty cells left out). */
function rowText(s: Statement, r: Statement['rows'][number]): string {
  return s.columns.map((c) => {
    const v = r[c.key];
    if (v === null || v === undefined) return '';
    return c.type === 'money' ? formatMoney(v as number) : c.type === 'date' ? formatDate(v as string) : String(v);
  }).filter(Boolean).map(plain).join(' ');
}

const header = (s: Statement) => s.columns.map((c) => c.label).join(' ');
const sumRow = (s: Statement) => ['Sum', ...s.columns.filter((c) => s.totals[c.key] !== undefined).map((c) => plain(formatMoney(s.totals[c.key])))].join(' ');

/** Each phrase occurs after the previous one. */
function expectInOrder(text: string, phrases: string[]): void {
  let at = 0;
  for (const p of phrases) {
    const i = text.indexOf(p, at);
    expect(i, `"${p}" after position ${at}`).toBeGreaterThanOrEqual(0);
    at = i + p.length;
  }
}

describe('direct layout of the account statement PDF', () => {
  it('a small statement: title, company, period, header, every row in order, the Sum row; one portrait A4 page', async () => {
    const s = statementSmall;
    const { pages, size } = await read(s, 'small');
    expect(pages).toHaveLength(1);
    expect(size).toBe('595.28 x 841.89');
    expectInOrder(pages[0], ['Side 1 av 1', 'Kontooversikt', 'Fjellvett Regnskap AS', 'Periode: 02.03.2026 – 31.03.2026', header(s),
      ...s.rows.map((r) => rowText(s, r)), sumRow(s)]);
  });

  it('3+ pages: "Side i av N" and the header on every page, every row whole on one page in order, totals on the last', async () => {
    const s = statementLong;
    const { pages } = await read(s, 'long');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((p, i) => expectInOrder(p, [`Side ${i + 1} av ${pages.length}`, header(s)]));
    let page = 0, at = 0;
    for (const r of s.rows) {
      const text = rowText(s, r);
      let i = pages[page].indexOf(text, at);
      if (i < 0) [page, at, i] = [page + 1, 0, pages[page + 1].indexOf(text)];
      expect(i, `${text} on page ${page + 1}`).toBeGreaterThanOrEqual(0);
      at = i + text.length;
    }
    expect(page).toBe(pages.length - 1);
    expectInOrder(pages[page].slice(at), [sumRow(s)]);
  });

  it('more than 7 columns: landscape A4, the header repeated on page 2, amounts right-aligned per column', async () => {
    const s = statementWide;
    const { pages, size, file } = await read(s, 'wide');
    expect(size).toBe('841.89 x 595.28');
    expect(pages).toHaveLength(2);
    expectInOrder(pages[1], ['Side 2 av 2', header(s), rowText(s, s.rows.find((r) => pages[1].includes(rowText(s, r)))!), sumRow(s)]);
    expect(pages.join(' ')).toContain(sumRow(s));
    // the right edges of the Saldo column's amounts (the last column) line up with its header, at the right margin
    const words = boxes(file, 1);
    const saldo = words.find((w) => w.word === 'Saldo')!;
    expect(saldo.right).toBeCloseTo(841.89 - 40, 0);
    const lastCol = words.filter((w) => w.x > saldo.x - 30 && /^\d+,\d\d$/.test(w.word));
    expect(lastCol.length).toBeGreaterThan(20);
    for (const w of lastCol) expect(w.right).toBeCloseTo(saldo.right, 1);
  });

  it('æøå and € read back; a name too long for its column wraps within it and its row stays together', async () => {
    const s = statementNorwegian;
    const { pages, file } = await read(s, 'norwegian');
    expect(pages).toHaveLength(1);
    expectInOrder(pages[0], ['Blåbærsyltetøy & Ørret AS', 'Ærlig Åsmund Blåbær', 'Økern Rør og Varme', 'Café Crème € Øst', 'Sørlandets Største']);
    const words = boxes(file, 1);
    const first = words.find((w) => w.word === 'Sørlandets')!;
    const last = words.find((w) => w.word === 'Bærum')!;
    const kunde = words.find((w) => w.word === 'Kunde')!;
    expect(first.x).toBeCloseTo(kunde.x, 1);
    expect(last.x).toBeCloseTo(kunde.x, 1);
    expect(last.y).toBeGreaterThan(first.y + 30);
    // nothing of the next row sits between the long name's first and last line
    const date = words.find((w) => w.word === formatDate(s.rows.find((r) => String(r.name).startsWith('Sørlandets'))!.date as string))!;
    expect(date.y).toBeCloseTo(first.y, 0);
    const next = words.filter((w) => /^\d\d\.\d\d\.\d{4}$/.test(w.word) && w.y > date.y).sort((a, b) => a.y - b.y)[0];
    expect(next.y).toBeGreaterThan(last.y);
  });
});
