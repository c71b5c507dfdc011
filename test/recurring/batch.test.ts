/**
 * Mass invoicing over real HTTP (issue 26): POST /invoices/batch issues one invoice per recipient in one transaction,
 * numbers contiguous and in recipient order, each customer's e-mail queued with `{preferred: true}`; a recipient that
 * cannot be invoiced makes a 400 naming it, and nothing is issued; concurrent single issues never split a batch's numbers.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startDocServer, type DocServer } from '../helpers/documents.js';

let s: DocServer;
afterEach(async () => {
  await s?.close();
});

const LINES = { items: [{ description: 'Medlemskontingent 2026', quantity: 1, unitPrice: 450, taxRate: 0, vatCategory: 'E', exemptionReason: 'Kontingent' }] };

async function member(name: string, email: string | null, labels: number[] = []): Promise<number> {
  const r = await s.json('/recipients/', { body: { name, labels, contact: { address: { address1: 'Vei 1', zip: '0150', city: 'OSLO' }, ...(email ? { email } : {}) } } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return Number(r.res.headers.get('location')!.split('/').pop());
}

async function invoiceCount(): Promise<number> {
  return Number((await s.json('/invoices/?perPage=1')).res.headers.get('x-total-count'));
}

describe('POST /invoices/batch', () => {
  test('one invoice per recipient, contiguous numbers in recipient order, e-mails queued to each customer', async () => {
    s = await startDocServer();
    const a = await member('Anne Andersen', 'anne@example.no');
    const b = await member('Bjørn Berg', 'bjorn@example.no');
    const r = await s.json('/invoices/batch', { body: { recipients: [b, a], ...LINES, invoiceText: 'Kontingent', dueInDays: 30, shipment: { preferred: true } } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [nb, na] = r.body.invoiceNumbers;
    expect(na).toBe(nb + 1);
    expect(r.body.total).toBe(900);
    const inv = (await s.json(`/invoices/${na}`)).body;
    expect([inv.recipient.number, inv.invoiceText, inv.dueDate, inv.items[0].description]).toEqual([a, 'Kontingent', '2026-04-14', 'Medlemskontingent 2026']);
    const outbox = (await s.json('/outbox/?perPage=100')).body as Array<{ method: string; recipientAddress?: string; address?: string }>;
    expect(JSON.stringify(outbox)).toContain('anne@example.no');
    expect(JSON.stringify(outbox)).toContain('bjorn@example.no');
  });

  test('by label: every customer with it, alphabetically', async () => {
    s = await startDocServer();
    const label = (await s.json('/labels/', { body: { name: 'Medlem' } })).body.number;
    const z = await member('Zeta Zahl', null, [label]);
    const c = await member('Cato Carlsen', null, [label]);
    await member('Ikke Medlem', null);
    const r = await s.json('/invoices/batch', { body: { recipients: { label: 'Medlem' }, ...LINES } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.invoices.map((i: { recipientNumber: number }) => i.recipientNumber)).toEqual([c, z]);
    const none = await s.json('/invoices/batch', { body: { recipients: { label: 'Styret' }, ...LINES } });
    expect(none.body.fields).toEqual([expect.objectContaining({ field: 'recipients.label', code: 'NO_SUCH_LABEL_NAME' })]);
  });

  test('all or nothing: a 400 names each recipient that cannot be invoiced, and each bad line once; nothing issued', async () => {
    s = await startDocServer();
    const ok = await member('Grei Kunde', 'grei@example.no');
    const gone = await member('Borte Kunde', null);
    await s.json('/invoices/', { body: { recipient: { number: gone }, ...LINES } }); // has an invoice: kept, marked deleted
    expect((await s.json(`/recipients/${gone}`, { method: 'DELETE' })).status).toBe(204);
    const before = await invoiceCount();
    const r = await s.json('/invoices/batch', { body: { recipients: [ok, gone, 9999, ok], ...LINES, shipment: { preferred: true } } });
    expect(r.status).toBe(400);
    const named = r.body.fields.map((f: { field: string; code: string }) => `${f.field} ${f.code}`);
    expect(named).toEqual(['recipients[3] RECIPIENT_TWICE', 'recipients[1] RECIPIENT_DELETED', 'recipients[2] NO_SUCH_RECIPIENT']);
    const lines = await s.json('/invoices/batch', { body: { recipients: [ok, s.company], items: [{ description: 'x', quantity: 1.0001, unitPrice: 1, taxRate: 25 }] } });
    expect(lines.body.fields.map((f: { field: string; code: string }) => `${f.field} ${f.code}`)).toEqual(['items[0].quantity TOO_MANY_DECIMALS']);
    expect(await invoiceCount()).toBe(before);
  });

  test('a batch and single issues at the same time: the batch’s numbers stay contiguous', async () => {
    s = await startDocServer();
    const members = [];
    for (let i = 0; i < 30; i++) members.push(await member(`Medlem ${i}`, null));
    const single = () => s.json('/invoices/', { body: { recipient: { number: s.company }, ...LINES } });
    const [batch, ...singles] = await Promise.all([s.json('/invoices/batch', { body: { recipients: members, ...LINES } }), ...Array.from({ length: 10 }, single)]);
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    for (const x of singles) expect(x.status).toBe(201);
    const nums: number[] = batch.body.invoiceNumbers;
    expect(nums.at(-1)! - nums[0]).toBe(29);
    expect(await invoiceCount()).toBe(40);
  });
});
