import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer, BACKDATING } from '../helpers/documents.js';

let s: DocServer;
const line = { description: 'Rådgivning', quantity: 1, unitPrice: 1000, taxRate: 25 };

beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15', invoicing: BACKDATING });
});
afterAll(async () => {
  await s.close();
});

test("the service's today is what clients should date documents by", async () => {
  const info = await s.json('/common/info');
  expect(info.status).toBe(200);
  expect(info.body.today).toBe('2026-03-15');
});

test('withState adds each invoice state to the 2.2 list shape; without it the shape stays exact', async () => {
  const paid = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-01', dueDate: '2026-03-20', items: [line] });
  const due = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-02-01', dueDate: '2026-02-15', items: [line] });
  const lost = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-01-05', dueDate: '2026-01-20', items: [line] });
  expect((await s.json(`/invoices/${paid}/payments`, { body: { date: '2026-03-10', amount: 1250 } })).status).toBe(201);
  expect((await s.json(`/invoices/${lost}/lost`, { body: { reason: 'Konkurs' } })).status).toBe(201);

  const plain = await s.json('/invoices/?perPage=10');
  expect(plain.body[0]).not.toHaveProperty('state');
  const withState = await s.json('/invoices/?perPage=10&withState=true');
  const states = Object.fromEntries(withState.body.map((i: { number: number; state: string }) => [i.number, i.state]));
  expect(states).toEqual({ [paid]: 'paid', [due]: 'due', [lost]: 'lost' });
  const streamed = await s.json('/invoices/?withState=true');
  expect(streamed.body.map((i: { state: string }) => i.state)).toEqual(withState.body.map((i: { state: string }) => i.state));
  const lostList = await s.json('/invoices/lost?withState=true');
  expect(lostList.body.map((i: { number: number }) => i.number)).toEqual([lost]);
});

test('the live preview renders offers and order confirmations under their own titles', async () => {
  for (const [kind, title] of [['offer', 'Tilbud'], ['order-confirmation', 'Ordrebekreftelse'], ['invoice', 'Faktura']] as const) {
    const res = await s.api(`/documents/preview-pdf?kind=${kind}`, { body: { recipient: { number: s.company }, items: [line] } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await res.arrayBuffer()) }).toString();
    expect(text).toContain(title);
    expect(text).toContain('1 250,00');
  }
  const bad = await s.json('/documents/preview-pdf?kind=dunning', { body: { recipient: { number: s.company }, items: [line] } });
  expect(bad.status).toBe(400);
  expect(bad.body.fields[0].field).toBe('kind');
});
