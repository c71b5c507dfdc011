/**
 * GET /overview/invoices/documents (spec 4.3, 2.5): invoices, credit notes and their drafts filtered by state, type
 * and year, newest first (drafts without a date first, then by date and number), paged in SQL. The states are the
 * invoice lists' own conditions (stateWhere); an issued credit note is settled when issued (its currentBalance is 0),
 * so it is `paid`. A draft belongs to the year of its date; one without a date only to `year=all`.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { InvoiceState } from '../../domain/invoice-state.js';
import { oreToKr } from '../../domain/money.js';
import { draftPath, issuedPath, type DocumentKind } from '../documents/core.js';
import { stateWhere, creditedInFull } from '../invoices/index.js';
import { resolveYear } from './overview.service.js';
import type { DocumentsFilter, OverviewState } from './overview.schema.js';
import { yearRange } from './overview.sql.js';

const CHUNK = 500;
const ISSUED_STATE: Record<Exclude<OverviewState, 'draft'>, InvoiceState> = { notDue: 'not-due', due: 'due', paid: 'paid', credited: 'paid', lost: 'lost' };

function documentsQuery(db: Kysely<Database>, f: DocumentsFilter, year: number | null, today: string) {
  const kinds = (f.types ?? ['ordinary', 'credit']).map((t) => (t === 'ordinary' ? 'invoice' : 'credit-note'));
  let q = db.selectFrom('documents as d').leftJoin('invoice_balances as b', 'b.document_id', 'd.id').where('d.kind', 'in', kinds);
  if (year !== null) q = q.where('d.issue_date', '>=', yearRange(year).from).where('d.issue_date', '<=', yearRange(year).to);
  const states = f.states;
  if (states) {
    q = q.where((eb) =>
      eb.or(
        states.map((s) => {
          if (s === 'draft') return eb('d.number', 'is', null);
          const own = s === 'credited' ? creditedInFull : s === 'paid' ? sql<boolean>`not ${creditedInFull}` : sql<boolean>`1 = 1`;
          const invoice = eb.and([eb('d.kind', '=', 'invoice'), eb('d.number', 'is not', null), stateWhere(eb, ISSUED_STATE[s], today), own]);
          return s === 'paid' ? eb.or([invoice, eb.and([eb('d.kind', '=', 'credit-note'), eb('d.number', 'is not', null)])]) : invoice;
        }),
      ),
    );
  }
  return q;
}

type Row = {
  id: number;
  kind: string;
  number: number | null;
  issue_date: string | null;
  due_date: string | null;
  recipient_number: number;
  recipient_snapshot: string;
  order_number: string | null;
  currency: string;
  tax: number;
  total: number;
  tax_nok: number;
  total_nok: number;
};
const COLUMNS = ['d.id', 'd.kind', 'd.number', 'd.issue_date', 'd.due_date', 'd.recipient_number', 'd.recipient_snapshot', 'd.order_number', 'd.currency', 'd.tax', 'd.total', 'd.tax_nok', 'd.total_nok'] as const;

const LABEL: Record<string, string> = { invoice: 'Faktura', 'credit-note': 'Kreditnota' };

/** The 2.5 entry. customerNumber is the recipient's number; tax/total in NOK, currencyTax/currencyTotal in the document's currency. */
function entry(r: Row) {
  const kind = r.kind as DocumentKind;
  const self = r.number === null ? draftPath(kind, r.id) : issuedPath(kind, r.number);
  const name = (JSON.parse(r.recipient_snapshot) as { name?: string }).name ?? '';
  return {
    number: r.number ?? r.id,
    description: r.number === null ? `${LABEL[kind]}utkast ${r.id}` : `${LABEL[kind]} ${r.number}`,
    date: r.issue_date,
    customerNumber: r.recipient_number,
    recipientName: name,
    orderNumber: r.order_number !== null && /^\d{1,15}$/.test(r.order_number) ? Number(r.order_number) : null,
    tax: oreToKr(r.tax_nok),
    total: oreToKr(r.total_nok),
    currencyTax: oreToKr(r.tax),
    currencyTotal: oreToKr(r.total),
    currency: r.currency,
    international: r.currency !== 'NOK',
    dueDate: r.due_date,
    _links: { self: { uri: self }, recipient: { uri: `/recipients/${r.recipient_number}` } },
  };
}
export type OverviewEntry = ReturnType<typeof entry>;

/**
 * Ids in list order first (read from the indexes alone: the sort never carries the wide document rows), then the rows
 * of those ids: a deep page or the whole list costs a sort of small keys, not of whole documents.
 */
function orderedIds(ctx: AppContext, f: DocumentsFilter, year: number | null, today: string) {
  return documentsQuery(ctx.db, f, year, today).select('d.id').orderBy('d.issue_date', (o) => o.desc().nullsFirst()).orderBy('d.id', 'desc');
}

async function entriesOf(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return [];
  const rows = (await db.selectFrom('documents as d').select(COLUMNS).where('d.id', 'in', ids).execute()) as Row[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => entry(byId.get(id)!));
}

export async function listOverviewDocuments(ctx: AppContext, f: DocumentsFilter, limit: number, offset: number) {
  const today = ctx.clock.today();
  const year = await resolveYear(ctx.db, f.year, today);
  const [ids, count] = await Promise.all([
    orderedIds(ctx, f, year, today).limit(limit).offset(offset).execute(),
    documentsQuery(ctx.db, f, year, today).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await entriesOf(ctx.db, ids.map((r) => r.id)), total: Number(count.n) };
}

/** The whole list: every id in order (small), then the documents in chunks, so memory stays flat. */
export async function* streamOverviewDocuments(ctx: AppContext, f: DocumentsFilter) {
  const today = ctx.clock.today();
  const year = await resolveYear(ctx.db, f.year, today);
  const ids = (await orderedIds(ctx, f, year, today).execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += CHUNK) yield* await entriesOf(ctx.db, ids.slice(i, i + CHUNK));
}
