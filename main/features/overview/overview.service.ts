/**
 * GET /overview/invoices (spec 4.3, 2.6): the years with documents and the groups Fakturaer, Tilbud and
 * Ordrebekreftelser, each item counted and summed by one SQL aggregate (GROUP BY the state at today) and linked to the
 * list that returns exactly the documents it counts. Totals in NOK (other currencies at each document's own rate).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { InvoiceState } from '../../domain/invoice-state.js';
import { oreToKr } from '../../domain/money.js';
import { DOCUMENT_KINDS } from '../documents/core.js';
import { stateWhere, creditedInFull, outstandingNok } from '../invoices/index.js';
import { chainStateWhere, type OfferState } from '../offers/index.js';
import type { YearParam } from './overview.schema.js';
import { yearRange } from './overview.sql.js';

/**
 * Every year that has issued documents, newest first: per kind, the newest date before the year last found, one index
 * step each (a few tiny queries instead of grouping every document).
 */
export async function documentYears(db: Kysely<Database>): Promise<number[]> {
  const years = new Set<number>();
  for (const kind of DOCUMENT_KINDS) {
    let before = '9999-12-31';
    for (;;) {
      const r = await db
        .selectFrom('documents')
        .select('issue_date')
        .where('kind', '=', kind)
        .where('issue_date', '<', before)
        .where('number', 'is not', null)
        .orderBy('issue_date', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!r?.issue_date) break;
      const year = Number(r.issue_date.slice(0, 4));
      years.add(year);
      before = yearRange(year).from;
    }
  }
  return [...years].sort((a, b) => b - a);
}

/** The year of the newest issued invoice, or this year when there is none. */
export async function lastInvoiceYear(db: Kysely<Database>, today: string): Promise<number> {
  const r = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.max('issue_date').as('last'))
    .where('kind', '=', 'invoice')
    .where('number', 'is not', null)
    .executeTakeFirst();
  return Number((r?.last ?? today).slice(0, 4));
}

/** A year parameter made concrete: a number, or null for every year. */
export async function resolveYear(db: Kysely<Database>, year: YearParam, today: string): Promise<number | null> {
  if (year === 'all') return null;
  return year === 'last' ? lastInvoiceYear(db, today) : year;
}

interface Item {
  description: string;
  count: number;
  total: number;
  /** Invoice items: what is outstanding on them now (claim.sql.ts outstandingNok: incl. reminder fees and interest). */
  balance?: number;
  _links: { self: { uri: string } };
}
interface Figures {
  count: number;
  total: number; // øre NOK
  balance?: number; // øre NOK, invoice items only
}
const NONE: Figures = { count: 0, total: 0 };

const item = (description: string, f: Figures | undefined, uri: string, withBalance = false): Item => ({
  description,
  count: f?.count ?? 0,
  total: oreToKr(f?.total ?? 0),
  ...(withBalance ? { balance: oreToKr(f?.balance ?? 0) } : {}),
  _links: { self: { uri } },
});

/** `credited`: paid-state invoices credited in full with nothing paid on them (claim.sql.ts creditedInFull), not "Betalt". */
const INVOICE_ITEMS: { state: InvoiceState; api: string; description: string }[] = [
  { state: 'not-due', api: 'notDue', description: 'Ikke forfalt' },
  { state: 'due', api: 'due', description: 'Forfalt' },
  { state: 'paid', api: 'paid', description: 'Betalt' },
  { state: 'paid', api: 'credited', description: 'Kreditert i sin helhet' },
  { state: 'lost', api: 'lost', description: 'Tapsført' },
];

/** Issued invoices in the year by state at today: one pass, grouped by the state (stateWhere, the lists' own conditions). */
async function invoiceFigures(db: Kysely<Database>, year: number | null, today: string): Promise<Map<string, Figures>> {
  let q = db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .where('d.kind', '=', 'invoice')
    .where('d.number', 'is not', null);
  if (year !== null) q = q.where('d.issue_date', '>=', yearRange(year).from).where('d.issue_date', '<=', yearRange(year).to);
  const rows = await q
    .select((eb) => {
      let c = eb.case().when(eb.and([stateWhere(eb, 'paid', today), creditedInFull])).then('credited');
      for (const s of INVOICE_ITEMS.filter((i) => i.api !== 'credited')) c = c.when(stateWhere(eb, s.state, today)).then(s.api) as typeof c;
      return [c.end().as('state'), eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('d.total_nok').as('total'), sql<number>`sum(${outstandingNok})`.as('balance')];
    })
    .groupBy('state')
    .execute();
  return new Map(rows.filter((r) => r.state !== null).map((r) => [r.state as string, { count: Number(r.count), total: Number(r.total), balance: Number(r.balance) }]));
}

const CHAIN_STATES: OfferState[] = ['open', 'expired', 'converted'];

