/**
 * Every report in every format it offers, read back: JSON 2.12 shape and totals, CSV through papaparse (BOM, `;`,
 * decimal comma, same rows as JSON), XLSX through exceljs (sheet, bold frozen header, autofilter, number formats,
 * numbers and dates as such, Sum row = JSON summary).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { csvNumber, parseCsv, readXlsx } from './files.js';
import { columnsOf, ore, reportFile, reportJson, startSeededServer, TODAY } from './setup.js';

let s: TestServer;
beforeAll(async () => {
  s = await startSeededServer();
}, 120_000);
afterAll(() => s?.close());

/** Resource, query, and whether it offers JSON (else compared through CSV only). */
export const CASES: [string, Record<string, string>][] = [
  ['invoices', { from: '2025-01-01', to: TODAY }],
  ['recipients', {}],
  ['openItems', { to: TODAY }],
  ['recipients/balance', { to: TODAY }],
  ['recipients/balance/aged', { to: TODAY, intervals: '30,60,90' }],
  ['recipients/3/salesledger', { from: '2025-06-01', to: TODAY }],
  ['payments', { from: '2025-10-01', to: TODAY }],
  ['accountOverview', { from: '2026-02-01', to: TODAY }],
  ['revenue/overview', { from: '2025-01-01', to: TODAY }],
  ['revenue/detail', { from: '2026-01-01', to: TODAY }],
  ['revenue/period', { from: '2025-01-01', to: TODAY }],
  ['revenue/customer', { from: '2025-01-01', to: TODAY }],
  ['offers', {}],
  ['orderConfirmations', {}],
  ['payments/overview', { from: '2025-10-01', to: TODAY }],
  ['payments/details/10001', {}],
  ['currency', {}],
];

/** The keys as written: the aged report's intervals column becomes one column per interval. */
const writtenKeys = (cols: string[], query: Record<string, string>) =>
  query.intervals ? cols.flatMap((c) => (c === 'intervals' ? ['days1to30', 'days31to60', 'days61to90', 'over90'] : [c])) : cols;

/**
 * Each report file is asked for once in this file, whichever test needs it first: the seeded database is only read
 * here, so the CSV and XLSX tests compare with the same JSON and CSV the JSON and CSV tests checked (each format is
 * still made and read back for every report, and each test still runs alone).
 */
const asked = new Map<string, Promise<unknown>>();
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  let p = asked.get(key) as Promise<T> | undefined;
  if (!p) asked.set(key, (p = make()));
  return p;
}
const jsonOnce = (resource: string, query: Record<string, string>, cols: string[]) =>
  once(`JSON ${resource} ${JSON.stringify(query)} ${cols}`, () => reportJson(s, resource, query, cols));
const csvOnce = (resource: string, query: Record<string, string>, cols: string[]) =>
  once(`CSV ${resource} ${JSON.stringify(query)} ${cols}`, () => reportFile(s, resource, 'CSV', query, cols));

async function formatsOf(resource: string): Promise<string[]> {
  const list = await once('/reports/', () => s.json('/reports/'));
  const generic = resource.replace(/\/\d+(\/|$)/, '/{number}$1');
  return list.body.find((r: { resource: string }) => r.resource === generic).formats;
}

/** True when the report offers the format; otherwise checks that asking for it is a 400 naming `format`. */
async function notOffered(resource: string, format: string, cols: string[]): Promise<boolean> {
  if ((await formatsOf(resource)).includes(format)) return true;
  const r = await s.json(`/reports/${resource}?format=${format}&columns=${cols.join(',')}`);
  expect(r.status).toBe(400);
  expect(r.body.fields[0].field).toBe('format');
  return false;
}

