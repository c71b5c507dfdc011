/** One recipient as the operations show it (RecipientView): its row with custom values and labels. */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { readSnapshot, selectFastAll } from '../../../db/fast.js';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { fromScaled } from '../../domain/money.js';
import { notFound } from '../../ops/errors.js';
import { countryName } from '../common/index.js';
import type { RecipientView } from './recipients.output.js';
import type { Row } from './recipients.check.js';
import { ViewsByVersion } from './view-cache.js';

/** The read shape is the operations' output schema (recipients.output.ts); its type is exported here for the service's users. */
export type { RecipientView };
/** An item of the list: the recipient and its open balance (kroner, NOK). */
export type RecipientListItem = RecipientView & { openBalance: number };

const flag = (v: number | null) => (v === null ? null : v === 1);

/** Custom field values and labels of the given recipients, in one query (a UNION ALL keeps it portable SQL). */
function extrasQuery(db: Kysely<Database>, numbers: number[]) {
  return db
    .selectFrom('recipient_custom_values as v')
    .innerJoin('custom_fields as f', 'f.number', 'v.field_number')
    .select(['v.recipient_number as recipient', sql<string>`'F'`.as('kind'), 'v.field_number as number', 'f.name as name', 'f.type as type', 'v.value as value'])
    .where('v.recipient_number', 'in', numbers)
    .unionAll(
      db
        .selectFrom('recipient_labels as rl')
        .innerJoin('labels as l', 'l.number', 'rl.label_number')
        .select(['rl.recipient_number as recipient', sql<string>`'L'`.as('kind'), 'l.number as number', 'l.name as name', sql<string>`null`.as('type'), sql<string>`null`.as('value')])
        .where('rl.recipient_number', 'in', numbers),
    );
}
type Extra = { recipient: number; kind: string; number: number; name: string; type: string | null; value: string | null };

/** The columns a view shows (a row without its search and sort keys and timestamps). */
type ViewRow = Omit<Row, 'search_text' | 'sort_name' | 'created_at' | 'updated_at'>;
export const VIEW_COLUMNS = [
  'number', 'customer_number', 'name', 'address1', 'address2', 'zip', 'city', 'country', 'email', 'phone', 'mobile', 'fax', 'web',
  'org_form', 'org_icd', 'org_number', 'discount', 'credit_days', 'attach_pdf', 'default_shipment', 'auto_dunnings_enabled',
  'currency', 'your_reference', 'comment', 'ehf_capable', 'efaktura', 'avtalegiro', 'deleted',
] as const satisfies ReadonlyArray<keyof ViewRow>;
/**
 * A view row from the values of VIEW_COLUMNS in order (SQLite's raw rows: better-sqlite3 then makes no object with 28
 * named properties per row, a third of a point read's time; this literal has one fixed shape).
 */
export const viewRowOf = (a: unknown[]): ViewRow => ({
  number: a[0] as number, customer_number: a[1] as string | null, name: a[2] as string, address1: a[3] as string | null,
  address2: a[4] as string | null, zip: a[5] as string, city: a[6] as string, country: a[7] as string, email: a[8] as string | null,
  phone: a[9] as string | null, mobile: a[10] as string | null, fax: a[11] as string | null, web: a[12] as string | null,
  org_form: a[13] as string | null, org_icd: a[14] as number | null, org_number: a[15] as string | null, discount: a[16] as number,
  credit_days: a[17] as number | null, attach_pdf: a[18] as number | null, default_shipment: a[19] as string | null,
  auto_dunnings_enabled: a[20] as number | null, currency: a[21] as string | null, your_reference: a[22] as string | null,
  comment: a[23] as string | null, ehf_capable: a[24] as number, efaktura: a[25] as number, avtalegiro: a[26] as number, deleted: a[27] as number,
});

