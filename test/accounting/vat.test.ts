/**
 * GET /reports/vat over a seeded year: the figures per standard tax code equal the SAF-T file's tax lines for the same
 * term and the invoices report's VAT per rate; CSV, XLSX and PDF carry the same lines and the total to pay; a wrong
 * term and a missing one (bimonthly filer) are 400s naming `term`; an annual filer gets the year without a term.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { csvNumber, parseCsv, pdfText, readXlsx } from '../reports/files.js';
import { reportJson, startSeededServer } from '../reports/setup.js';
import { readSaft } from './saft-read.js';

let s: TestServer;
beforeAll(async () => {
  s = await startSeededServer({ invoices: 300, recipients: 30 });
  await s.json('/originators/current/settings', { method: 'PUT', body: { company: { name: 'Kvitt Testfirma AS', orgNumber: '987654325' } } });
}, 120_000);
afterAll(() => s?.close());

const kr = (v: number | null) => Math.round((v ?? 0) * 100);

async function vatJson(query: string) {
  const r = await s.json(`/reports/vat?format=JSON&${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items as Array<{ post: number | null; taxCode: string | null; description: string; rate: number | null; base: number | null; vat: number }>;
}

describe('VAT return summary', () => {
  test('term 1 equals the SAF-T tax lines of January–February, code by code, and the invoices report per rate', async () => {
    const items = await vatJson('year=2026&term=1');
    const codes = items.filter((i) => i.taxCode !== null);
    expect(codes.map((i) => i.taxCode)).toContain('3');
    const saft = readSaft(await (await s.api('/reports/saft?from=2026-01-01&to=2026-02-28')).text());
    const fromSaft = new Map<string, { base: number; vat: number }>();
    for (const t of saft.transactions) {
      for (const l of t.lines) {
        if (!l.tax) continue;
        const e = fromSaft.get(l.tax.code) ?? { base: 0, vat: 0 };
        e.base += l.tax.base;
        e.vat += l.tax.amount;
        fromSaft.set(l.tax.code, e);
      }
    }
    for (const [code, e] of fromSaft) if (e.base === 0 && e.vat === 0) fromSaft.delete(code);
    expect(Object.fromEntries(codes.map((i) => [i.taxCode, { base: kr(i.base), vat: kr(i.vat) }]))).toEqual(Object.fromEntries(fromSaft));
    const total = items.find((i) => i.taxCode === null)!;
    expect(kr(total.vat)).toBe(codes.reduce((a, i) => a + kr(i.vat), 0));

    const invoices = await reportJson(s, 'invoices', { from: '2026-01-01', to: '2026-02-28' }, ['number', 'type', 'vat25', 'vat15', 'vat12', 'vat']);
    const sum = (k: string) => invoices.items.reduce((a, r) => a + kr(r[k]), 0);
    const byCode = (c: string) => kr(codes.find((i) => i.taxCode === c)?.vat ?? 0);
    expect([byCode('3'), byCode('31'), byCode('33')]).toEqual([sum('vat25'), sum('vat15'), sum('vat12')]);
    expect(kr(total.vat)).toBe(sum('vat'));
  });

  test('CSV, XLSX and PDF carry the same lines and the total to pay', async () => {
    const items = await vatJson('year=2026&term=1');
    const total = items.find((i) => i.taxCode === null)!;
    const csv = parseCsv(Buffer.from(await (await s.api('/reports/vat?format=CSV&year=2026&term=1')).arrayBuffer()));
    expect(csv.header).toEqual(['Post', 'Mva-kode', 'Beskrivelse', 'Sats %', 'Grunnlag', 'Merverdiavgift']);
    expect(csv.rows.length).toBe(items.length);
    expect(csvNumber(csv.rows.at(-1)![5])).toBeCloseTo(total.vat, 2);
    const xlsx = await readXlsx(Buffer.from(await (await s.api('/reports/vat?format=XLS&year=2026&term=1')).arrayBuffer()));
    const sheet = xlsx.worksheets[0];
    const values: unknown[] = [];
    sheet.eachRow((r) => values.push(r.getCell(6).value));
    expect(values).toContain(total.vat);
    const pdfRes = await s.api('/reports/vat?format=PDF&year=2026&term=1');
    expect(pdfRes.status).toBe(200);
    const text = pdfText(Buffer.from(await pdfRes.arrayBuffer()));
    expect(text).toMatch(/Termin 1 2026 \(januar–februar\)/);
    expect(text).toContain('Sum utgående merverdiavgift å betale');
    const shown = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(total.vat).replace(/\s/g, ' ');
    expect(text.replace(/[\s\u00a0\u202f]/g, ' ')).toContain(shown.replace(/[\u00a0\u202f]/g, ' '));
  });

  test('a wrong term is a 400 naming term; a bimonthly filer must name one; an annual filer gets the year', async () => {
    const bad = await s.json('/reports/vat?format=JSON&year=2026&term=7');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'term', code: 'INVALID_TERM' })]);
    const missing = await s.json('/reports/vat?format=JSON&year=2026');
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([expect.objectContaining({ field: 'term', code: 'REQUIRED_FOR_REPORT' })]);
    await s.json('/originators/current/settings', { method: 'PUT', body: { accounting: { vatTerm: 'ANNUAL' } } });
    const year = await vatJson('year=2025');
    const explicit = await vatJson('year=2025&term=year');
    expect(year).toEqual(explicit);
    const terms = await Promise.all([1, 2, 3, 4, 5, 6].map((t) => vatJson(`year=2025&term=${t}`)));
    const sumOf = (list: typeof year) => kr(list.find((i) => i.taxCode === null)!.vat);
    expect(terms.reduce((a, t) => a + sumOf(t), 0)).toBe(sumOf(year));
  });
});
