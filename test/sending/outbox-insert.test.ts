/**
 * The outbox writes all shipments of one call in one multi-row INSERT (main/features/sending/outbox.ts, insertShipments):
 * each shipment the answer names must be the row with that id, on SQLite and PostgreSQL (RETURNING's order is promised by
 * neither; the ids are drawn in VALUES order and handed out sorted). And the sender's wake-up signal: one per turn of
 * the event loop however many shipments were queued in it, always after the last of them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifyQueued, outboxSignal } from '../../main/features/sending/outbox.js';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { startSmsGateway } from './helpers.js';

let s: DocServer;
let n: number;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
beforeAll(async () => {
  s = await startDocServer();
  gateway = await startSmsGateway();
  n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
});
afterAll(async () => {
  await s.close();
  await gateway.close();
});

interface View { id: number; method: string; recipientAddress: string; status: string }

describe('shipments of one call', () => {
  test.each([1, 2, 20, 21, 40])('%i e-mails (and an SMS): each answered id is the row of that address, in the order asked', async (count) => {
    expect((await s.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: gateway.url } } })).status).toBe(200);
    const addresses = Array.from({ length: count }, (_, i) => `k${count}-${String(i).padStart(2, '0')}-${(i * 7919) % 97}@fjordbygg.no`);
    const main = addresses.slice(0, 20).map((address) => ({ address }));
    const copies = addresses.slice(20).map((address) => ({ address }));
    const body = { email: main, ...(copies.length ? { copy: { email: copies } } : {}), sms: [{ mobileNumber: '91234567', message: `Faktura ${count}` }] };
    const r = await s.json(`/invoices/${n}/send`, { body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Array.isArray(r.body), JSON.stringify(r.body)).toBe(true);
    const views = r.body as View[];
    expect(views.map((v) => v.recipientAddress).filter((a) => a.includes('@'))).toEqual(addresses);
    const rows = await s.app.ctx.db.selectFrom('outbox').select(['id', 'method', 'address', 'status', 'payload']).where('id', 'in', views.map((v) => v.id)).orderBy('id').execute();
    expect(rows).toHaveLength(views.length);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    for (const v of views) {
      const row = byId.get(v.id)!;
      expect({ method: row.method, address: row.address, status: row.status }).toEqual({ method: v.method, address: v.recipientAddress, status: v.status });
    }
    // written in the order asked: ids ascend with the answer's order
    expect(views.map((v) => v.id)).toEqual([...views.map((v) => v.id)].sort((a, b) => a - b));
  });
});

describe("the sender's wake-up", () => {
  test('several queued in one turn: one signal, after them; the next turn signals again', async () => {
    let heard = 0;
    const on = () => heard++;
    outboxSignal.on('queued', on);
    try {
      notifyQueued();
      notifyQueued();
      notifyQueued();
      expect(heard).toBe(0);
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
      expect(heard).toBe(1);
      notifyQueued();
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
      expect(heard).toBe(2);
    } finally {
      outboxSignal.off('queued', on);
    }
  });

  test('a listener that queues again is woken again', async () => {
    let heard = 0;
    const on = () => {
      if (++heard === 1) notifyQueued();
    };
    outboxSignal.on('queued', on);
    try {
      notifyQueued();
      for (let i = 0; i < 4; i++) await new Promise((r) => setImmediate(r));
      expect(heard).toBe(2);
    } finally {
      outboxSignal.off('queued', on);
    }
  });
});
