/** The recipient list: filtered, searched and sorted in SQL, paged or streamed, with open balances. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { oreToKr } from '../../domain/money.js';
import { openBalancesOf, openBalancesQuery } from './recipient-balances.js';
import type { RecipientSort } from './recipients.schema.js';
import { NUMBER_SEPARATORS, type Row } from './recipients.check.js';
import { toViews, type RecipientListItem } from './recipients.read.js';

/**
 * The LIKE patterns a search term looks for: the term as typed, and, for a number typed with spaces as the screens show
 * it ("989 743 309", "912 34 567"), the same digits without them (numbers are kept compact in search_text).
 */
export function searchPatterns(q: string | undefined): string[] {
  const term = q?.trim().toLocaleLowerCase('nb-NO');
  if (!term) return [];
  const like = (t: string) => `%${t.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
  const compact = /^\+?[\d\s.\-()/]+$/.test(term) ? term.replace(NUMBER_SEPARATORS, '') : term;
  return compact !== term && compact ? [like(term), like(compact)] : [like(term)];
}

export interface RecipientFilter {
  q?: string;
  labelNumber?: number;
  includeDeleted?: boolean;
  sort?: RecipientSort;
  dir?: 'asc' | 'desc';
}

/** The default order is the Norwegian name order (sort_name), read by keyset when streamed. */
const isDefaultSort = (f: RecipientFilter) => (f.sort ?? 'name') === 'name' && (f.dir ?? 'asc') === 'asc';

/** One page in the order asked for; the balance sort joins the grouped open balances (one subquery, no query per row). */
function sortedPage(db: Kysely<Database>, f: RecipientFilter, limit: number, offset: number): Promise<Row[]> {
  const dir = f.dir ?? 'asc';
  let q = filtered(db, f).selectAll('recipients');
  switch (f.sort ?? 'name') {
    case 'name':
      return q.orderBy('sort_name', dir).orderBy('number', dir).limit(limit).offset(offset).execute();
    case 'customerNumber':
      // Customers without a number last either way; numbers of digits compare as numbers (shorter first), portably.
      q = q
        .orderBy(sql`case when customer_number is null then 1 else 0 end`)
        .orderBy(sql`length(customer_number)`, dir)
        .orderBy('customer_number', dir);
      break;
    case 'city':
      q = q.orderBy('city', dir);
      break;
    case 'balance':
      q = q
        .leftJoin(openBalancesQuery(db).as('ob'), 'ob.recipient', 'recipients.number')
        .orderBy(sql`coalesce(ob.open, 0)`, dir);
      break;
  }
  return q.orderBy('sort_name').orderBy('number').limit(limit).offset(offset).execute() as Promise<Row[]>;
}

/** List items: the recipient plus `openBalance` (kroner, NOK), the page's balances read in one grouped query. */
async function listViews(db: Kysely<Database>, rows: Row[]): Promise<RecipientListItem[]> {
  const [views, balances] = await Promise.all([toViews(db, rows), openBalancesOf(db, rows.map((r) => r.number))]);
  return views.map((v) => ({ ...v, openBalance: oreToKr(balances.get(v.number) ?? 0) }));
}

function filtered(db: Kysely<Database>, filter: RecipientFilter) {
  let q = db.selectFrom('recipients');
  if (!filter.includeDeleted) q = q.where('deleted', '=', 0);
  const patterns = searchPatterns(filter.q);
  if (patterns.length === 1) q = q.where(sql<boolean>`search_text like ${patterns[0]} escape '\\'`);
  else if (patterns.length) q = q.where(sql<boolean>`(search_text like ${patterns[0]} escape '\\' or search_text like ${patterns[1]} escape '\\')`);
  if (filter.labelNumber === -1) {
    q = q.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('recipient_labels').select('label_number').whereRef('recipient_labels.recipient_number', '=', 'recipients.number'))),
    );
  } else if (filter.labelNumber !== undefined) {
    const label = filter.labelNumber;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('recipient_labels')
          .select('label_number')
          .whereRef('recipient_labels.recipient_number', '=', 'recipients.number')
          .where('recipient_labels.label_number', '=', label),
      ),
    );
  }
  return q;
}

/** One page (limit -1 = all), sorted by name (or `sort`/`dir`), counted in SQL, with each customer's open balance. */
export async function listRecipients(ctx: AppContext, filter: RecipientFilter, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    isDefaultSort(filter)
      ? filtered(ctx.db, filter).selectAll().orderBy('sort_name').orderBy('number').limit(limit).offset(offset).execute()
      : sortedPage(ctx.db, filter, limit, offset),
    filtered(ctx.db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await listViews(ctx.db, rows), total: Number(count.n) };
}

/** Every recipient matching the filter, read in keyset chunks so memory stays flat. */
export async function* streamRecipients(ctx: AppContext, filter: RecipientFilter): AsyncGenerator<RecipientListItem> {
  if (!isDefaultSort(filter)) {
    // Another order has no cheap keyset: offset chunks in that order (ties broken by number, so pages never overlap).
    for (let offset = 0; ; offset += 500) {
      const rows = await sortedPage(ctx.db, filter, 500, offset);
      if (!rows.length) return;
      yield* await listViews(ctx.db, rows);
      if (rows.length < 500) return;
    }
  }
  let after: { name: string; number: number } | null = null;
  for (;;) {
    let q = filtered(ctx.db, filter).selectAll();
    if (after) {
      const a: { name: string; number: number } = after;
      q = q.where((eb) => eb.or([eb('sort_name', '>', a.name), eb.and([eb('sort_name', '=', a.name), eb('number', '>', a.number)])]));
    }
    const rows = await q.orderBy('sort_name').orderBy('number').limit(500).execute();
    if (!rows.length) return;
    yield* await listViews(ctx.db, rows);
    const last = rows[rows.length - 1];
    after = { name: last.sort_name, number: last.number };
  }
}

/**
 * The numbers of the recipients matching the list's filter (the same search and label as `listRecipients`), in the
 * list's name order, at most `max`, and how many match in all: Massefakturering's "select all N matches" takes these
 * instead of reading every customer.
 */
export async function recipientNumbers(ctx: AppContext, filter: Pick<RecipientFilter, 'q' | 'labelNumber'>, max: number) {
  const [rows, count] = await Promise.all([
    filtered(ctx.db, filter).select('number').orderBy('sort_name').orderBy('number').limit(max).execute(),
    filtered(ctx.db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { numbers: rows.map((r) => r.number), total: Number(count.n) };
}
