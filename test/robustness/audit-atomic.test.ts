/**
 * Every write of every operation commits with its audit entry or not at all. The audit step is made to fail (a
 * trigger on audit_log raising); then every operation of the table is called with input that reaches its write, and
 * the database must be unchanged, byte for byte, whatever the answer. Without the trigger the same call succeeds
 * (so the input really reached the write). The calls are generated from the table: an operation with no entry in
 * `inputs` below is still called (with its parameters filled from the world) and must still change nothing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allOps } from '../../main/op-table.js';
import { onPostgres } from '../helpers/database.js';
import { failAuditStep } from '../helpers/db-probe.js';
import { recipient, TEST_KEY } from '../helpers/server.js';
import { eventBody, FREE, signupBody } from '../events/setup.js';
import { startSmsGateway } from '../sending/helpers.js';
import { bankFileBody, checksum, fillPath, jsonHeaders, send, startWorld, type World } from './world.js';

let w: World;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
// In memory-backed /dev/shm where there is one: the same SQLite file, without a disk flush at each of the ~650 commits
// (two trigger changes per operation), which was a third of this file's time spent waiting.
const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'kvitt-audit-'));
beforeAll(async () => {
  // A file on SQLite (backups.create/restore need one); on PostgreSQL a fresh schema (backups are pg_dump's job there).
  w = await startWorld({ dbFile: onPostgres() ? undefined : join(dir, 'kvitt.sqlite') });
  // An SMS gateway on loopback that refuses every message (400): its shipments end NOT_DELIVERED, which retry needs.
  gateway = await startSmsGateway(400);
  expect((await w.json('/originators/current/settings', { method: 'PUT', body: { sending: { smsGatewayUrl: gateway.url }, invoicing: { backdatingDays: 365 } } })).status).toBe(200); // overdue invoices dated back
}, 60_000);
afterAll(async () => {
  await w.close();
  await gateway.close();
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
const newOrderConfirmation = async () => location(await made(`/offer/${await newOffer()}/order-confirmation`, {}));
const newCreditNote = async () => location(await made(`/invoices/${await newInvoice()}/credit-note`, {}));
/** An invoice dated 2026-01-10 (due 2026-01-24; today is 2026-03-15): due, ready for a reminder. */
const dueInvoice = async () => location(await made('/invoices/', { recipient: { number: w.company }, invoiceDate: '2026-01-10', items }));
/** A due invoice paid in full on 2026-03-01, five weeks after its due date: late interest accrued, nothing owed. */
const paidLate = async () => {
  const n = await dueInvoice();
  await made(`/invoices/${n}/payments`, { date: '2026-03-01', amount: (await w.json(`/invoices/${n}`)).body.total });
  return n;
};
/** An unmatched bank transaction of a newly imported file. */
const newBankTransaction = async () => {
  const file = (await made('/bank-files/', bankFileBody())).body.id;
  return (await w.json(`/bank-files/${file}/transactions`)).body[0].id as number;
};
/** A recurring series (docs/recurring.md) of the company, monthly from `startDate` (today is 2026-03-15). */
const recurringBody = (over: Record<string, unknown> = {}) => ({ recipientNumber: w.company, items, interval: { unit: 'MONTH', every: 1 }, startDate: '2026-04-01', dueInDays: 14, ...over });
const newSeries = async (over: Record<string, unknown> = {}) => location(await made('/recurring/', recurringBody(over)));
const newDunning = async () => location(await made('/dunnings/', { invoiceNumber: await dueInvoice() }));
/** A free event (no product, price or codes); `over` changes fields of the 2.10 body. */
const newEvent = async (over: Record<string, unknown> = {}) => {
  const r = await made('/host/events/', eventBody({ ...FREE, name: `Kurs ${++seq}`, ...over }));
  return { number: r.body.number as number, id: r.body.id as number };
};
/** A paid event without a product, with one discount code TIDLIG. */
const pricedEvent = () => newEvent({ price: 500, productNumber: null, discountCodes: { label: 'Rabattkode', codes: [{ code: 'TIDLIG', amount: 50 }] } });
const newParticipant = async (over: Record<string, unknown> = {}) => {
  const ev = await newEvent(over);
  const r = await w.json(`/events/${ev.id}/signup`, { body: signupBody({ email: `p${++seq}@example.no` }) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return `/host/events/${ev.number}/participants/${r.body.participantNumber}`;
};
const newUser = async () => (await made('/users/', { name: `Bruker ${++seq}`, role: 'bookkeeper' })).body.id as number;
/** Queues a paper shipment of a new invoice; its outbox id. */
const paperShipment = async () => {
  const r = await w.json(`/invoices/${await newInvoice()}/send`, { body: { paper: {} } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body[0].id as number;
};
/** Queues an SMS of a new invoice (to the refusing gateway); its outbox id. */
const smsShipment = async () => {
  const r = await w.json(`/invoices/${await newInvoice()}/send`, { body: { paper: {}, sms: [{ mobileNumber: '91234567', message: 'Faktura' }] } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.find((x: { method: string }) => x.method === 'sms').id as number;
};
const flushOutbox = async () => expect((await w.json('/outbox/flush', { method: 'POST' })).status).toBeLessThan(300);

/** Input that reaches the write of each operation (prepared right before, so earlier calls do not use it up). */
const inputs: Record<string, () => Promise<Input>> = {
  'common.setExchangeRate': async () => ({ body: { currency: 'EUR', date: '2026-03-01', rate: 11.5 } }),
  'settings.update': async () => ({ body: { invoicing: { defaultCreditDays: 20 + (++seq % 5) } } }),
  'firstDay.update': async () => ({ body: { current: (['company', 'bank', 'logo', 'invoicing', 'email'] as const)[++seq % 5] } }),
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
  'events.update': async () => ({ path: `/host/events/${(await newEvent()).number}`, body: eventBody({ ...FREE, name: `Endret ${++seq}` }) }),
  'events.delete': async () => ({ path: `/host/events/${(await newEvent()).number}` }),
  'events.updateParticipant': async () => ({ path: await newParticipant(), body: { name: 'Nytt Navn', email: 'ny@example.no', mobile: null } }),
  'events.confirmParticipant': async () => ({ path: `${await newParticipant({ confirmation: true })}/confirm` }),
  'events.cancelParticipant': async () => ({ path: `${await newParticipant()}/cancel` }),
  'events.addDiscountCode': async () => ({ path: `/host/events/${(await pricedEvent()).number}/discount-codes`, body: { code: 'SEN', amount: 25 } }),
  'events.updateDiscountCode': async () => ({ path: `/host/events/${(await pricedEvent()).number}/discount-codes/TIDLIG`, body: { code: 'TIDLIG', amount: 75 } }),
  'events.deleteDiscountCode': async () => ({ path: `/host/events/${(await pricedEvent()).number}/discount-codes/TIDLIG` }),
  'events.signup': async () => ({ path: `/events/${(await newEvent()).id}/signup`, body: signupBody({ email: `s${++seq}@example.no` }) }),
  'sending.sendInvoice': async () => ({ path: `/invoices/${await newInvoice()}/send`, body: { paper: {} } }),
  'sending.sendCreditNote': async () => ({ path: `/invoices/credit-notes/${await newCreditNote()}/send`, body: { paper: {} } }),
  'sending.sendOffer': async () => ({ path: `/offer/${await newOffer()}/send`, body: { paper: {} } }),
  'sending.sendOrderConfirmation': async () => ({ path: `/order-confirmation/${await newOrderConfirmation()}/send`, body: { paper: {} } }),
  'sending.markPrinted': async () => ({ path: `/outbox/${await paperShipment()}/printed` }),
  'sending.retry': async () => {
    const id = await smsShipment();
    await flushOutbox();
    expect((await w.json(`/outbox/${id}`)).body.status).toBe('NOT_DELIVERED');
    return { path: `/outbox/${id}/retry` };
  },
  'reports.email': async () => ({ body: { email: 'regnskap@example.no' } }),
  'dunnings.create': async () => ({ body: { invoiceNumber: await dueInvoice() } }),
  'dunnings.run': async () => {
    await dueInvoice();
    return {};
  },
  'dunnings.send': async () => ({ path: `/dunnings/${await newDunning()}/send`, body: { paper: {} } }),
  'dunnings.updateInterestRate': async () => {
    const from = `2031-02-${String(10 + (++seq % 18)).padStart(2, '0')}`;
    await made('/dunnings/interest-rates', { from, rate: 12.5 });
    return { path: `/dunnings/interest-rates/${from}`, body: { from, rate: 13.25 } };
  },
  'dunnings.deleteInterestRate': async () => {
    const from = `2032-03-${String(10 + (++seq % 18)).padStart(2, '0')}`;
    await made('/dunnings/interest-rates', { from, rate: 12.5 });
    return { path: `/dunnings/interest-rates/${from}` };
  },
  // Closing interest (an invoice paid in full, but late): harmless here until those operations are in the table.
  'dunnings.createInterestNote': async () => ({ body: { invoiceNumber: await paidLate() } }),
  'dunnings.waiveInterest': async () => ({ body: { invoiceNumber: await paidLate() } }),
  'users.create': async () => ({ body: { name: `Bruker ${++seq}`, role: 'bookkeeper' } }),
  'users.update': async () => ({ path: `/users/${await newUser()}`, body: { active: false } }),
  'users.regenerateKey': async () => ({ path: `/users/${await newUser()}/key` }),
  'users.delete': async () => ({ path: `/users/${await newUser()}` }),
  // Bank files (docs/bank-files.md): a new file each time (a file imported before is all duplicates, and writes its row only).
  'bankFiles.import': async () => ({ body: JSON.parse(bankFileBody()) }),
  'bankTransactions.match': async () => ({ path: `/bank-transactions/${await newBankTransaction()}/match`, body: { invoiceNumber: await newInvoice() } }),
  'bankTransactions.ignore': async () => ({ path: `/bank-transactions/${await newBankTransaction()}/ignore` }),
  'bankTransactions.unmatch': async () => {
    const id = await newBankTransaction();
    expect((await w.json(`/bank-transactions/${id}/match`, { body: { invoiceNumber: await newInvoice() } })).status).toBe(200);
    return { path: `/bank-transactions/${id}/unmatch` };
  },
  // Recurring invoices and mass invoicing (docs/recurring.md).
  'recurring.create': async () => ({ body: recurringBody() }),
  'recurring.update': async () => ({ path: `/recurring/${await newSeries()}`, body: recurringBody({ invoiceText: 'Endret' }) }),
  'recurring.delete': async () => ({ path: `/recurring/${await newSeries()}` }),
  'recurring.pause': async () => ({ path: `/recurring/${await newSeries()}/pause` }),
  'recurring.resume': async () => {
    const n = await newSeries();
    expect((await w.json(`/recurring/${n}/pause`, { method: 'POST' })).status).toBe(200);
    return { path: `/recurring/${n}/resume` };
  },
  'recurring.run': async () => {
    await newSeries({ startDate: '2026-03-15' }); // due today: the run issues it
    return {};
  },
  'recurring.confirm': async () => {
    // Weekly since 1 February: six due, the run issues three and holds the rest for confirmation.
    const n = await newSeries({ interval: { unit: 'WEEK', every: 1 }, startDate: '2026-02-01' });
    expect((await w.json('/recurring/run', { method: 'POST' })).status).toBe(200);
    return { path: `/recurring/${n}/confirm` };
  },
  'invoices.batch': async () => ({ body: { recipients: [w.company], items, dueInDays: 14 } }),
  'sessions.end': async () => {
    // A browser session as the login page makes one; the newest of the list is it.
    const login = await fetch(`${w.base}/app/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: TEST_KEY }) });
    expect(login.status).toBeLessThan(300);
    const sessions = await w.json('/sessions/');
    expect(sessions.status, JSON.stringify(sessions.body)).toBe(200);
    return { path: `/sessions/${sessions.body[0].id}` };
  },
};

/**
 * Write operations whose work is not a database write, each with its reason; every other non-GET operation needs an
 * entry in `inputs` (checked by the last test), so a new write operation cannot go uncovered.
 */
const noDbWrite: Record<string, string> = {
  'settings.regenerateApiKey': 'the API key is a file in the data folder, not a row',
  'invoices.creditNotePreview': 'computes the credit note the same body would make; nothing saved',
  'documents.previewPdf': 'renders a draft body as PDF; nothing saved',
  'sending.flush': 'works the outbox now; what it delivers is written by the sender with its own audit entries (the retry case above flushes)',
  'sending.testEmail': 'sends one test mail over SMTP at once; nothing saved',
  'sending.testSms': 'sends one test SMS to the SMS gateway at once; nothing saved',
  'reports.cancel': 'stops a running export (a worker); nothing saved',
  ...(onPostgres() ? { 'backups.create': 'SQLite file backups; pg_dump on PostgreSQL', 'backups.restore': 'SQLite file backups; pg_dump on PostgreSQL' } : {}),
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

test('every write operation has input here that reaches its write, or a reason why it writes nothing', () => {
  const missing = allOps.filter((op) => op.method !== 'GET' && !noDbWrite[op.name] && !inputs[op.name]).map((op) => op.name);
  expect(missing).toEqual([]);
  expect(Object.keys(inputs).filter((name) => noDbWrite[name])).toEqual([]);
});