function toView(r: ViewRow, extras: Extra[]): RecipientView {
  const customFields: RecipientView['customFields'] = [];
  const labels: RecipientView['labels'] = [];
  for (const e of extras) {
    if (e.kind === 'F') customFields.push({ number: e.number, name: e.name, type: e.type!, value: JSON.parse(e.value!) as RecipientView['customFields'][number]['value'] });
    else labels.push({ number: e.number, name: e.name });
  }
  customFields.sort((a, b) => a.number - b.number);
  labels.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.number - b.number));
  return {
    number: r.number,
    customerNumber: r.customer_number,
    name: r.name,
    contact: {
      address: { address1: r.address1, address2: r.address2, zip: r.zip, city: r.city, country: countryName(r.country) },
      email: r.email,
      phone: r.phone,
      mobile: r.mobile,
      fax: r.fax,
      web: r.web,
    },
    organisation: { form: r.org_form, icd: r.org_icd, number: r.org_number },
    settings: {
      discount: fromScaled(r.discount, 2),
      creditDays: r.credit_days,
      attachPdf: flag(r.attach_pdf),
      defaultShipment: r.default_shipment as 'SNAIL' | 'EMAIL' | null,
      autoDunningsEnabled: flag(r.auto_dunnings_enabled),
      currency: r.currency,
    },
    yourReference: r.your_reference,
    comment: r.comment,
    customFields,
    labels,
    capabilities: { ehf: r.ehf_capable === 1, eFaktura: r.efaktura === 1, avtaleGiro: r.avtalegiro === 1 },
    deleted: r.deleted === 1,
    _links: { self: { uri: `/recipients/${r.number}` }, draftDocuments: { uri: `/recipients/${r.number}/draftDocuments` } },
  };
}

export async function toViews(db: Kysely<Database>, rows: Row[]): Promise<RecipientView[]> {
  if (!rows.length) return [];
  const extras = (await extrasQuery(
    db,
    rows.map((r) => r.number),
  ).execute()) as Extra[];
  const byRecipient = new Map<number, Extra[]>();
  for (const e of extras) {
    const list = byRecipient.get(e.recipient);
    if (list) list.push(e);
    else byRecipient.set(e.recipient, [e]);
  }
  return rows.map((r) => toView(r, byRecipient.get(r.number) ?? []));
}

/**
 * GET /recipients/{n} is the hottest read: its two queries are built and compiled by Kysely once per database
 * and then run with the new number as parameter.
 */
const compiledGet = new WeakMap<Kysely<Database>, { row: CompiledQuery; extras: CompiledQuery }>();
function getQueries(db: Kysely<Database>) {
  let q = compiledGet.get(db);
  if (!q) {
    q = {
      row: db.selectFrom('recipients').select(VIEW_COLUMNS).where('number', '=', 0).compile(),
      extras: extrasQuery(db, [0]).compile(),
    };
    compiledGet.set(db, q);
  }
  return q;
}
/** The compiled query with every parameter set to `value`; a plain object for the direct path (a CompiledQuery, which
 *  Kysely builds with a raw node, a query id and three frozen objects, only when the query goes through Kysely). */
const withParams = (q: CompiledQuery, value: number) => ({ sql: q.sql, parameters: q.parameters.map(() => value) });
const compiled = (q: { sql: string; parameters: unknown[] }) => CompiledQuery.raw(q.sql, q.parameters);

export async function getRecipientRow(db: Kysely<Database>, number: number): Promise<Row> {
  const row = await db.selectFrom('recipients').selectAll().where('number', '=', number).executeTakeFirst();
  if (!row) throw notFound('recipient', { number });
  return row;
}

/** The views GET /recipients/{n} answered on a read-only connection, kept until the file changes (view-cache.ts). */
const kept = new ViewsByVersion<RecipientView>();

export async function getRecipient(ctx: AppContext, number: number): Promise<RecipientView> {
  const hit = kept.lookup(ctx.db, number);
  if (hit) return hit;
  const q = getQueries(ctx.db);
  const rowQuery = { ...withParams(q.row, number), raw: true };
  const extrasQuery = withParams(q.extras, number);
  // On the read-only connection: both reads in one snapshot with its data version, and the view kept under it.
  const snapshot = readSnapshot(ctx.db, [rowQuery, extrasQuery]);
  if (snapshot) {
    const [rows, extras] = snapshot.rows as [unknown[][], Extra[]];
    if (!rows[0]) throw notFound('recipient', { number });
    return kept.keep(ctx.db, snapshot.version, number, toView(viewRowOf(rows[0]), extras));
  }
  // Straight on the connection, both in one read transaction, when no transaction is open (see selectFastAll); the row
  // as its values in VIEW_COLUMNS order. Else through Kysely.
  const fast = selectFastAll(ctx.db, [rowQuery, extrasQuery]) as [unknown[][], Extra[]] | null;
  const row = fast ? (fast[0][0] ? viewRowOf(fast[0][0]) : undefined) : (await ctx.db.executeQuery<ViewRow>(compiled(rowQuery))).rows[0];
  if (!row) throw notFound('recipient', { number });
  return toView(row, fast ? fast[1] : (await ctx.db.executeQuery<Extra>(compiled(extrasQuery))).rows);
}
