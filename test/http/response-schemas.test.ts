import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allOps } from '../../main/op-table.js';
import { startDocServer, numberOf, type DocServer, BACKDATING } from '../helpers/documents.js';
import { recipient } from '../helpers/server.js';
import { opFor } from '../helpers/response-check.js';
import { eventBody, FREE, solvePow } from '../events/setup.js';
import { startSmtp, until, useSmtp } from '../sending/helpers.js';
import { ocrFile, ocrSpec } from '../helpers/bank-file-gen.js';

/**
 * The output schemas tell the truth: the main operations of every described area are walked through real HTTP with the
 * response check on (test/helpers/response-check.ts), so an answer that does not match its operation's `output` fails
 * here with the operation's name and ajv's error.
 */
process.env.KVITT_CHECK_RESPONSES = '1';

/** Areas whose owners add their output schemas later: an area leaves this list when all its operations state their answer. */
const NOT_YET_DESCRIBED: string[] = [];
/**
 * Operations of the described areas whose output schema (generated from real answers: *.output.ts) still disagrees with the
 * service's TypeScript type on nullability, so tsc refuses it; each leaves this list when its schema is made exact.
 */
const NOT_YET_EXACT = new Set<string>([]);
const described = (op: { name: string }) => !NOT_YET_DESCRIBED.includes(op.name.split('.')[0]) && !NOT_YET_EXACT.has(op.name);

let s: DocServer;
const seen = new Set<string>();
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15', invoicing: BACKDATING });
});
afterAll(async () => {
  if (process.env.DUMP) (await import('node:fs')).writeFileSync(process.env.DUMP, JSON.stringify((globalThis as any).samples, null, 1));
  await s?.close();
  delete process.env.KVITT_CHECK_RESPONSES;
});

