/** Every refused report request is a 400 that names the parameter; nothing else answers 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ today: '2026-03-15' });
});
afterAll(() => s?.close());

const CASES: [string, string, string][] = [
  ['format missing', '/reports/invoices?columns=number', 'format'],
  ['columns missing', '/reports/invoices?format=JSON', 'columns'],
  ['columns empty', '/reports/invoices?format=JSON&columns=', 'columns'],
  ['unknown column', '/reports/invoices?format=JSON&columns=number,colour', 'columns'],
  ['format not offered', '/reports/recipients?format=JSON&columns=name', 'format'],
  ['format unknown', '/reports/invoices?format=DOCX&columns=number', 'format'],
  ['required to missing', '/reports/openItems?format=JSON&columns=number', 'to'],
  ['required to missing (balance)', '/reports/recipients/balance?format=CSV&columns=name', 'to'],
  ['from after to', '/reports/invoices?format=JSON&columns=number&from=2026-03-01&to=2026-02-01', 'from'],
  ['not a real date', '/reports/payments?format=JSON&columns=date&from=2026-02-30', 'from'],
  ['not a date', '/reports/payments?format=JSON&columns=date&to=yesterday', 'to'],
  ['intervals missing with the intervals column', '/reports/recipients/balance/aged?format=JSON&columns=name,INTERVALS&to=2026-03-15', 'intervals'],
  ['intervals not increasing', '/reports/recipients/balance/aged?format=JSON&columns=name,intervals&to=2026-03-15&intervals=60,30', 'intervals'],
  ['intervals not numbers', '/reports/recipients/balance/aged?format=JSON&columns=name&to=2026-03-15&intervals=a,b', 'intervals'],
  ['invoice number range reversed', '/reports/invoices?format=JSON&columns=number&invoiceNumberFrom=9&invoiceNumberTo=3', 'invoiceNumberFrom'],
  ['paid value', '/reports/invoices?format=JSON&columns=number&paid=maybe', 'paid'],
  ['labelNumber value', '/reports/recipients?format=CSV&columns=name&labelNumber=-2', 'labelNumber'],
  ['recipientNumber not a number', '/reports/invoices?format=JSON&columns=number&recipientNumber=abc', 'recipientNumber'],
  ['PDF without a range', '/reports/invoices?format=PDF&columns=number', 'from'],
  ['PDF with both ranges', '/reports/invoices?format=PDF&columns=number&from=2026-01-01&invoiceNumberFrom=1', 'invoiceNumberFrom'],
  ['lang', '/reports/invoices/availableColumns?lang=de', 'lang'],
];

describe('400 naming the parameter', () => {
  it.each(CASES)('%s', async (_name, path, field) => {
    const r = await s.json(path);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('names every bad parameter at once', async () => {
    const r = await s.json('/reports/openItems?columns=colour');
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['columns', 'format', 'to']);
  });

  it('404 for the sales ledger of a recipient that does not exist; 404 for an unknown report', async () => {
    expect((await s.json('/reports/recipients/999/salesledger?format=JSON&columns=date')).status).toBe(404);
    expect((await s.json('/reports/nonsense?format=JSON&columns=date')).status).toBe(404);
  });

  it('format and column keys are read without case: json, CUSTOM_FIELDS', async () => {
    const r = await s.json('/reports/invoices?format=json&columns=NUMBER,Total');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.headers)).toEqual(['number', 'total']);
    const c = await s.api('/reports/recipients?format=CSV&columns=name,CUSTOM_FIELDS');
    expect(c.status).toBe(200);
  });
});