describe.each(CASES)('report %s', (resource, query) => {
  it('JSON is 2.12: headers of the asked columns in order, items keyed alike, summary = totals of the money columns', async () => {
    const cols = await columnsOf(s, resource);
    if (!(await notOffered(resource, 'JSON', cols))) return;
    const r = await jsonOnce(resource, query, cols);
    const keys = writtenKeys(cols, query);
    expect(Object.keys(r.headers)).toEqual(keys);
    expect(r.items.length).toBeGreaterThan(0);
    expect(r.rowCount).toBe(r.items.length);
    for (const item of r.items) expect(Object.keys(item)).toEqual(keys);
    for (const [key, total] of Object.entries(r.summary)) expect(Math.round(total * 100)).toBe(ore(r.items.map((i) => i[key])));
    expect(Object.keys(r.summary).length).toBeGreaterThan(0);
  });

  it('CSV opens in Norwegian Excel: BOM, `;`, labels as header, decimal comma, the same rows as JSON', async () => {
    const cols = await columnsOf(s, resource);
    if (!(await notOffered(resource, 'CSV', cols))) return;
    const { res, data } = await csvOnce(resource, query, cols);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/);
    const csv = parseCsv(data);
    expect(csv.bom).toBe(true);
    expect(csv.errors).toEqual([]);
    const descriptors = (await s.json(`/reports/${resource}/availableColumns`)).body as { key: string; name: string }[];
    expect(csv.rows.length).toBeGreaterThan(0);
    if (!(await formatsOf(resource)).includes('JSON')) {
      expect(csv.header).toEqual(descriptors.map((d) => d.name));
      return;
    }
    const json = await jsonOnce(resource, query, cols);
    expect(csv.header).toEqual(Object.values(json.headers));
    expect(csv.rows.length).toBe(json.items.length);
    const keys = Object.keys(json.headers);
    for (const key of Object.keys(json.summary)) {
      const i = keys.indexOf(key);
      for (const [n, row] of csv.rows.entries()) {
        expect(row[i]).toMatch(/^-?\d+,\d\d$/);
        expect(csvNumber(row[i])).toBe(json.items[n][key]);
      }
    }
  });

  it('XLSX: one sheet, bold frozen header with autofilter, money as numbers in #,##0.00, dates as dates, Sum row = summary', async () => {
    const cols = await columnsOf(s, resource);
    if (!(await notOffered(resource, 'XLS', cols))) return;
    const { res, data } = await reportFile(s, resource, 'XLS', query, cols);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = await readXlsx(data);
    const ws = wb.worksheets[0];
    const header = ws.getRow(1);
    const labels = Array.from({ length: ws.columnCount }, (_, i) => header.getCell(i + 1).value);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    const descriptors = (await s.json(`/reports/${resource}/availableColumns`)).body as { key: string; name: string; preselected: boolean }[];
    const csv = parseCsv((await csvOnce(resource, query, cols)).data);
    const moneyIdx: number[] = [];
    const dateIdx: number[] = [];
    // Rule 2 (recipients: customFields becomes one column per custom field, none in this database) and the aged
    // report's intervals change the columns; the others have exactly the asked ones.
    const expanded = resource === 'recipients' || resource.endsWith('aged');
    if (!expanded) expect(labels).toEqual(descriptors.map((d) => d.name));
    expect(labels).toEqual(csv.header.filter((h) => resource !== 'recipients' || h !== 'Egendefinerte felt'));
    for (let c = 1; c <= ws.columnCount; c++) {
      const cell = ws.getRow(2).getCell(c);
      if (cell.numFmt === '#,##0.00') moneyIdx.push(c);
      if (cell.numFmt === 'dd.mm.yyyy') dateIdx.push(c);
      expect(ws.getColumn(c).width).toBeGreaterThan(8);
    }
    for (const c of moneyIdx) for (let r = 2; r <= Math.min(ws.rowCount - 1, 30); r++) expect(typeof ws.getRow(r).getCell(c).value).toBe('number');
    for (const c of dateIdx) {
      const v = ws.getRow(2).getCell(c).value;
      if (v !== null) expect(v).toBeInstanceOf(Date);
    }
    const dataRows = csv.rows.length;
    if (moneyIdx.length) {
      expect(ws.rowCount).toBe(dataRows + 2);
      const sum = ws.getRow(ws.rowCount);
      expect(sum.getCell(1).value === 'Sum' || typeof sum.getCell(1).value === 'number').toBe(true);
      if ((await formatsOf(resource)).includes('JSON')) {
        const json = await jsonOnce(resource, query, cols);
        for (const [key, total] of Object.entries(json.summary)) {
          const c = labels.indexOf(json.headers[key]) + 1;
          expect(sum.getCell(c).value).toBeCloseTo(total, 2);
        }
      }
    } else expect(ws.rowCount).toBe(dataRows + 1);
  });
});