/** A request that must succeed (2xx); the response check has validated its body by then. */
async function ok(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const r = await s.json(path, init);
  expect(r.status, `${init.method ?? (init.body === undefined ? 'GET' : 'POST')} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  const op = opFor(init.method ?? (init.body === undefined ? 'GET' : 'POST'), path);
  if (op) seen.add(op.name);
  if (op && process.env.DUMP) ((globalThis as any).samples ??= {})[op.name] ??= { status: r.status, body: r.body };
  return r;
}
const LINES = { items: [{ productCode: 'A1', quantity: 2 }, { productCode: 'MAT', quantity: 10 }] };

describe('answers match the output schemas', () => {
  test('common, settings, users, backups', async () => {
    await ok('/common/info');
    await ok('/common/public/countries');
    await ok('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: 11.5, date: '2026-01-01' } });
    await ok('/common/currency/exchangeRates');
    await ok('/originators/current/settings');
    const settings = (await ok('/originators/current/settings')).body;
    await ok('/originators/current/settings', { method: 'PUT', body: { company: settings.company } });
    await ok('/originators/current/api-key');
    const user = await ok('/users/', { body: { name: 'Kari Regnskap', role: 'bookkeeper' } });
    const id = numberOf(user.res);
    await ok('/users/');
    await ok(`/users/${id}`);
    await ok(`/users/${id}`, { method: 'PUT', body: { active: false } });
    await ok(`/users/${id}/key`, { method: 'POST' });
    await ok('/me');
    await ok(`/users/${id}`, { method: 'DELETE' });
  });

  test('backups (a database in a folder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kvitt-out-'));
    const mem = s;
    s = await startDocServer({ dbFile: join(dir, 'kvitt.sqlite') });
    try {
      const backup = await ok('/originators/current/backups', { method: 'POST', body: {} });
      const list = await ok('/originators/current/backups');
      const file = (backup.body as { file?: string }).file ?? list.body[0].file ?? list.body[0].name;
      await ok(`/originators/current/backups/${encodeURIComponent(file)}`);
    } finally {
      await s.close();
      s = mem;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('recipients, labels, custom fields, products', async () => {
    const one = await ok('/recipients/', { body: recipient({ name: 'Bryggen Bakeri AS', organisation: undefined }) });
    const n = numberOf(one.res);
    await ok('/recipients/', { body: [recipient({ name: 'A AS', organisation: undefined }), recipient({ name: 'B AS', organisation: undefined })] });
    await ok('/recipients/');
    await ok('/recipients/?perPage=2&page=1');
    await ok('/recipients/?perPage=5&sort=balance&dir=desc');
    const { number: _n, deleted: _d, _links, ...got } = (await ok(`/recipients/${n}`)).body;
    await ok(`/recipients/${n}`, { method: 'PUT', body: { ...got, name: 'Bryggen Bakeri og Kafé AS' } });
    await ok(`/recipients/${s.company}/draftDocuments`);
    const label = await ok('/labels/', { body: { name: 'Faste' } });
    await ok('/labels/');
    await ok(`/labels/${label.body.number}`, { method: 'PUT', body: { name: 'Faste kunder' } });
    await ok(`/labels/${label.body.number}`, { method: 'DELETE' });
    const field = await ok('/custom-fields/', { body: { name: 'Avdeling', type: 'TEXT' } });
    await ok('/custom-fields/');
    await ok(`/custom-fields/${field.body.number}`, { method: 'PUT', body: { name: 'Avd.', type: 'TEXT' } });
    await ok(`/custom-fields/${field.body.number}`, { method: 'DELETE' });
    await ok(`/recipients/${n}`, { method: 'DELETE' });
    const p = await ok('/products/', { body: { code: 'X9', description: 'Test', unitPrice: 10, taxRate: 25 } });
    const pn = numberOf(p.res);
    await ok('/products/');
    await ok('/products/?perPage=2');
    await ok(`/products/${pn}`);
    await ok(`/products/${pn}`, { method: 'PUT', body: { code: 'X9', description: 'Test 2', unitPrice: 11, taxRate: 25 } });
    await ok(`/products/${pn}`, { method: 'DELETE' });
  });

  test('invoices: drafts, issue, lists, payments, lost, credit notes, files', async () => {
    const draft = await ok('/invoices/drafts/', { body: { recipient: { number: s.company }, ...LINES } });
    const d = numberOf(draft.res);
    await ok('/invoices/drafts/');
    await ok('/invoices/drafts/?perPage=5');
    await ok(`/invoices/drafts/${d}`);
    await ok(`/invoices/drafts/${d}`, { method: 'PUT', body: { recipient: { number: s.company }, ...LINES, invoiceText: 'Takk' } });
    await ok(`/invoices/drafts/${d}/pdf`);
    await ok('/documents/preview-pdf', { body: { recipient: { number: s.company }, ...LINES } });
    const issued = await ok(`/invoices/drafts/${d}/issue`, { method: 'POST' });
    const n = numberOf(issued.res);
    const d2 = numberOf((await ok('/invoices/drafts/', { body: { recipient: { number: s.person }, ...LINES } })).res);
    await ok(`/invoices/drafts/${d2}`, { method: 'DELETE' });
    const n2 = numberOf((await ok('/invoices/', { body: { recipient: { number: s.company }, ...LINES } })).res);
    const n3 = numberOf((await ok('/invoices/', { body: { recipient: { number: s.company }, ...LINES } })).res);
    for (const list of ['', 'not-due', 'due', 'paid', 'lost']) {
      await ok(`/invoices/${list}`);
      await ok(`/invoices/${list}?perPage=2`);
      await ok(`/invoices/${list}?withState=true`);
    }
    await ok('/invoices/sums');
    await ok('/invoices/sums?state=due');
    await ok(`/invoices/${n}`);
    await ok(`/invoices/${n}/integrity`);
    await ok(`/invoices/${n}/pdf`);
    await ok(`/invoices/${n}/ehf`);
    const pay = await ok(`/invoices/${n}/payments`, { body: { date: '2026-03-15', amount: 100 } });
    await ok(`/invoices/${n}/payments`);
    const payId = Number(pay.res.headers.get('location')!.split('/').pop());
    await ok(`/invoices/${n}/payments/${payId}`);
    await ok(`/invoices/${n}/payments/${payId}/reverse`, { method: 'POST' });
    await ok(`/invoices/${n2}/lost`, { body: { reason: 'Konkurs' } });
    await ok(`/invoices/${n2}/lost/reverse`, { method: 'POST' });
    await ok(`/invoices/${n}/credit-note/preview`, { body: { scope: 'owed' } });
    const cn = numberOf((await ok(`/invoices/${n}/credit-note`, { method: 'POST' })).res);
    await ok('/invoices/credit-notes');
    await ok('/invoices/credit-notes?perPage=2');
    await ok(`/invoices/credit-notes/${cn}`);
    await ok(`/invoices/credit-notes/${cn}/integrity`);
    await ok(`/invoices/credit-notes/${cn}/pdf`);
    await ok(`/invoices/credit-notes/${cn}/ehf`);
    // n3 overpaid: a credit to refund and to move.
    const total = (await ok(`/invoices/${n3}`)).body.totals?.total ?? (await ok(`/invoices/${n3}`)).body.total;
    await ok(`/invoices/${n3}/payments`, { body: { date: '2026-03-15', amount: Number(total) + 200 } });
    await ok(`/invoices/${n3}/refunds`, { body: { date: '2026-03-15', amount: 100 } });
    await ok(`/invoices/${n3}/credit-transfer`, { body: { toInvoice: n2, amount: 50 } });
    await ok(`/invoices/${n3}/payments`);
    await ok(`/invoices/${n2}/payments`);
    // A credit-note draft (creditedInvoiceNumber) and a draft and invoice in EUR with a delivery address (international block).
    const cd = numberOf((await ok('/invoices/drafts/', { body: { recipient: { number: s.company }, credit: true, creditedInvoiceNumber: n2, items: [{ productCode: 'A1', quantity: 1 }] } })).res);
    await ok(`/invoices/drafts/${cd}`);
    const abroad = { recipient: { number: s.company }, ...LINES, currency: 'EUR', deliveryAddress: { address: 'Kaiserstraße 1', zip: '10115', city: 'Berlin', country: 'DE' } };
    const ed = numberOf((await ok('/invoices/drafts/', { body: abroad })).res);
    await ok(`/invoices/drafts/${ed}`);
    await ok('/invoices/drafts/');
    const eur = numberOf((await ok('/invoices/', { body: abroad })).res);
    await ok(`/invoices/${eur}`);
    await ok('/invoices/?withState=true&perPage=3');
    await ok(`/invoices/credit-notes/${numberOf((await ok(`/invoices/${eur}/credit-note`, { method: 'POST' })).res)}`);
  });

  test('offers and order confirmations', async () => {
    const d = numberOf((await ok('/offer/drafts/', { body: { recipient: { number: s.company }, ...LINES } })).res);
    await ok('/offer/drafts/');
    await ok(`/offer/drafts/${d}`);
    await ok(`/offer/drafts/${d}`, { method: 'PUT', body: { recipient: { number: s.company }, ...LINES, invoiceText: 'Tilbud' } });
    await ok(`/offer/drafts/${d}/pdf`);
    const o = numberOf((await ok(`/offer/drafts/${d}/issue`, { method: 'POST' })).res);
    const d2 = numberOf((await ok('/offer/drafts/', { body: { recipient: { number: s.company }, ...LINES } })).res);
    await ok(`/offer/drafts/${d2}`, { method: 'DELETE' });
    await ok('/offer/');
    await ok('/offer/?perPage=2');
    await ok(`/offer/${o}`);
    await ok(`/offer/${o}/pdf`);
    const oc = numberOf((await ok(`/offer/${o}/order-confirmation`, { method: 'POST' })).res);
    await ok(`/offer/${o}/history`);
    await ok('/order-confirmation/');
    await ok(`/order-confirmation/${oc}`);
    await ok(`/order-confirmation/${oc}/pdf`);
    await ok(`/order-confirmation/${oc}/invoice`, { method: 'POST' });
    const ocd = numberOf((await ok('/order-confirmation/drafts/', { body: { recipient: { number: s.company }, ...LINES } })).res);
    await ok('/order-confirmation/drafts/');
    await ok(`/order-confirmation/drafts/${ocd}`);
    await ok(`/order-confirmation/drafts/${ocd}`, { method: 'PUT', body: { recipient: { number: s.company }, ...LINES, dueDate: '2026-04-30' } });
    await ok(`/order-confirmation/drafts/${ocd}/pdf`);
    await ok(`/order-confirmation/drafts/${numberOf((await ok('/order-confirmation/drafts/', { body: { recipient: { number: s.company }, ...LINES } })).res)}`, { method: 'DELETE' });
    await ok(`/order-confirmation/drafts/${ocd}/issue`, { method: 'POST' });
    const o2 = numberOf((await ok('/offer/drafts/', { body: { recipient: { number: s.company }, ...LINES } })).res);
    const o2n = numberOf((await ok(`/offer/drafts/${o2}/issue`, { method: 'POST' })).res);
    await ok(`/offer/${o2n}/invoice`, { method: 'POST' });
    // The chain as read back: the converted offer's successors, the order confirmation's source, lists with all states.
    await ok(`/offer/${o}`);
    await ok(`/order-confirmation/${oc}`);
    await ok('/offer/?state=converted');
    await ok('/order-confirmation/?perPage=5');
    await ok('/offer/drafts/?perPage=5');
    await ok('/order-confirmation/drafts/?perPage=5');
  });

  test('overview and dunnings', async () => {
    await ok('/overview/invoices');
    await ok('/overview/invoices/documents');
    await ok('/overview/sales-ledger/graph/revenue');
    await ok('/overview/invoices/summary');
    await ok('/overview/sales-ledger/balance');
    s.clock.set?.('2026-03-15');
    const due = numberOf((await ok('/invoices/', { body: { recipient: { number: s.company }, ...LINES, invoiceDate: '2026-01-02', dueDate: '2026-01-16' } })).res);
    await ok('/dunnings/candidates');
    const dn = numberOf((await ok('/dunnings/', { body: { invoiceNumber: due } })).res);
    await ok('/dunnings/');
    await ok('/dunnings/?withDetails=true');
    await ok(`/dunnings/${dn}`);
    await ok(`/dunnings/${dn}/pdf`);
    await ok(`/dunnings/${dn}/history`);
    await ok('/dunnings/interest-rates');
    await ok('/dunnings/interest-rates', { body: { from: '2027-01-01', rate: 12.25 } });
    await ok('/dunnings/interest-rates/2027-01-01');
    await ok('/dunnings/interest-rates/2027-01-01', { method: 'PUT', body: { from: '2027-01-01', rate: 12.5 } });
    await ok('/dunnings/interest-rates/2027-01-01', { method: 'DELETE' });
    await ok('/dunnings/run', { method: 'POST' });
    // Past the dunning's deadline the invoice is a candidate again, with its last dunning.
    s.clock.set?.('2026-05-15');
    const again = await ok('/dunnings/candidates');
    expect(again.body.some((c: { lastDunning: unknown }) => c.lastDunning !== null)).toBe(true);
    await ok('/overview/invoices/documents?states=draft,due&year=all');
    s.clock.set?.('2026-03-15');
  });

  test('hosted events: host side, participants, discount codes, the public page, captcha and signup (JSON and form)', async () => {
    await ok('/products/', { body: [{ code: 'KURS', description: 'Kurs', unitPrice: 1000, taxRate: 25 }, { code: 'LUNSJ', description: 'Lunsj', unitPrice: 200, taxRate: 15 }] });
    const created = await ok('/host/events/', { body: eventBody() });
    const n = numberOf(created.res);
    const id = created.body.id;
    const pending = await ok('/host/events/', { body: eventBody({ name: 'Kurs med bekreftelse', confirmation: true, signupCaptcha: true }) });
    const free = await ok('/host/events/', { body: eventBody({ name: 'Gratis', ...FREE, participantLimit: null }) });
    await ok('/host/events/', { body: eventBody({ name: 'Fjorårets kurs', date: '2026-02-01 10:00', endDate: null, registrationDeadline: null }) });
    await ok('/host/events/upcoming');
    await ok('/host/events/upcoming?q=kurs&perPage=2&page=1');
    await ok('/host/events/past');
    await ok('/host/events/past?perPage=1');
    // A client puts back what it got (id, number, _links and _stats included).
    const got = (await ok(`/host/events/${n}`)).body;
    await ok(`/host/events/${n}`, { method: 'PUT', body: { ...got, name: 'Regnskapskurs for småbedrifter' } });
    await ok('/host/events/public-address');
    expect((await ok('/events/postcodes/7010')).body).toEqual({ postcode: '7010', city: 'TRONDHEIM' });
    await ok(`/host/events/${n}/discount-codes`, { body: { code: 'VENN', amount: 100 } });
    await ok(`/host/events/${n}/discount-codes/VENN`, { method: 'PUT', body: { code: 'VENN', amount: 120 } });
    await ok(`/host/events/${n}/discount-codes/VENN`, { method: 'DELETE' });

    // The public side: the page (HTML), the question, a JSON signup and the page's form.
    const page = await ok(`/events/${id}?discountCode=TIDLIG`);
    expect(page.res.headers.get('content-type')).toMatch(/^text\/html/);
    await ok(`/events/${id}/captcha`);
    const invoice = { name: 'Ola Nordmann', address: 'Bakken 2', zip: '5003', city: 'BERGEN', country: null, orgNo: null, yourRef: null };
    const signed = await ok(`/events/${id}/signup`, {
      body: { name: 'Ola Nordmann', email: 'ola@example.no', mobile: null, invoice, discountCode: 'TIDLIG', customFields: [{ number: 1, value: true }, { number: 2, name: 'Allergier', type: 'TEXT', options: null, value: 'Nøtter' }] },
    });
    expect(signed.body.status).toBe('registered');
    const form = new URLSearchParams({ name: 'Kari Skjema', email: 'kari@example.no', 'invoice.name': 'Kari Skjema', 'invoice.address': 'Vei 3', 'invoice.zip': '0150', 'invoice.city': 'OSLO', 'cf.1': 'on' });
    const posted = await ok(`/events/${id}/signup`, { body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(posted.res.headers.get('content-type')).toMatch(/^text\/html/);
    await ok(`/events/${free.body.id}/signup`, { body: { name: 'Per Gratis', email: 'per@example.no' } });
    const question = (await ok(`/events/${pending.body.id}/captcha`)).body as { pow: { challenge: string; bits: number } };
    const captcha = { challenge: question.pow.challenge, nonce: solvePow(question.pow.challenge, question.pow.bits) };
    const waiting = await ok(`/events/${pending.body.id}/signup`, { body: { name: 'Vent Ventesen', email: 'vent@example.no', invoice, captcha } });
    expect(waiting.body.status).toBe('pending');

    // Participants as the host sees them, through confirm, change and cancel.
    const p = signed.body.participantNumber;
    await ok(`/host/events/${n}/participants`);
    await ok(`/host/events/${n}/participants?status=registered&perPage=1`);
    await ok(`/host/events/${free.body.number}/participants`);
    await ok(`/host/events/${n}/participants/${p}`);
    await ok(`/host/events/${n}/participants/${p}`, { method: 'PUT', body: { name: 'Ola Nordmann', email: 'ola.n@example.no', mobile: '91234567' } });
    await ok(`/host/events/${pending.body.number}/participants/${waiting.body.participantNumber}/confirm`, { method: 'POST' });
    const cancelled = await ok(`/host/events/${n}/participants/${p}/cancel`, { method: 'POST' });
    expect(cancelled.body.creditNoteNumber).not.toBeNull();
    await ok(`/host/events/${n}`);
    const gone = await ok('/host/events/', { body: eventBody({ name: 'Avlyst' }) });
    await ok(`/host/events/${numberOf(gone.res)}`, { method: 'DELETE' });
    const notCalled = allOps.filter((op) => op.name.startsWith('events.') && !seen.has(op.name)).map((op) => op.name);
    expect(notCalled).toEqual([]);
  });

  test('sending: shipment methods, send, outbox, print queue, retry, history, test e-mail; reports by e-mail', async () => {
    const smtp = await startSmtp();
    try {
      await useSmtp(s, smtp.port);
      const n = numberOf((await ok('/invoices/', { body: { recipient: { number: s.company }, ...LINES } })).res);
      await ok(`/shipment-methods/recipient/${s.company}/invoice`);
      await ok(`/shipment-methods/recipient/${s.person}/offer?international=true`);
      await ok(`/shipment-methods/invoice/${n}/credit-note`);
      await ok('/shipment-methods/invoice/999999/dunning'); // 204
      await ok(`/shipment-methods/invoice/${n}`);
      await ok('/shipment-methods/offer/999999'); // 204
      const sent = await ok(`/invoices/${n}/send`, { body: { email: [{ address: 'kunde@fjordbygg.no' }], paper: {} } });
      const paper = sent.body.find((x: { method: string }) => x.method === 'paper').id;
      const cn = numberOf((await ok(`/invoices/${n}/credit-note`, { method: 'POST' })).res);
      const refused = (await ok(`/invoices/credit-notes/${cn}/send`, { body: { email: [{ address: 'reject@fjordbygg.no' }] } })).body[0].id;
      const od = numberOf((await ok('/offer/drafts/', { body: { recipient: { number: s.company }, ...LINES } })).res);
      const o = numberOf((await ok(`/offer/drafts/${od}/issue`, { method: 'POST' })).res);
      await ok(`/offer/${o}/send`, { body: { email: [{ address: 'innkjop@fjordbygg.no' }] } });
      const oc = numberOf((await ok(`/offer/${o}/order-confirmation`, { method: 'POST' })).res);
      await ok(`/order-confirmation/${oc}/send`, { body: { paper: { address1: 'Postboks 12', zip: '5804', city: 'Bergen', country: 'Norge' } } });
      await ok('/outbox/flush', { method: 'POST' });
      await ok(`/invoices/${n}/history`);
      await ok(`/invoices/credit-notes/${cn}/history`);
      await ok(`/order-confirmation/${oc}/history`);
      await ok(`/offer/${o}/history`);
      await ok('/outbox/');
      await ok('/outbox/?perPage=2&page=2');
      await ok('/outbox/?method=paper&status=IN_PROGRESS');
      await ok(`/outbox/${paper}`);
      await ok(`/outbox/${paper}/pdf`);
      await ok(`/outbox/${paper}/printed`, { method: 'POST' });
      // The running sender may hold the refused mail while flush runs: flush again until the server's 550 is recorded.
      await until(async () => {
        if ((await ok(`/outbox/${refused}`)).body.status === 'NOT_DELIVERED') return true;
        await ok('/outbox/flush', { method: 'POST' });
        return false;
      }, 30_000);
      await ok(`/outbox/${refused}/retry`, { method: 'POST' });
      await ok('/originators/current/settings/test-email', { body: { to: 'meg@fjordraad.no' } });
      await ok('/originators/current/settings/test-email', { body: { to: 'reject@fjordraad.no' } });
      await ok('/reports/email', { body: { email: 'regnskap@fjordraad.no' } });
      await ok('/reports/email', { body: { email: 'regnskap@fjordraad.no', copyEmail: 'kopi@fjordraad.no', reports: ['payments', 'currency'], from: '2026-01-01', end: '2026-03-15' } });
    } finally {
      await smtp.close();
    }
  });

  test('reports: the list, the columns and file of every report in each format but PDF and EHF', async () => {
    const n = numberOf((await ok('/invoices/', { body: { recipient: { number: s.company }, ...LINES } })).res);
    await ok(`/invoices/${n}/payments`, { body: { date: '2026-03-15', amount: 100 } });
    const list = (await ok('/reports/?lang=en')).body as Array<{ resource: string; formats: string[]; params: string[]; fixedColumns: boolean; columns: Array<{ key: string; preselected: boolean }> }>;
    for (const r of list) {
      const path = `/reports/${r.resource.replace('{number}', String(r.resource.startsWith('payments') ? n : s.company))}`;
      if (!r.fixedColumns) await ok(`${path}/availableColumns`);
      const picked = r.columns.filter((c) => c.preselected);
      const columns = (picked.length ? picked : r.columns).map((c) => c.key).join(',');
      const params = new URLSearchParams({ columns });
      if (r.params.includes('from')) params.set('from', '2026-01-01');
      if (r.params.includes('to')) params.set('to', '2026-03-15');
      if (r.params.includes('intervals')) params.set('intervals', '30,60,90');
      if (r.params.includes('year')) params.set('year', '2026');
      if (r.params.includes('term')) params.set('term', '1');
      for (const format of r.formats.filter((f) => f !== 'PDF' && f !== 'EHF')) await ok(`${path}?format=${format}&${params}`);
    }
  });

  test('recurring invoices (issue 26)', async () => {
    const body = { recipientNumber: s.company, ...LINES, interval: { unit: 'MONTH', every: 1 }, startDate: '2026-03-15', invoiceText: 'Leie {periode}' };
    const n = numberOf((await ok('/recurring/', { body })).res);
    await ok('/recurring/');
    await ok(`/recurring/?recipientNumber=${s.company}&active=true&perPage=5`);
    await ok('/recurring/run', { method: 'POST' });
    await ok(`/recurring/${n}`);
    await ok(`/recurring/${n}/invoices?perPage=5`);
    await ok(`/recurring/${n}`, { method: 'PUT', body: { ...body, dueInDays: 20 } });
    await ok(`/recurring/${n}/pause`, { method: 'POST' });
    await ok(`/recurring/${n}/resume`, { method: 'POST' });
    const gap = numberOf((await ok('/recurring/', { body: { ...body, startDate: '2025-10-15' } })).res);
    await ok('/recurring/run', { method: 'POST' });
    await ok(`/recurring/${gap}/confirm`, { method: 'POST' });
    await ok(`/recurring/${n}`, { method: 'DELETE' });
    await ok('/invoices/batch', { body: { recipients: [s.company, s.person], ...LINES, dueInDays: 14, shipment: { preferred: true } } });
  });

  test('bank files (issue 25): import, lists, match, unmatch, ignore, the payment with its bank transaction', async () => {
    const n = numberOf((await ok('/invoices/', { body: { recipient: { number: s.company }, ...LINES } })).res);
    const inv = (await ok(`/invoices/${n}`)).body;
    const file = ocrFile(ocrSpec('86011117947', '2026-03-14', [{ amountOre: 10_000, kid: inv.kid }, { amountOre: 777, kid: '99999995' }, { amountOre: 555 }]));
    const imported = (await ok('/bank-files/?name=ocr.txt', { body: file, headers: { 'content-type': 'text/plain' } })).body;
    await ok('/bank-files/');
    await ok(`/bank-files/${imported.id}`);
    const txs = (await ok(`/bank-files/${imported.id}/transactions?perPage=10`)).body;
    await ok('/bank-transactions/?status=UNMATCHED');
    await ok(`/bank-transactions/${txs[1].id}/match`, { body: { invoiceNumber: n } });
    await ok(`/invoices/${n}/payments`);
    await ok(`/bank-transactions/${txs[1].id}/unmatch`, { method: 'POST' });
    await ok(`/bank-transactions/${txs[2].id}/ignore`, { method: 'POST' });
  });

  test('every operation of the described areas states its answer, and the walk reached most of them', () => {
    const missing = allOps.filter((op) => !op.output && described(op)).map((op) => op.name);
    expect(missing).toEqual([]);
    const withOutput = allOps.filter((op) => op.output && described(op));
    const notWalked = withOutput.filter((op) => !seen.has(op.name)).map((op) => op.name);
    expect(notWalked.length, notWalked.join(', ')).toBeLessThan(withOutput.length * 0.1);
    // The document operations (invoices, credit notes, payments, offers, order confirmations, the overview list, dunning candidates): every one.
    const documentOps = withOutput.filter((op) => /^(invoices|offers|orderConfirmations)\./.test(op.name) || ['overview.documents', 'dunnings.candidates'].includes(op.name));
    expect(documentOps.length).toBeGreaterThan(55);
    expect(documentOps.filter((op) => !seen.has(op.name)).map((op) => op.name)).toEqual([]);
  });
});
