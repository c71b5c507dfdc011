/**
 * The invariant suite (issue 21): random histories of invoices — issue (NOK or EUR), partial, full and over payments,
 * reversals, refunds, reminders with fee and interest, inkassovarsel, partial and full credit notes, write-off and its
 * reversal, credit moved between invoices — run over real HTTP on one server, interleaved on one calendar (the clock only
 * moves forward, as in real use). After every history, and after every step inside them, the figures Kvitt shows for
 * the same day must agree to the øre with the suite's own book (test/claims/model.ts): after every step that changed
 * something, the invoice, the list sums and the ledger balance, and (on SQLite every time, on PostgreSQL every 4th time;
 * KVITT_CLAIM_FULL_EVERY) also the overview and its documents, the summary, the
 * graph and the reports (invoices, open items, customer balances, aged balance, the customer's sales ledger, account
 * overview, payments); on a sample the invoice and reminder PDFs read back with pdftotext. KVITT_CLAIM_HISTORIES sets the number of histories (default 200); a failure prints
 * fast-check's seed (KVITT_CLAIM_SEED replays it).
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient } from '../helpers/server.js';
import { startDocServer, type DocServer } from '../helpers/documents.js';
import { onPostgres } from '../helpers/database.js';
import { reportJson } from '../reports/setup.js';
import { addDays, balanceOf, feesOpen, kr, nok, ore, stateOf, totals, type ModelInvoice } from './model.js';

const HISTORIES = Number(process.env.KVITT_CLAIM_HISTORIES ?? 200);
const FIRST_DAY = '2024-02-01';
const SPAN = 780; // the last step falls before 2026-07-01: every day has a published late-interest rate
const EUR_RATE = 11.5;
const CUSTOMERS = 5;
/**
 * How often a check also reads every overview and report (each reads every invoice): on SQLite after every step (about
 * 30 s), on PostgreSQL every 4th check (the same SQL modules; every step there costs about 140 s: KVITT_CLAIM_FULL_EVERY=1).
 */
const FULL_EVERY = Number(process.env.KVITT_CLAIM_FULL_EVERY ?? (onPostgres() ? 4 : 1));

let s: DocServer;
const customers: number[] = [];
beforeAll(async () => {
  s = await startDocServer({ today: FIRST_DAY });
  if (process.env.KVITT_CLAIM_PROFILE) {
    const json = s.json.bind(s);
    s.json = async (path, init) => {
      const t0 = performance.now();
      try {
        return await json(path, init);
      } finally {
        const key = `${init?.method ?? (init?.body === undefined ? 'GET' : 'POST')} ${path.replace(/\?.*/, '').replace(/\d+/g, 'N')}`;
        const p = profile.get(key) ?? [0, 0];
        profile.set(key, [p[0] + 1, p[1] + performance.now() - t0]);
      }
    };
  }
  expect((await s.json('/common/currency/exchangeRates', { method: 'PUT', body: { currency: 'EUR', rate: EUR_RATE, date: FIRST_DAY } })).status).toBeLessThan(300);
  for (let i = 0; i < CUSTOMERS; i++) {
    const r = await s.json('/recipients/', { body: recipient({ customerNumber: `K${i + 1}`, name: `Kunde ${i + 1} AS` }) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    customers.push(Number(r.res.headers.get('location')!.split('/').pop()));
  }
}, 60_000);
afterAll(async () => {
  if (process.env.KVITT_CLAIM_PROFILE) console.log([...profile.entries()].sort((a, b) => b[1][1] - a[1][1]).map(([k, [n, ms]]) => `${k} ${n} ${Math.round(ms)}`).join('\n'));
  await s?.close();
});
const profile = new Map<string, [number, number]>();

type Action =
  | { k: 'pay'; part: number }
  | { k: 'reverse' }
  | { k: 'refund' }
  | { k: 'remind'; fee: boolean; interest: boolean }
  | { k: 'notice' }
  | { k: 'creditPart'; part: number }
  | { k: 'creditFull' }
  | { k: 'writeOff' }
  | { k: 'unWriteOff' }
  | { k: 'transfer' }
  | { k: 'check' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(0.25, 0.5, 1, 1, 1.3).map((part) => ({ k: 'pay' as const, part })) },
  { weight: 1, arbitrary: fc.constant({ k: 'reverse' as const }) },
  { weight: 2, arbitrary: fc.constant({ k: 'refund' as const }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('remind' as const), fee: fc.boolean(), interest: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ k: 'notice' as const }) },
  { weight: 2, arbitrary: fc.constantFrom(0.2, 0.5).map((part) => ({ k: 'creditPart' as const, part })) },
  { weight: 2, arbitrary: fc.constant({ k: 'creditFull' as const }) },
  { weight: 2, arbitrary: fc.constant({ k: 'writeOff' as const }) },
  { weight: 1, arbitrary: fc.constant({ k: 'unWriteOff' as const }) },
  { weight: 2, arbitrary: fc.constant({ k: 'transfer' as const }) },
  { weight: 1, arbitrary: fc.constant({ k: 'check' as const }) },
);

