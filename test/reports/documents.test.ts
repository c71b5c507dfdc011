/**
 * The invoices report as documents: PDF (a number or date range, all in one PDF, read with pdftotext) and the EHF zip
 * (each file validated by the official rules in-process, test/helpers/ehf-validator.ts; the summary names what was not exported and why).
 * Also rule 1 (labelNumber), rule 2 (custom fields as XLSX columns) and the `paid` filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, type TestServer } from '../helpers/server.js';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { ehfRulesPresent, expectValidEhf } from '../helpers/ehf-validator.js';
import { parseCsv, pdfPages, pdfText, readXlsx, unzip } from './files.js';
import { reportFile, reportJson } from './setup.js';


let s: DocServer;
const numbers: number[] = [];
let creditNote = 0;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  const item = { productCode: 'A1', quantity: 2 };
  numbers.push(await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-01', items: [item] }));
  numbers.push(await issueInvoice(s, { recipient: { number: s.person }, invoiceDate: '2026-03-02', items: [{ productCode: 'MAT', quantity: 3 }] }));
  numbers.push(await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-03', items: [item, { productCode: 'BOK', quantity: 1 }] }));
  const cn = await s.json(`/invoices/${numbers[2]}/credit-note`, { method: 'POST' });
  expect(cn.status, JSON.stringify(cn.body)).toBe(201);
  creditNote = Number(cn.res.headers.get('location')!.split('/').pop());
  const pay = await s.json(`/invoices/${numbers[0]}/payments`, { body: { date: '2026-03-05', amount: 3125 } });
  expect(pay.status, JSON.stringify(pay.body)).toBe(201);
}, 60_000);
afterAll(() => s?.close());

describe('invoices as PDF', () => {
  it('an invoice number range gives one PDF holding each invoice', async () => {
    const { res, data } = await reportFile(s, 'invoices', 'PDF', { invoiceNumberFrom: String(numbers[0]), invoiceNumberTo: String(numbers[1]) }, ['number']);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(pdfPages(data)).toBeGreaterThanOrEqual(2);
    const text = pdfText(data);
    expect(text).toContain(String(numbers[0]));
    expect(text).toContain(String(numbers[1]));
    expect(text).toContain('Ola Nordmann');
    expect(text).toContain('Fjord Bygg AS');
  });

  it('a date range takes the credit notes of the period too', async () => {
    const { data } = await reportFile(s, 'invoices', 'PDF', { from: '2026-03-01', to: '2026-03-31' }, ['number']);
    const text = pdfText(data);
    expect(pdfPages(data)).toBeGreaterThanOrEqual(4);
    expect(text).toMatch(/Kreditnota/i);
    for (const n of numbers) expect(text).toContain(String(n));
  });
});

describe('invoices as EHF zip', () => {
  it('holds each invoice and credit note of a customer with an org number, and a summary naming the one without', async () => {
    const { res, data } = await reportFile(s, 'invoices', 'EHF', { from: '2026-03-01', to: '2026-03-31' }, ['number']);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzip(data);
    const names = Object.keys(files).sort();
    expect(names).toEqual([`faktura-${numbers[0]}.xml`, `faktura-${numbers[2]}.xml`, `kreditnota-${creditNote}.xml`, 'sammendrag.csv'].sort());
    const summary = parseCsv(files['sammendrag.csv']);
    expect(summary.bom).toBe(true);
    expect(summary.header).toEqual(['Nummer', 'Type', 'Kunde', 'Totalt', 'Eksportert', 'Fil', 'Grunn']);
    const missing = summary.rows.find((r) => r[0] === String(numbers[1]))!;
    expect(missing[4]).toBe('nei');
    expect(missing[6]).toMatch(/organisasjonsnummer/);
    expect(summary.rows.filter((r) => r[4] === 'ja')).toHaveLength(3);
    expect(files[`kreditnota-${creditNote}.xml`].toString('utf8')).toContain('<CreditNote');
    if (!ehfRulesPresent()) return;
    for (const n of names.filter((x) => x.endsWith('.xml'))) await expectValidEhf(files[n], 'any');
  }, 300_000);
});

describe('filters and rules', () => {
  it('paid: true/PAID settled in full, false/UNPAID open, LOST written off; credit notes only without the filter', async () => {
    const cols = ['number', 'type', 'balance'];
    const all = await reportJson(s, 'invoices', {}, cols);
    expect(all.items.map((i) => i.number).sort()).toEqual([...numbers, creditNote].sort());
    const paid = await reportJson(s, 'invoices', { paid: 'true' }, cols);
    expect(paid.items.map((i) => i.number).sort()).toEqual([numbers[0], numbers[2]].sort()); // paid in full and credited in full
    const unpaid = await reportJson(s, 'invoices', { paid: 'UNPAID' }, cols);
    expect(unpaid.items.map((i) => i.number)).toEqual([numbers[1]]);
    expect((await reportJson(s, 'invoices', { paid: 'LOST' }, cols)).items).toEqual([]);
    const lost = await s.json(`/invoices/${numbers[1]}/lost`, { body: { reason: 'Konkurs' } });
    expect(lost.status, JSON.stringify(lost.body)).toBeLessThan(300);
    expect((await reportJson(s, 'invoices', { paid: 'LOST' }, cols)).items.map((i) => i.number)).toEqual([numbers[1]]);
    expect((await reportJson(s, 'invoices', { productCode: 'MAT' }, cols)).items.map((i) => i.number)).toEqual([numbers[1]]);
    expect((await reportJson(s, 'invoices', { recipientNumber: String(s.person) }, cols)).items.map((i) => i.number)).toEqual([numbers[1]]);
  });

  it('rule 1: labelNumber -1 lists recipients in no label, n those with label n, omitted or null all', async () => {
    const label = await s.json('/labels/', { body: { name: 'Storkunde' } });
    expect(label.status, JSON.stringify(label.body)).toBe(201);
    const labelNumber = Number(label.res.headers.get('location')!.split('/').pop());
    const third = await s.json('/recipients/', { body: recipient({ name: 'Ærlig Ørn AS', labels: [labelNumber] }) });
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    const names = async (q: Record<string, string>) => parseCsv((await reportFile(s, 'recipients', 'CSV', q, ['name', 'labels'])).data).rows.map((r) => r[0]);
    expect(await names({})).toEqual(['Fjord Bygg AS', 'Ola Nordmann', 'Ærlig Ørn AS']);
    expect(await names({ labelNumber: 'null' })).toEqual(['Fjord Bygg AS', 'Ola Nordmann', 'Ærlig Ørn AS']);
    expect(await names({ labelNumber: '-1' })).toEqual(['Fjord Bygg AS', 'Ola Nordmann']);
    expect(await names({ labelNumber: String(labelNumber) })).toEqual(['Ærlig Ørn AS']);
  });

  it('rule 2: in XLSX the customFields column becomes one column per custom field; CSV keeps one text column', async () => {
    const f1 = await s.json('/custom-fields/', { body: { name: 'Bransje', type: 'TEXT' } });
    expect(f1.status, JSON.stringify(f1.body)).toBe(201);
    const f2 = await s.json('/custom-fields/', { body: { name: 'Ansatte', type: 'NUMBER' } });
    expect(f2.status, JSON.stringify(f2.body)).toBe(201);
    const n1 = Number(f1.res.headers.get('location')!.split('/').pop());
    const n2 = Number(f2.res.headers.get('location')!.split('/').pop());
    const upd = await s.json(`/recipients/${s.company}`, { method: 'PUT', body: recipient({ customerNumber: '42', customFields: [{ number: n1, value: 'Bygg' }, { number: n2, value: 12 }] }) });
    expect(upd.status, JSON.stringify(upd.body)).toBeLessThan(300);
    const { data } = await reportFile(s, 'recipients', 'XLS', {}, ['name', 'customFields', 'balance']);
    const ws = (await readXlsx(data)).worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, 'Navn', 'Bransje', 'Ansatte', 'Saldo']);
    const row = ws.getRow(2).values as unknown[];
    expect(row.slice(1, 4)).toEqual(['Fjord Bygg AS', 'Bygg', 12]);
    const csv = parseCsv((await reportFile(s, 'recipients', 'CSV', {}, ['name', 'customFields'])).data);
    expect(csv.header).toEqual(['Navn', 'Egendefinerte felt']);
    expect(csv.rows[0]).toEqual(['Fjord Bygg AS', 'Bransje: Bygg; Ansatte: 12']);
  });
});

describe('account overview as PDF', () => {
  it('is a statement: title, period, every movement with Norwegian amounts, and the closing balance', async () => {
    const { res, data } = await reportFile(s, 'accountOverview', 'PDF', { from: '2026-03-02', to: '2026-03-31' }, ['date', 'type', 'documentNumber', 'name', 'debit', 'credit', 'balance']);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(data);
    expect(text).toContain('Kontooversikt');
    expect(text).toContain('Periode: 02.03.2026 – 31.03.2026');
    expect(text).toContain('Inngående saldo');
    expect(text).toMatch(/Kreditnota/);
    expect(text).toContain('Betaling');
    expect(text).toContain(String(numbers[2]));
    const json = await reportJson(s, 'accountOverview', { from: '2026-03-02', to: '2026-03-31' }, ['balance']);
    const closing = json.items[json.items.length - 1].balance as number;
    const nb = closing.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
    expect(text.replace(/ /g, '\u00a0')).toContain(nb);
  });
});
