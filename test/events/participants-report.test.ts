import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DocServer } from '../helpers/documents.js';
import { csvNumber, parseCsv, readXlsx } from '../reports/files.js';
import { createEvent, signup, signupBody, startEventServer } from './setup.js';

let s: DocServer;
let ev: { number: number; id: number };
beforeAll(async () => {
  process.env.KVITT_PUBLIC_RATE_LIMIT = '100000';
  s = await startEventServer();
  ev = await createEvent(s);
  const other = await createEvent(s, { name: 'Annet kurs', customFields: [{ name: 'Parkering', type: 'BOOLEAN' }] });
  expect((await signup(s, ev.id, signupBody({ name: 'Anne', discountCode: 'TIDLIG', customFields: [{ number: 1, value: true }, { number: 2, value: 'Gluten' }] }))).status).toBe(200);
  expect((await signup(s, ev.id, signupBody({ name: 'Bjørn', email: 'b@example.no', invoice: { name: 'Fjord Bygg AS', address: 'Strandveien 1', zip: '0150', city: 'OSLO', orgNo: '923609016' } }))).status).toBe(200);
  expect((await signup(s, other.id, signupBody({ name: 'Cecilie', customFields: [{ number: 1, value: true }] }))).status).toBe(200);
  const p2 = (await s.json(`/host/events/${ev.number}/participants/2`)).body;
  expect((await s.json(`/invoices/${p2.invoiceNumber}/payments`, { body: { date: '2026-03-15', amount: 1250 } })).status).toBe(201);
});
afterAll(() => s.close());

const COLS = 'eventNumber,participantNumber,name,status,amount,invoiceNumber,balance,customFields';
const get = (q: string) => s.api(`/reports/participants?${q}`);

test('XLS: one event, CUSTOM_FIELDS expanded into one column per field, money as numbers', async () => {
  const res = await get(`format=XLS&columns=${COLS}&eventNumber=${ev.number}`);
  expect(res.status).toBe(200);
  const wb = await readXlsx(Buffer.from(await res.arrayBuffer()));
  const sheet = wb.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(['Arrangement nr.', 'Deltaker nr.', 'Navn', 'Status', 'Beløp', 'Faktura nr.', 'Utestående', 'Lunsj', 'Allergier']);
  const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  expect(row(2)).toEqual([ev.number, 1, 'Anne', 'Påmeldt', 1292.5, expect.any(Number), 1292.5, 'Ja', 'Gluten']);
  expect(row(3).slice(0, 7)).toEqual([ev.number, 2, 'Bjørn', 'Betalt', 1250, expect.any(Number), 0]);
  const names: unknown[] = [];
  sheet.eachRow((r) => names.push(r.getCell(3).value));
  expect(names).not.toContain('Cecilie'); // only the asked event
});

test('CSV: every event without eventNumber, custom fields as one text column', async () => {
  const res = await get(`format=CSV&columns=${COLS}`);
  expect(res.status).toBe(200);
  const csv = parseCsv(Buffer.from(await res.arrayBuffer()));
  expect(csv.errors).toEqual([]);
  expect(csv.header).toEqual(['Arrangement nr.', 'Deltaker nr.', 'Navn', 'Status', 'Beløp', 'Faktura nr.', 'Utestående', 'Egendefinerte felt']);
  const data = csv.rows.filter((r) => r[2] && r[1] !== '');
  expect(data.map((r) => r[2])).toEqual(expect.arrayContaining(['Anne', 'Bjørn', 'Cecilie']));
  const anne = data.find((r) => r[2] === 'Anne')!;
  expect(csvNumber(anne[4])).toBe(1292.5);
  expect(anne[7]).toBe('Lunsj: Ja; Allergier: Gluten');
  expect(data.find((r) => r[2] === 'Cecilie')![7]).toBe('Parkering: Ja');
});

test('an unknown event number is 404; a bad column is 400', async () => {
  expect((await get(`format=CSV&columns=${COLS}&eventNumber=999`)).status).toBe(404);
  expect((await get('format=CSV&columns=name,nope')).status).toBe(400);
});