const history = fc.record({
  start: fc.integer({ min: 0, max: SPAN - 90 }),
  customer: fc.integer({ min: 0, max: CUSTOMERS - 1 }),
  eur: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))), // a quarter in EUR
  second: fc.boolean(),
  lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 7 }), price: fc.integer({ min: 1_00, max: 9_000_00 }), rate: fc.constantFrom(25, 15, 12) }), { minLength: 1, maxLength: 3 }),
  due: fc.integer({ min: 0, max: 20 }),
  steps: fc.array(fc.record({ gap: fc.integer({ min: 0, max: 25 }), target: fc.integer({ min: 0, max: 1 }), action }), { minLength: 2, maxLength: 6 }),
});
type History = typeof history extends fc.Arbitrary<infer T> ? T : never;

/** Everything the suite has booked, and money that moved (payments − reversals − refunds, NOK øre). */
const book = new Map<number, ModelInvoice>();
let cashNok = 0;
const invoicePdfs: number[] = [];
const dunningPdfs: { number: number; invoice: ModelInvoice; total: number; fee: number; interest: number; balance: number }[] = [];

async function ok(path: string, body?: unknown, method?: string) {
  const r = await s.json(path, { body, method });
  expect(r.status, `${method ?? 'POST'} ${path} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r;
}
const num = (r: { res: Response }) => Number(r.res.headers.get('location')!.split('/').pop());

async function issue(h: History, today: string): Promise<ModelInvoice> {
  const r = await ok('/invoices/', {
    recipient: { number: customers[h.customer] },
    invoiceDate: today,
    dueDate: addDays(today, h.due),
    ...(h.eur ? { currency: 'EUR' } : {}),
    items: h.lines.map((l, i) => ({ description: `Linje ${i + 1}`, quantity: l.quantity, unitPrice: kr(l.price), taxRate: l.rate })),
  });
  const n = num(r);
  const inv = (await s.json(`/invoices/${n}`)).body;
  const m: ModelInvoice = {
    number: n,
    recipient: customers[h.customer],
    currency: inv.currency,
    rateMicro: inv.international ? Math.round(inv.international.exchangeRate * 1_000_000) : 1_000_000,
    issueDate: today,
    dueDate: inv.dueDate,
    total: ore(inv.total),
    fees: 0,
    interest: 0,
    paid: 0,
    credited: 0,
    writtenOff: 0,
    feesWaived: 0,
    lost: false,
    lastLoss: 0,
    payments: [],
    partlyCredited: false,
    dunnings: [],
    lastDunningDay: null,
  };
  book.set(n, m);
  return m;
}

/** Does one step if it makes sense for the invoice now (as a person would); returns what was done, or null. */
async function step(a: Action, m: ModelInvoice, other: ModelInvoice | undefined, today: string): Promise<string | null> {
  const bal = balanceOf(m);
  switch (a.k) {
    case 'pay': {
      if (m.lost) return null;
      const settles = bal > 0 ? Math.max(1, Math.round(bal * a.part)) : 100_00;
      const nokPaid = m.currency === 'NOK' ? settles : Math.round(((settles * m.rateMicro) / 1_000_000) * 1.013);
      const body = m.currency === 'NOK' ? { date: today, amount: kr(settles) } : { date: today, amount: kr(nokPaid), currencyAmount: kr(settles) };
      const r = await ok(`/invoices/${m.number}/payments`, body);
      m.paid += settles;
      m.payments.push({ id: r.body.id, settles, nok: nokPaid, reversed: false });
      cashNok += nokPaid;
      return `pay ${settles}`;
    }
    case 'reverse': {
      // A payment registered by mistake: when there is none to undo, one is registered first.
      if (m.lost) return null;
      if (!m.payments.some((x) => !x.reversed)) await step({ k: 'pay', part: 0.5 }, m, other, today);
      const p = [...m.payments].reverse().find((x) => !x.reversed)!;
      await ok(`/invoices/${m.number}/payments/${p.id}/reverse`, undefined, 'POST');
      p.reversed = true;
      m.paid -= p.settles;
      cashNok -= p.nok;
      return 'reverse';
    }
    case 'refund': {
      // Nothing to give back yet: the customer pays too much first (an overpayment), then gets it back.
      if (bal >= 0 && !m.lost) await step({ k: 'pay', part: 1.3 }, m, other, today);
      const owed = balanceOf(m);
      if (owed >= 0) return null;
      await ok(`/invoices/${m.number}/refunds`, { date: today });
      m.paid += owed;
      cashNok += nok(m, owed);
      return `refund ${-owed}`;
    }
    case 'remind':
    case 'notice': {
      // One reminder a day per invoice (a second the same day is refused unless the claim changed: not tried here).
      if (m.lost || bal <= 0 || m.dueDate >= today || m.lastDunningDay === today) return null;
      const notice = a.k === 'notice';
      const body = notice ? { invoiceNumber: m.number, debtCollectionNotice: true } : { invoiceNumber: m.number, dunningFee: a.fee, interest: a.interest };
      const d = (await ok('/dunnings/', body)).body;
      // The notice states the claim before it, then adds its fee and interest: the parts add up to its total.
      expect(ore(d.invoiceBalance), `dunning ${d.number} invoiceBalance`).toBe(bal);
      expect(ore(d.total), `dunning ${d.number} total`).toBe(bal + ore(d.dunningFee) + ore(d.interest));
      m.fees += ore(d.dunningFee);
      m.interest += ore(d.interest);
      m.dunnings.push(d.number);
      m.lastDunningDay = today;
      if (dunningPdfs.length < 12 && (d.dunningFee > 0 || d.interest > 0)) dunningPdfs.push({ number: d.number, invoice: m, total: ore(d.total), fee: ore(d.dunningFee), interest: ore(d.interest), balance: bal });
      return `${a.k} fee ${ore(d.dunningFee)} interest ${ore(d.interest)}`;
    }
    case 'creditPart':
    case 'creditFull': {
      if (m.lost || m.credited >= m.total) return null;
      let body: unknown;
      if (a.k === 'creditPart') {
        if (m.credited > 0) return null;
        const inv = (await s.json(`/invoices/${m.number}`)).body;
        const line = inv.items[0];
        const price = Math.max(1_00, Math.round(ore(line.totalWithoutTax) * a.part));
        body = { items: [{ description: 'Delkreditering', quantity: 1, unitPrice: kr(price), taxRate: line.taxRate }] };
      } else body = { scope: 'uncredited' };
      const r = await ok(`/invoices/${m.number}/credit-note`, body);
      const cn = (await s.json(`/invoices/credit-notes/${num(r)}`)).body;
      m.credited += ore(cn.total);
      // Crediting the rest: what VAT rounding misses (an øre per rate at most) is booked as øreavrunding, counted as credited.
      const miss = m.total - m.credited;
      if (a.k === 'creditFull') {
        expect(Math.abs(miss), `credit of the rest of ${m.number} misses by ${miss}`).toBeLessThanOrEqual(cn.items.length);
        m.credited += miss;
      }
      return `${a.k} ${ore(cn.total)}`;
    }
    case 'writeOff': {
      if (m.lost || bal <= 0) return null;
      await ok(`/invoices/${m.number}/lost`, { reason: 'Konkurs' });
      const waived = feesOpen(m);
      m.feesWaived += waived;
      m.lastLoss = bal - waived;
      m.writtenOff += m.lastLoss;
      m.lost = true;
      return `write off ${m.lastLoss} (fees waived ${waived})`;
    }
    case 'unWriteOff': {
      // A write-off undone (the customer turned up): when the invoice is not written off, it is written off first.
      if (!m.lost && bal > 0) await step({ k: 'writeOff' }, m, other, today);
      if (!m.lost) return null;
      await ok(`/invoices/${m.number}/lost/reverse`, undefined, 'POST');
      m.writtenOff -= m.lastLoss;
      m.lost = false;
      return 'write-off reversed';
    }
    case 'transfer': {
      if (!other || other.lost || balanceOf(other) <= 0) return null;
      if (bal >= 0 && !m.lost) await step({ k: 'pay', part: 1.3 }, m, other, today);
      const credit = balanceOf(m);
      if (credit >= 0) return null;
      const amount = Math.min(-credit, balanceOf(other));
      await ok(`/invoices/${m.number}/credit-transfer`, { toInvoice: other.number });
      m.paid -= amount;
      other.paid += amount;
      return `transfer ${amount} to ${other.number}`;
    }
    case 'check':
      return 'check';
  }
}

const sumOre = (items: Record<string, any>[], key: string) => items.reduce((a, i) => a + ore(i[key] ?? 0), 0);
const lastBalance = (items: Record<string, any>[]) => (items.length ? ore(items[items.length - 1].balance) : 0);

async function checkInvoice(m: ModelInvoice, today: string) {
  const r = await s.json(`/invoices/${m.number}`);
  const b = r.body;
  const where = `invoice ${m.number} on ${today}`;
  const expected = {
    currentBalance: kr(balanceOf(m)),
    state: stateOf(m, today),
    paid: kr(m.paid),
    credited: kr(m.credited),
    writtenOff: kr(m.writtenOff),
    charges: kr(m.fees - m.feesWaived + m.interest),
    toRefund: kr(Math.max(0, -balanceOf(m))),
  };
  expect({ currentBalance: b.currentBalance, state: b.state, ...pick(b.stateDetail, ['paid', 'credited', 'writtenOff', 'charges', 'toRefund']) }, where).toEqual(expected);
  // What the invoice page shows adds up: total + fees and interest − paid − credited − written off = balance.
  expect(ore(b.total) + ore(b.stateDetail.charges) - ore(b.stateDetail.paid) - ore(b.stateDetail.credited) - ore(b.stateDetail.writtenOff), where).toBe(ore(b.currentBalance));
  // The lines: net + VAT of each line, rounded per line (docs/claims.md); the invoice's VAT is per rate on the nets.
  const nets = b.items.reduce((a: number, i: { totalWithoutTax: number }) => a + ore(i.totalWithoutTax), 0);
  expect(nets + ore(b.tax), where).toBe(ore(b.total));
}

const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

/**
 * Every check compares each invoice of the history, the list sums and the ledger balance; `full` (every FULL_EVERY-th check and
 * at the end) also the overview, its documents, summary and graph, and every report, which read every invoice.
 */
async function checkAll(today: string, mine: ModelInvoice[], full: boolean) {
  await Promise.all(mine.map((m) => checkInvoice(m, today)));
  const all = [...book.values()];
  const t = totals(all, today);
  const at = `on ${today}`;
  // Lists: the sums of each state and of all.
  const sums = async (state: string) => (await s.json(`/invoices/sums?state=${state}`)).body;
  // Reads in parallel (nothing changes between them): the same day's figures, fewer round trips.
  const [sAll, sDue, sNotDue, ledgerBalance] = await Promise.all([sums('all'), sums('due'), sums('not-due'), s.json('/overview/sales-ledger/balance')]);
  expect({ all: [ore(sAll.balance), ore(sAll.toRefund), sAll.count], due: [ore(sDue.balance), sDue.count], notDue: [ore(sNotDue.balance), sNotDue.count] }, `sums ${at}`).toEqual({
    all: [t.outstanding, t.toRefund, t.count],
    due: [t.due, t.dueCount],
    notDue: [t.notDue, t.notDueCount],
  });
  expect(ore(ledgerBalance.body.balance), `ledger balance ${at}`).toBe(t.balance);
  if (!full) return;
  // The overview: its table (all years) and the tiles' figures agree; Betalt leaves out invoices credited in full.
  const ov = (await s.json('/overview/invoices?year=all')).body.groups[0].items as { description: string; count: number; balance?: number; _links: { self: { uri: string } } }[];
  const item = (d: string) => ov.find((i) => i.description === d)!;
  expect(
    {
      due: [item('Forfalt').count, ore(item('Forfalt').balance!)],
      notDue: [item('Ikke forfalt').count, ore(item('Ikke forfalt').balance!)],
      paid: item('Betalt').count,
      credited: item('Kreditert i sin helhet').count,
      lost: item('Tapsført').count,
    },
    `overview ${at}`,
  ).toEqual({ due: [t.dueCount, t.due], notDue: [t.notDueCount, t.notDue], paid: t.paidCount, credited: t.creditedCount, lost: t.lostCount });
  const dueDocs = await s.api(`${item('Forfalt')._links.self.uri}&perPage=1`);
  expect(Number(dueDocs.headers.get('x-total-count')), `overview documents ${at}`).toBe(t.dueCount);
  const summary = (await s.json(`/overview/invoices/summary?from=${FIRST_DAY}&to=${today}`)).body;
  expect(summary, `summary ${at}`).toMatchObject({ notDue: t.notDueCount, due: t.dueCount, paid: t.paidCount, credited: t.creditedCount });
  const graph = (await s.json(`/overview/sales-ledger/graph/revenue?from=${FIRST_DAY}&to=${today}`)).body;
  expect(graph.paid.reduce((a: number, v: number) => a + ore(v), 0), `graph paid ${at}`).toBe(cashNok);
  // Reports at the same day.
  const bal = await reportJson(s, 'recipients/balance', { to: today }, ['recipientNumber', 'balance']);
  expect(sumOre(bal.items, 'balance'), `recipients/balance ${at}`).toBe(t.balance);
  const aged = await reportJson(s, 'recipients/balance/aged', { to: today, intervals: '30,60' }, ['recipientNumber', 'notDue', 'intervals', 'balance']);
  expect(sumOre(aged.items, 'balance'), `aged ${at}`).toBe(t.balance);
  for (const row of aged.items) expect(ore(row.notDue) + ore(row.days1to30) + ore(row.days31to60) + ore(row.over60), `aged row ${at}`).toBe(ore(row.balance));
  for (const c of new Set(mine.map((m) => m.recipient))) {
    const row = bal.items.find((i) => i.recipientNumber === c);
    expect(row ? ore(row.balance) : 0, `recipients/balance row ${c} ${at}`).toBe(totals(all.filter((m) => m.recipient === c), today).balance);
  }
  const [open, invoices, accounts, payments] = await Promise.all([
    reportJson(s, 'openItems', { to: today }, ['number', 'balance']),
    reportJson(s, 'invoices', {}, ['number', 'balance']),
    reportJson(s, 'accountOverview', { from: FIRST_DAY, to: today }, ['date', 'debit', 'credit', 'balance']),
    reportJson(s, 'payments', { from: FIRST_DAY, to: today }, ['date', 'amount']),
  ]);
  expect([sumOre(open.items, 'balance'), open.items.length], `openItems ${at}`).toEqual([t.balance, t.nonZero]);
  for (const m of mine) {
    const row = open.items.find((i) => i.number === m.number);
    expect(row ? ore(row.balance) : 0, `openItems row ${m.number} ${at}`).toBe(nok(m, balanceOf(m)));
  }

  expect(sumOre(invoices.items, 'balance'), `invoices report ${at}`).toBe(t.balance);

  expect(lastBalance(accounts.items), `accountOverview ${at}`).toBe(t.balance);
  for (const c of new Set(mine.map((m) => m.recipient))) {
    const ledger = await reportJson(s, `recipients/${c}/salesledger`, { from: FIRST_DAY, to: today }, ['date', 'debit', 'credit', 'balance']);
    const own = totals(all.filter((m) => m.recipient === c), today).balance;
    expect(lastBalance(ledger.items), `salesledger ${c} ${at}`).toBe(own);
  }

  expect(sumOre(payments.items, 'amount'), `payments report ${at}`).toBe(cashNok);
}

/** The amounts a PDF prints, as øre ("1 234,56" → 123456). */
function pdfAmounts(data: Buffer): number[] {
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: data }).toString('utf8');
  return [...text.matchAll(/-?\d{1,3}(?:[  ]\d{3})*,\d{2}/g)].map((m) => ore(Number(m[0].replace(/[  ]/g, '').replace(',', '.'))));
}

async function checkPdfs() {
  for (const n of invoicePdfs) {
    const m = book.get(n)!;
    const res = await s.api(`/invoices/${n}/pdf`);
    expect(res.status).toBe(200);
    expect(pdfAmounts(Buffer.from(await res.arrayBuffer())), `invoice ${n} PDF prints its total`).toContain(m.total);
  }
  for (const d of dunningPdfs) {
    const res = await s.api(`/dunnings/${d.number}/pdf`);
    expect(res.status).toBe(200);
    const printed = pdfAmounts(Buffer.from(await res.arrayBuffer()));
    const where = `dunning ${d.number} PDF ${JSON.stringify(printed)}`;
    expect(printed, where).toContain(d.total);
    if (d.fee) expect(printed, where).toContain(d.fee);
    if (d.interest) expect(printed, where).toContain(d.interest);
  }
}

interface Event {
  day: number;
  h: number;
  i: number; // -1 = issue
}

test(`${HISTORIES} random histories: every figure agrees to the øre with the book, after every step`, async () => {
  const seed = process.env.KVITT_CLAIM_SEED ? Number(process.env.KVITT_CLAIM_SEED) : undefined;
  let steps = 0;
  let checks = 0;
  const done = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(fc.array(history, { minLength: HISTORIES, maxLength: HISTORIES }), async (histories) => {
      const events: Event[] = [];
      histories.forEach((h, hi) => {
        events.push({ day: h.start, h: hi, i: -1 });
        let day = h.start;
        h.steps.forEach((st, si) => {
          day += st.gap;
          events.push({ day, h: hi, i: si });
        });
      });
      events.sort((a, b) => a.day - b.day || a.h - b.h || a.i - b.i);
      const own: ModelInvoice[][] = histories.map(() => []);
      for (const e of events) {
        const today = addDays(FIRST_DAY, e.day);
        if (s.clock.today() !== today) s.clock.set(today);
        const h = histories[e.h];
        if (e.i === -1) {
          own[e.h].push(await issue(h, today));
          if (h.second) own[e.h].push(await issue(h, today));
          if (e.h % 25 === 0) invoicePdfs.push(own[e.h][0].number);
          continue;
        }
        const st = h.steps[e.i];
        const [a, b] = own[e.h];
        const target = st.target === 1 && b ? b : a;
        const what = await step(st.action, target, target === a ? b : a, today);
        steps += 1;
        if (what) done.set(st.action.k, (done.get(st.action.k) ?? 0) + 1);
        // After every step that changed something (and at each history's 'check' and end): the invoices, the list sums
        // and the ledger balance; every FULL_EVERY-th time also every overview and report figure.
        if (what || st.action.k === 'check' || e.i === h.steps.length - 1) {
          await checkAll(today, own[e.h], checks % FULL_EVERY === 0);
          checks += 1;
        }
      }
      await checkAll(s.clock.today(), [], true);
      await checkPdfs();
    }),
    { numRuns: 1, endOnFailure: true, ...(seed !== undefined ? { seed } : {}) },
  );
  // The histories did what they are for: each kind of step happened (not only refused as pointless).
  if (HISTORIES >= 100) for (const k of ['pay', 'reverse', 'refund', 'remind', 'notice', 'creditPart', 'creditFull', 'writeOff', 'unWriteOff', 'transfer']) {
    expect(done.get(k) ?? 0, `${k} done`).toBeGreaterThan(0);
  }
  expect(checks).toBeGreaterThanOrEqual(HISTORIES);
  expect(steps).toBeGreaterThan(HISTORIES * 2);
}, 600_000);
