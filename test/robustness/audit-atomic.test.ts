/**
 * Every write of every operation commits with its audit entry or not at all. The audit step is made to fail (a
 * trigger on audit_log raising); then every operation of the table is called with input that reaches its write, and
 * the database must be unchanged, byte for byte, whatever the answer. Without the trigger the same call succeeds
 * (so the input really reached the write). The calls are generated from the table: an operation with no entry in
 * `inputs` below is still called (with its parameters filled from the world) and must still change nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allOps } from '../../main/op-table.js';
import { onPostgres } from '../helpers/database.js';
import { failAuditStep } from '../helpers/db-probe.js';
import { recipient } from '../helpers/server.js';
import { checksum, fillPath, jsonHeaders, send, startWorld, type World } from './world.js';

let w: World;
const dir = mkdtempSync(join(tmpdir(), 'kvitt-audit-'));
beforeAll(async () => {
  // A file on SQLite (backups.create/restore need one); on PostgreSQL a fresh schema (backups are pg_dump's job there).
  w = await startWorld({ dbFile: onPostgres() ? undefined : join(dir, 'kvitt.sqlite') });
}, 60_000);
afterAll(async () => {
  await w.close();
  rmSync(dir, { recursive: true, force: true });
});

type Input = { path?: string; body?: unknown };
const items = [{ productCode: 'A1', quantity: 1 }];
let seq = 0;
const location = (r: { res: Response }) => Number(r.res.headers.get('location')!.split('/').pop());
const made = async (path: string, body: unknown) => {
  const r = await w.json(path, { body });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
  return r;
};
const newRecipient = async () => location(await made('/recipients/', recipient({ customerNumber: `A-${++seq}` })));
const newDraft = async (base = '/invoices') => location(await made(`${base}/drafts/`, { recipient: { number: w.company }, items }));
const newInvoice = async () => location(await made('/invoices/', { recipient: { number: w.company }, items }));
const newOffer = async () => location(await made(`/offer/drafts/${await newDraft('/offer')}/issue`, {}));

/** Input that reaches the write of each operation (prepared right before, so earlier calls do not use it up). */
const inputs: Record<string, () => Promise<Input>> = {
  'common.setExchangeRate': async () => ({ body: { currency: 'EUR', date: '2026-03-01', rate: 11.5 } }),
  'settings.update': async () => ({ body: { invoicing: { defaultCreditDays: 20 + (++seq % 5) } } }),
  'recipients.create': async () => ({ body: recipient({ customerNumber: `A-${++seq}` }) }),
  'recipients.update': async () => ({ path: `/recipients/${await newRecipient()}`, body: recipient({ name: 'Nytt Navn AS' }) }),
  'recipients.delete': async () => ({ path: `/recipients/${await newRecipient()}` }),
  'labels.create': async () => ({ body: { name: `Etikett ${++seq}` } }),
  'labels.update': async () => ({ path: `/labels/${(await made('/labels/', { name: `E ${++seq}` })).body.number}`, body: { name: `Ny ${seq}` } }),
  'labels.delete': async () => ({ path: `/labels/${(await made('/labels/', { name: `D ${++seq}` })).body.number}` }),
  'customFields.create': async () => ({ body: { name: `Felt ${++seq}`, type: 'TEXT' } }),
  'customFields.update': async () => ({ path: `/custom-fields/${(await made('/custom-fields/', { name: `F ${++seq}`, type: 'TEXT' })).body.number}`, body: { name: `G ${seq}`, type: 'NUMBER' } }),
  'customFields.delete': async () => ({ path: `/custom-fields/${(await made('/custom-fields/', { name: `H ${++seq}`, type: 'TEXT' })).body.number}` }),
  // SQLite file backups; on PostgreSQL (pg_dump's job) they answer 409 NO_DATA_FOLDER and are still called below, input-less.
  ...(onPostgres()
    ? {}
    : {
        'backups.create': async () => ({ body: {} }),
        'backups.restore': async () => ({ path: `/originators/current/backups/${(await made('/originators/current/backups', {})).body.file}/restore`, body: {} }),
      }),
  'products.create': async () => ({ body: { code: `P${++seq}`, description: 'Vare', unitPrice: 10, taxRate: 25 } }),
  'products.update': async () => ({ path: `/products/${location(await made('/products/', { code: `U${++seq}`, description: 'V', unitPrice: 1, taxRate: 25 }))}`, body: { code: `U${seq}`, description: 'Endret', unitPrice: 2, taxRate: 25 } }),
  'products.delete': async () => ({ path: `/products/${location(await made('/products/', { code: `X${++seq}`, description: 'V', unitPrice: 1, taxRate: 25 }))}` }),
  'invoices.createDraft': async () => ({ body: { recipient: { number: w.company }, items } }),
  'invoices.updateDraft': async () => ({ path: `/invoices/drafts/${await newDraft()}`, body: { recipient: { number: w.company }, items, invoiceText: 'Endret' } }),
  'invoices.deleteDraft': async () => ({ path: `/invoices/drafts/${await newDraft()}` }),
  'invoices.issueDraft': async () => ({ path: `/invoices/drafts/${await newDraft()}/issue` }),
  'invoices.issue': async () => ({ body: { recipient: { number: w.company }, items } }),
  'invoices.registerPayment': async () => ({ path: `/invoices/${await newInvoice()}/payments`, body: { date: '2026-03-15', amount: 50 } }),
  'invoices.reversePayment': async () => {
    const n = await newInvoice();
    const p = await made(`/invoices/${n}/payments`, { date: '2026-03-15', amount: 50 });
    return { path: `/invoices/${n}/payments/${p.body.id}/reverse` };
  },
  'invoices.markLost': async () => ({ path: `/invoices/${await newInvoice()}/lost`, body: { reason: 'Konkurs' } }),
  'invoices.reverseLost': async () => {
    const n = await newInvoice();
    await made(`/invoices/${n}/lost`, { reason: 'Konkurs' });
    return { path: `/invoices/${n}/lost/reverse` };
  },
  'invoices.creditNote': async () => ({ path: `/invoices/${await newInvoice()}/credit-note`, body: {} }),
  'invoices.registerRefund': async () => {
    const n = await newInvoice();
    const inv = await w.json(`/invoices/${n}`);
    await made(`/invoices/${n}/payments`, { date: '2026-03-15', amount: inv.body.total + 100 });
    return { path: `/invoices/${n}/refunds`, body: { date: '2026-03-16', amount: 50 } };
  },
  'invoices.transferCredit': async () => {
    const n = await newInvoice();
    const inv = await w.json(`/invoices/${n}`);
    await made(`/invoices/${n}/payments`, { date: '2026-03-15', amount: inv.body.total + 100 });
    return { path: `/invoices/${n}/credit-transfer`, body: { toInvoice: await newInvoice(), amount: 50 } };
  },
  'offers.createDraft': async () => ({ body: { recipient: { number: w.company }, items } }),
  'offers.updateDraft': async () => ({ path: `/offer/drafts/${await newDraft('/offer')}`, body: { recipient: { number: w.company }, items } }),
  'offers.deleteDraft': async () => ({ path: `/offer/drafts/${await newDraft('/offer')}` }),
  'offers.issueDraft': async () => ({ path: `/offer/drafts/${await newDraft('/offer')}/issue` }),
  'offers.invoice': async () => ({ path: `/offer/${await newOffer()}/invoice`, body: {} }),
  'offers.orderConfirmation': async () => ({ path: `/offer/${await newOffer()}/order-confirmation`, body: {} }),
  'orderConfirmations.createDraft': async () => ({ body: { recipient: { number: w.company }, items } }),
  'orderConfirmations.updateDraft': async () => ({ path: `/order-confirmation/drafts/${await newDraft('/order-confirmation')}`, body: { recipient: { number: w.company }, items } }),
  'orderConfirmations.deleteDraft': async () => ({ path: `/order-confirmation/drafts/${await newDraft('/order-confirmation')}` }),
  'orderConfirmations.issueDraft': async () => ({ path: `/order-confirmation/drafts/${await newDraft('/order-confirmation')}/issue` }),
  'orderConfirmations.invoice': async () => ({ path: `/order-confirmation/${location(await made(`/offer/${await newOffer()}/order-confirmation`, {}))}/invoice`, body: {} }),
  'dunnings.createInterestRate': async () => ({ body: { from: `2030-01-${String(10 + (++seq % 18)).padStart(2, '0')}`, rate: 12.5 } }),
  'events.create': async () => ({
    body: { name: `Kurs ${++seq}`, date: '2026-06-01 10:00', location: { name: 'Salen' }, price: 100, contactPerson: { name: 'Kari', email: 'kari@example.no' } },
  }),
};