describe('columns', () => {
  it('the recipients report has exactly the 20 keys of 2.11, Norwegian labels by default and English with lang=en', async () => {
    const nb = (await s.json('/reports/recipients/availableColumns')).body;
    expect(nb.map((c: { key: string }) => c.key)).toEqual([
      'customerNumber', 'organisationNumber', 'name', 'address1', 'address2', 'zip', 'city', 'country', 'phone', 'mobile', 'fax', 'email', 'web',
      'labels', 'discount', 'balance', 'preferredShipment', 'customFields', 'kid', 'activeAgiroAgreement',
    ]);
    expect(nb.find((c: { key: string }) => c.key === 'zip')).toEqual({ key: 'zip', name: 'Postnr.', preselected: true });
    const en = (await s.json('/reports/recipients/availableColumns?lang=en')).body;
    expect(en.find((c: { key: string }) => c.key === 'zip').name).toBe('Postcode');
  });

  it('only the asked columns, in the asked order', async () => {
    const r = await reportJson(s, 'invoices', { to: TODAY }, ['total', 'number', 'kid']);
    expect(Object.keys(r.headers)).toEqual(['total', 'number', 'kid']);
    expect(Object.keys(r.items[0])).toEqual(['total', 'number', 'kid']);
    expect(Object.keys(r.summary)).toEqual(['total']);
  });

  it('maxRows cuts the items of a JSON preview but not its summary or rowCount', async () => {
    const all = await reportJson(s, 'invoices', {}, ['number', 'total']);
    const cut = await reportJson(s, 'invoices', { maxRows: '5' }, ['number', 'total']);
    expect(cut.items).toEqual(all.items.slice(0, 5));
    expect(cut.rowCount).toBe(all.rowCount);
    expect(cut.summary).toEqual(all.summary);
  });
});

describe('payments per product (rule 3)', () => {
  it('has no availableColumns; XLS holds both reports on two sheets, JSON one per request', async () => {
    expect((await s.json('/reports/payments/products/availableColumns')).status).toBe(404);
    const q = { from: '2025-06-01', to: TODAY };
    const { data } = await reportFile(s, 'payments/products', 'XLS', q, ['productCode', 'description', 'payments', 'amount']);
    const wb = await readXlsx(data);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Innbetalinger per vare', 'Innbetalinger uten vare']);
    const json = await reportJson(s, 'payments/products', q, ['productCode', 'description', 'payments', 'amount']);
    const first = wb.worksheets[0];
    expect(first.rowCount).toBe(json.items.length + 2);
    expect(first.getRow(first.rowCount).getCell(4).value).toBeCloseTo(json.summary.amount, 2);
    expect(wb.worksheets[1].getRow(1).values).toEqual([undefined, 'Betalingsdato', 'Fakturanr.', 'Kunde', 'Beløp', 'Grunn']);
    // No availableColumns, all preselected (spec): a request without `columns` answers every column of each report.
    const whole = await s.json(`/reports/payments/products?format=JSON&from=2025-06-01&to=${TODAY}`);
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(whole.body).toEqual(json);
    const exceptions = await s.json(`/reports/payments/products/exceptions?format=JSON&from=2025-06-01&to=${TODAY}`);
    expect(exceptions.status, JSON.stringify(exceptions.body)).toBe(200);
    expect(Object.keys(exceptions.body.headers)).toEqual(['date', 'invoiceNumber', 'name', 'amount', 'reason']);
    const xls = await s.api(`/reports/payments/products?format=XLS&from=2025-06-01&to=${TODAY}`);
    expect(xls.status).toBe(200);
    expect((await readXlsx(Buffer.from(await xls.arrayBuffer()))).worksheets[0].getRow(1).values).toEqual(first.getRow(1).values);
    // Other reports still name `columns` as missing.
    expect((await s.json(`/reports/invoices?format=JSON`)).body.fields.map((f: { field: string }) => f.field)).toContain('columns');
    expect((await s.json(`/reports/payments/products?format=JSON&columns=amount&from=2025-06-01`)).body.fields[0].field).toBe('to');
    expect((await s.json(`/reports/payments/products?format=CSV&columns=amount&from=2025-06-01&to=${TODAY}`)).status).toBe(400);
  });
});