/** Issued offers and order confirmations in the year by state at today, and the drafts of every kind (not tied to a year). */
async function chainAndDraftFigures(db: Kysely<Database>, year: number | null, today: string) {
  let q = db.selectFrom('documents as d').where('d.kind', 'in', ['offer', 'order-confirmation']).where('d.number', 'is not', null);
  if (year !== null) q = q.where('d.issue_date', '>=', yearRange(year).from).where('d.issue_date', '<=', yearRange(year).to);
  const chain = await q
    .select((eb) => {
      let c = eb.case().when(chainStateWhere(eb, CHAIN_STATES[0], today)).then(CHAIN_STATES[0]);
      for (const s of CHAIN_STATES.slice(1)) c = c.when(chainStateWhere(eb, s, today)).then(s) as typeof c;
      return ['d.kind', c.end().as('state'), eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('d.total_nok').as('total')];
    })
    .groupBy(['d.kind', 'state'])
    .execute();
  const drafts = await db
    .selectFrom('documents as d')
    .select((eb) => ['d.kind', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('d.total_nok').as('total')])
    .where('d.kind', 'in', DOCUMENT_KINDS as string[])
    .where('d.number', 'is', null)
    .groupBy('d.kind')
    .execute();
  const out = new Map<string, Figures>();
  for (const r of chain) out.set(`${r.kind}:${r.state}`, { count: Number(r.count), total: Number(r.total) });
  for (const r of drafts) out.set(`${r.kind}:draft`, { count: Number(r.count), total: Number(r.total) });
  return out;
}

async function creditNoteFigures(db: Kysely<Database>, year: number | null): Promise<Figures> {
  let q = db.selectFrom('documents as d').where('d.kind', '=', 'credit-note').where('d.number', 'is not', null);
  if (year !== null) q = q.where('d.issue_date', '>=', yearRange(year).from).where('d.issue_date', '<=', yearRange(year).to);
  const r = await q.select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('d.total_nok').as('total')]).executeTakeFirstOrThrow();
  return { count: Number(r.count), total: Number(r.total ?? 0) };
}

const add = (...fs: (Figures | undefined)[]): Figures => fs.reduce<Figures>((a, f) => ({ count: a.count + (f?.count ?? 0), total: a.total + (f?.total ?? 0) }), NONE);

export async function invoiceOverview(ctx: AppContext, yearParam: YearParam) {
  const today = ctx.clock.today();
  const [years, year] = await Promise.all([documentYears(ctx.db), resolveYear(ctx.db, yearParam, today)]);
  const [invoices, credits, chain] = await Promise.all([
    invoiceFigures(ctx.db, year, today),
    creditNoteFigures(ctx.db, year),
    chainAndDraftFigures(ctx.db, year, today),
  ]);
  const y = year === null ? 'all' : String(year);
  const docs = (q: string) => `/overview/invoices/documents?${q}`;
  const range = year === null ? '' : `&from=${yearRange(year).from}&to=${yearRange(year).to}`;
  const invoiceDrafts = add(chain.get('invoice:draft'), chain.get('credit-note:draft'));
  const issued = add(...INVOICE_ITEMS.map((s) => invoices.get(s.api)));
  const chainGroup = (kind: 'offer' | 'order-confirmation', name: string, base: string, states: { state: OfferState; description: string }[]) => {
    const items = [
      item('Utkast', chain.get(`${kind}:draft`), `${base}/drafts/`),
      ...states.map((s) => item(s.description, chain.get(`${kind}:${s.state}`), `${base}/?state=${s.state}${range}`)),
    ];
    return { name, items, summary: { total: oreToKr(add(...states.map((s) => chain.get(`${kind}:${s.state}`))).total) } };
  };
  return {
    years,
    groups: [
      {
        name: 'Fakturaer',
        items: [
          item('Utkast', invoiceDrafts, docs('states=draft&year=all')),
          ...INVOICE_ITEMS.map((s) => item(s.description, invoices.get(s.api), docs(`states=${s.api}&types=ordinary&year=${y}`), true)),
          item('Kreditnotaer', credits, docs(`states=paid&types=credit&year=${y}`)),
        ],
        // Invoiced in the year less credited (drafts are not invoiced yet).
        summary: { total: oreToKr(issued.total - credits.total) },
      },
      chainGroup('offer', 'Tilbud', '/offer', [
        { state: 'open', description: 'Sendt (aktive)' },
        { state: 'expired', description: 'Utløpt' },
        { state: 'converted', description: 'Bekreftet eller fakturert' },
      ]),
      chainGroup('order-confirmation', 'Ordrebekreftelser', '/order-confirmation', [
        { state: 'open', description: 'Ikke fakturert' },
        { state: 'converted', description: 'Fakturert' },
      ]),
    ],
  };
}