const failAudit = (on: boolean) => failAuditStep(w.db, on);

const call = async (op: (typeof allOps)[number], input: Input) =>
  send(w.port, {
    method: op.method,
    path: input.path ?? fillPath(op.path, w),
    headers: jsonHeaders,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  });

describe('with the audit step failing, no operation changes the database', () => {
  test.each(allOps.map((op) => [op.name, op] as const))('%s', async (_n, op) => {
    const input = inputs[op.name] ? await inputs[op.name]() : {};
    const before = await checksum(w.db);
    await failAudit(true);
    let res;
    try {
      res = await call(op, input);
    } finally {
      await failAudit(false);
    }
    expect(res.status, `${op.name}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    expect(await checksum(w.db), `${op.name} left a write behind when its audit entry failed (${res.status} ${res.body.slice(0, 200)})`).toBe(before);
    if (inputs[op.name]) {
      // A write op answers an error then: its entry could not be written.
      expect(res.status, `${op.name} succeeded without its audit entry: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      const again = await call(op, input);
      expect(again.status, `${op.name} (audit working): ${again.body.slice(0, 300)}`).toBeLessThan(300);
      expect(await checksum(w.db), `${op.name} wrote nothing even with a working audit log`).not.toBe(before);
    }
  });
});

test('every write operation of the core areas has input here that reaches its write', () => {
  const core = /^(common|settings|recipients|labels|customFields|backups|products|invoices|offers|orderConfirmations)\./;
  const noDbWrite = new Set(['settings.regenerateApiKey', 'invoices.creditNotePreview', 'documents.previewPdf', ...(onPostgres() ? ['backups.create', 'backups.restore'] : [])]);
  const missing = allOps.filter((op) => op.method !== 'GET' && core.test(op.name) && !noDbWrite.has(op.name) && !inputs[op.name]).map((op) => op.name);
  expect(missing).toEqual([]);
});
