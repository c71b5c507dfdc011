/**
 * CSV formula injection (OWASP): names, addresses, line texts and participant names that would start a formula in a
 * spreadsheet are written with a leading `'` in every CSV Kvitt writes (every CSV report, sammendrag.csv in the EHF zip),
 * read back with papaparse; numbers stay numbers. XLSX writes those strings as text cells, never formulas.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { csvLine, csvText } from '../../main/render/csv/report-csv.js';
import type { DocServer } from '../helpers/documents.js';
import { recipient } from '../helpers/server.js';
import { createEvent, signup, signupBody, startEventServer } from '../events/setup.js';
import { columnsOf } from './setup.js';
import { parseCsv, readXlsx, unzip } from './files.js';

/** The vectors of issue 23 (and OWASP's tab and carriage return). */
const VECTORS = ['=HYPERLINK("http://x.example","a")', "+cmd|' /C calc'!A0", '@SUM(1)', "-2+3+cmd|' /C calc'!A0"];
/** The vectors a public signup takes as a participant's name (a name with a web or e-mail address, or an @, is refused: NAME_WITH_LINK). */
const PARTICIPANT_VECTORS = VECTORS.filter((v) => !/:\/\/|@/.test(v));
const CONTROL_VECTORS = ['\t=1+1', '\r=1+1'];
const TODAY = '2026-03-15';

/** A cell a spreadsheet would evaluate: starts with = + @ tab CR, or - not followed by a plain number. */
const dangerous = (cell: string) => /^[=+@\t\r]/.test(cell) || (/^-/.test(cell) && !/^-[0-9]+(,[0-9]+)?$/.test(cell));

describe('csvText: the one cell writer of every CSV', () => {
  test.each([...VECTORS, ...CONTROL_VECTORS])('%j is written as text and reads back with a leading quote', (v) => {
    const line = csvLine(['før', v, 'etter']);
    const parsed = Papa.parse<string[]>(line, { delimiter: ';' }).data[0];
    expect(parsed).toEqual(['før', `'${v}`, 'etter']);
    expect(dangerous(parsed[1])).toBe(false);
  });

  test('numbers and ordinary text stay as they are', () => {
    for (const v of ['1234,50', '-0,05', '-12', '+47', '10001', 'Kjøpmann Ærlig AS', 'a=b', 'x@y.no', '2026-03-15']) expect(csvText(v)).toBe(v);
    expect(csvText('a;b')).toBe('"a;b"');
  });
});

describe('every CSV Kvitt writes, with hostile text in it', () => {
  let s: DocServer;
  const invoices: number[] = [];
  const recipients: number[] = [];
  beforeAll(async () => {
    process.env.KVITT_PUBLIC_RATE_LIMIT = '100000';
    s = await startEventServer({ today: TODAY });
    for (const [i, v] of VECTORS.entries()) {
      const r = await s.json('/recipients/', {
        body: recipient({ name: v, customerNumber: `H${i}`, contact: { address: { address1: v, zip: '0150', city: 'OSLO' }, email: `h${i}@example.no` },
          organisation: i === 0 ? { form: 'prv' } : { form: 'as', icd: 9908, number: '923609016' } }),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      recipients.push(r.body.number);
      const inv = await s.json('/invoices/', { body: { recipient: { number: r.body.number }, items: [{ description: v, quantity: 1, unitPrice: 100 + i, taxRate: 25 }] } });
      expect(inv.status, JSON.stringify(inv.body)).toBe(201);
      invoices.push(Number(inv.res.headers.get('location')!.split('/').pop()));
      const draft = await s.json('/offer/drafts/', { body: { recipient: { number: r.body.number }, items: [{ description: v, quantity: 1, unitPrice: 50, taxRate: 25 }] } });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      expect((await s.json(`/offer/drafts/${draft.body.number}/issue`, { method: 'POST', body: {} })).status).toBe(201);
    }
    expect((await s.json(`/invoices/${invoices[1]}/payments`, { body: { date: TODAY, amount: 50 } })).status).toBe(201);
    const ev = await createEvent(s);
    // A signup's name may carry no link (the confirmation mail must not relay one): the HYPERLINK vector is refused
    // there, so the participants' CSV is tried with the other vectors.
    for (const v of VECTORS) {
      const r = await signup(s, ev.id, signupBody({ name: v }));
      expect(r.status, `signup named ${v}: ${JSON.stringify(r.body ?? "")}`).toBe(PARTICIPANT_VECTORS.includes(v) ? 200 : 400);
    }
  }, 120_000);
  afterAll(() => s?.close());

  const REPORTS: [string, Record<string, string>][] = [
    ['invoices', { from: '2026-01-01', to: TODAY }],
    ['recipients', {}],
    ['openItems', { to: TODAY }],
    ['recipients/balance', { to: TODAY }],
    ['recipients/balance/aged', { to: TODAY, intervals: '30,60,90' }],
    ['payments', { from: '2026-01-01', to: TODAY }],
    ['accountOverview', { from: '2026-01-01', to: TODAY }],
    ['revenue/detail', { from: '2026-01-01', to: TODAY }],
    ['revenue/customer', { from: '2026-01-01', to: TODAY }],
    ['offers', {}],
    ['participants', {}],
    ['revenue/overview', { from: '2026-01-01', to: TODAY }],
    ['revenue/period', { from: '2026-01-01', to: TODAY }],
    ['recipients/{number}/salesledger', { from: '2026-01-01', to: TODAY }],
    ['orderConfirmations', {}],
    ['currency', {}],
    ['vat', { year: '2026', term: '1' }],
  ];

  test('the list covers every report that offers CSV', async () => {
    const list = (await s.json('/reports/')).body as { resource: string; formats: string[] }[];
    const csv = list.filter((r) => r.formats.includes('CSV')).map((r) => r.resource);
    const notCovered = csv.filter((r) => !REPORTS.some(([res]) => res === r));
    expect(notCovered).toEqual([]);
  });

  test.each(REPORTS)('report %s: no cell starts a formula; the hostile names read back as text', async (template, query) => {
    const resource = template.replace('{number}', String(recipients[1]));
    // The VAT return has fixed columns (no availableColumns): all of them.
    const cols = resource === 'vat' ? [] : await columnsOf(s, resource);
    const res = await s.api(`/reports/${resource}?${new URLSearchParams({ format: 'CSV', ...(cols.length ? { columns: cols.join(',') } : {}), ...query })}`);
    expect(res.status).toBe(200);
    const csv = parseCsv(Buffer.from(await res.arrayBuffer()));
    expect(csv.errors).toEqual([]);
    const cells = csv.rows.flat();
    expect(cells.filter(dangerous)).toEqual([]);
    if (['invoices', 'recipients', 'openItems', 'recipients/balance', 'revenue/customer', 'offers', 'participants'].includes(resource)) {
      for (const v of resource === 'participants' ? PARTICIPANT_VECTORS : VECTORS) expect(cells, `${resource} names ${v}`).toContain(`'${v}`);
    }
  });

  test('sammendrag.csv in the EHF zip: customer names as text, totals as numbers', async () => {
    const res = await s.api(`/reports/invoices?format=EHF&columns=number&from=2026-01-01&to=${TODAY}`);
    expect(res.status).toBe(200);
    const summary = parseCsv(unzip(Buffer.from(await res.arrayBuffer()))['sammendrag.csv']);
    expect(summary.errors).toEqual([]);
    expect(summary.rows.flat().filter(dangerous)).toEqual([]);
    for (const v of VECTORS) expect(summary.rows.map((r) => r[2])).toContain(`'${v}`);
    expect(summary.rows.every((r) => /^[0-9]+,[0-9]{2}$/.test(r[3]))).toBe(true);
  });

  test('XLSX: the same strings are text cells, not formulas', async () => {
    const res = await s.api(`/reports/recipients?format=XLS&columns=name,address1`);
    expect(res.status).toBe(200);
    const wb = await readXlsx(Buffer.from(await res.arrayBuffer()));
    const values: unknown[] = [];
    wb.worksheets[0].eachRow((row) => row.eachCell((c) => {
      expect(c.formula, String(c.value)).toBeFalsy();
      expect(c.type).not.toBe(6); // ExcelJS.ValueType.Formula
      values.push(c.value);
    }));
    for (const v of VECTORS) expect(values).toContain(v);
  });
});
