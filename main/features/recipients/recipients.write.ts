/** Creating, updating and deleting recipients: each write checked first (recipients.check.ts), with its audit entry, in one transaction. */
import { type Kysely } from 'kysely';
import { insertRowsFast, prepared } from '../../../db/fast.js';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { conflict, FieldErrors, notFound } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import type { Settings } from '../settings/index.js';
import { getSettings } from '../settings/index.js';
import { nextCustomerNumbers, rememberHighest } from './customer-numbers.js';
import type { RecipientInput } from './recipients.schema.js';
import { inTx } from '../../ops/transaction.js';
import { checkRecipient, lookups, type NewRow, type Row } from './recipients.check.js';

/** The customer numbers of a full chunk that are taken: one statement compiled once (a batch runs it 20 times per 10,000). */
const TAKEN_CHUNK = 500;
const takenOf = prepared((db, ...numbers: string[]) => db.selectFrom('recipients').select('customer_number').where('customer_number', 'in', numbers), TAKEN_CHUNK);

/**
 * 409 unless every given customer number is free and given once. `values[i]` is the i-th recipient's number (or
 * null); `field(i)` names its field (built only for the offending ones). One query per 500 numbers.
 */
async function assertCustomerNumbersFree(db: Kysely<Database>, values: Array<string | null>, field: (i: number) => string, exceptNumber?: number) {
  const errors = new FieldErrors();
  const seen = new Map<string, number>();
  values.forEach((value, i) => {
    if (!value) return;
    if (seen.has(value)) errors.add(field(i), 'CUSTOMER_NUMBER_TWICE', { value });
    seen.set(value, i);
  });
  const wanted = [...seen.keys()];
  for (let i = 0; i < wanted.length; i += TAKEN_CHUNK) {
    const chunk = wanted.slice(i, i + TAKEN_CHUNK);
    let rows: Array<{ customer_number: string | null }>;
    if (exceptNumber !== undefined || chunk.length < TAKEN_CHUNK) {
      let q = db.selectFrom('recipients').select('customer_number').where('customer_number', 'in', chunk);
      if (exceptNumber !== undefined) q = q.where('number', '!=', exceptNumber);
      rows = await q.execute();
    } else rows = await takenOf.rows(db, ...chunk);
    for (const r of rows) errors.add(field(seen.get(r.customer_number!)!), 'CUSTOMER_NUMBER_TAKEN', { value: r.customer_number! });
  }
  if (errors.any) throw conflict('Customer number already in use', errors.list);
}

/**
 * Inserts the rows with one single-row INSERT (SQL built by Kysely) prepared once and run per row, as the benchmark's
 * floor does; see insertRowsFast for why the loop runs on the connection. Returns the new numbers in the order of `rows`.
 */
/** The INSERT's SQL per database (Kysely adapter), built once: the columns are always those of checkRecipient's row. */
const insertSql = new WeakMap<object, string>();

async function insertRows(trx: Kysely<Database>, rows: NewRow[]): Promise<number[]> {
  if (!rows.length) return [];
  // Every cell a parameter (undefined would make Kysely write DEFAULT and shift the parameters).
  const adapter = trx.getExecutor().adapter;
  let text = insertSql.get(adapter);
  if (text === undefined) {
    const shape = Object.fromEntries(ROW_COLUMNS.map((c) => [c, null])) as unknown as NewRow;
    insertSql.set(adapter, (text = trx.insertInto('recipients').values(shape).compile().sql));
  }
  const fast = insertRowsFast(trx, text, paramsOf(rows));
  if (fast) return fast;
  // No SQLite connection (PostgreSQL): multi-row INSERT … RETURNING in chunks (the numbers come back in VALUES order).
  const numbers: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const got = await trx.insertInto('recipients').values(rows.slice(i, i + 1000)).returning('number').execute();
    numbers.push(...got.map((r) => Number(r.number)));
  }
  return numbers;
}

/** The INSERT's columns, in the order paramsOf writes them (checkRecipient's row has exactly these). */
const ROW_COLUMNS = [
  'customer_number', 'name', 'address1', 'address2', 'zip', 'city', 'country', 'email', 'phone', 'mobile', 'fax', 'web', 'org_form',
  'org_icd', 'org_number', 'discount', 'credit_days', 'attach_pdf', 'default_shipment', 'auto_dunnings_enabled', 'currency', 'your_reference',
  'comment', 'ehf_capable', 'efaktura', 'avtalegiro', 'deleted', 'sort_name', 'search_text', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof NewRow>;
// Every column of NewRow is in ROW_COLUMNS (a new column fails to compile here until it is written below).
type Missing = Exclude<keyof NewRow, (typeof ROW_COLUMNS)[number]>;
const _allColumns: [Missing] extends [never] ? true : Missing = true;
void _allColumns;

/**
 * Each row's cells in ROW_COLUMNS order, in one array refilled per row (a statement copies its parameters when it runs),
 * written out field by field: a loop over column names read every row through a name known only at run time.
 */
function* paramsOf(rows: NewRow[]): Generator<unknown[]> {
  const p: unknown[] = new Array(ROW_COLUMNS.length).fill(null);
  for (const r of rows) {
    p[0] = r.customer_number; p[1] = r.name; p[2] = r.address1; p[3] = r.address2; p[4] = r.zip; p[5] = r.city; p[6] = r.country;
    p[7] = r.email; p[8] = r.phone; p[9] = r.mobile; p[10] = r.fax; p[11] = r.web; p[12] = r.org_form; p[13] = r.org_icd;
    p[14] = r.org_number; p[15] = r.discount; p[16] = r.credit_days; p[17] = r.attach_pdf; p[18] = r.default_shipment;
    p[19] = r.auto_dunnings_enabled; p[20] = r.currency; p[21] = r.your_reference; p[22] = r.comment; p[23] = r.ehf_capable;
    p[24] = r.efaktura; p[25] = r.avtalegiro; p[26] = r.deleted; p[27] = r.sort_name; p[28] = r.search_text; p[29] = r.created_at;
    p[30] = r.updated_at;
    yield p;
  }
}

/**
 * Creates one or many recipients: all validated first, then all written in one transaction, or nothing (in the caller's
 * transaction when there is one: an event signup creates the invoice recipient with its own writes).
 */
export async function createRecipients(ctx: AppContext, inputs: RecipientInput[], batch: boolean): Promise<number[]> {
  return (await insertRecipients(ctx, inputs, batch)).numbers;
}

/**
 * createRecipients, answering the new rows as stored (every column is written from the checked row, so the row is
 * known without reading it back): an event signup hands it on to the invoice it issues. `settings`: the caller's, when
 * it has read them in this transaction.
 */
export async function createRecipientRows(ctx: AppContext, inputs: RecipientInput[], batch: boolean, settings?: Settings): Promise<Row[]> {
  const { numbers, rows } = await insertRecipients(ctx, inputs, batch, settings);
  return rows.map((row, i) => ({ number: numbers[i], ...row }));
}

/** createRecipients: the new numbers and the rows as stored, in input order (the rows are not copied per recipient). */
async function insertRecipients(ctx: AppContext, inputs: RecipientInput[], batch: boolean, settings?: Settings): Promise<{ numbers: number[]; rows: NewRow[] }> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const look = await lookups(tctx, inputs);
    const errors = new FieldErrors();
    const now = ctx.clock.timestamp();
    const checked = inputs.map((input, i) => checkRecipient(input, look, batch ? `[${i}].` : '', errors, now));
    errors.throwIfAny();
    // Without a customer number: the next free one (customer-numbers.ts); the given ones are checked below as before.
    // A number given out here is one above the highest all-digit number of at most 15 digits, so it is free; only
    // the given ones (and, in theory, a given-out one past 15 digits) are looked up.
    const assigned = new Set<string>();
    const unnumbered = checked.filter((c) => c.row.customer_number === null);
    if (unnumbered.length) {
      const given = new Set(checked.map((c) => c.row.customer_number).filter((x): x is string => x !== null));
      const first = (settings ?? (await getSettings(tctx))).invoicing.firstCustomerNumber;
      const free = (await nextCustomerNumbers(tctx, unnumbered.length + given.size, first)).filter((n) => !given.has(n));
      unnumbered.forEach((c, i) => {
        c.row.customer_number = free[i];
        c.row.search_text = `${c.row.search_text} ${free[i]}`;
        if (free[i].length <= 15) assigned.add(free[i]);
      });
    }
    await assertCustomerNumbersFree(
      trx,
      checked.map((c) => (assigned.has(c.row.customer_number!) ? null : c.row.customer_number)),
      (i) => `${batch ? `[${i}].` : ''}customerNumber`,
    );

    const rows = checked.map((c) => c.row);
    const numbers = await insertRows(trx, rows);
    // Only numbers given out above (at most 15 digits each) written: the last is the register's new highest.
    rememberHighest(tctx, assigned.size === checked.length ? Number(checked[checked.length - 1].row.customer_number) : null);
    // Loops rather than flatMap: most recipients have neither, and flatMap made two empty arrays for each.
    const values: Array<{ field_number: number; value: string; recipient_number: number }> = [];
    const labels: Array<{ recipient_number: number; label_number: number }> = [];
    checked.forEach((c, i) => {
      for (const v of c.customValues) values.push({ ...v, recipient_number: numbers[i] });
      if (c.labels) for (const l of c.labels) labels.push({ recipient_number: numbers[i], label_number: l });
    });
    for (let i = 0; i < values.length; i += 2000) await trx.insertInto('recipient_custom_values').values(values.slice(i, i + 2000)).execute();
    for (let i = 0; i < labels.length; i += 2000) await trx.insertInto('recipient_labels').values(labels.slice(i, i + 2000)).execute();
    await audit(tctx, 'recipient', numbers.length === 1 ? numbers[0] : `${numbers[0]}..${numbers[numbers.length - 1]}`, 'create', {
      count: numbers.length,
    });
    return { numbers, rows };
  });
}

export async function updateRecipient(ctx: AppContext, number: number, input: RecipientInput): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const existing = await trx.selectFrom('recipients').select(['number', 'created_at', 'deleted']).where('number', '=', number).executeTakeFirst();
    if (!existing) throw notFound('recipient', { number });
    const look = await lookups(tctx, [input]);
    const errors = new FieldErrors();
    const checked = checkRecipient(input, look, '', errors, ctx.clock.timestamp());
    errors.throwIfAny();
    await assertCustomerNumbersFree(trx, [checked.row.customer_number], () => 'customerNumber', number);
    const { created_at: _c, ...rest } = checked.row;
    await trx.updateTable('recipients').set({ ...rest, deleted: existing.deleted }).where('number', '=', number).execute();
    rememberHighest(tctx, null); // its customer number may have changed
    await trx.deleteFrom('recipient_custom_values').where('recipient_number', '=', number).execute();
    if (checked.customValues.length) {
      await trx.insertInto('recipient_custom_values').values(checked.customValues.map((v) => ({ ...v, recipient_number: number }))).execute();
    }
    if (checked.labels) {
      await trx.deleteFrom('recipient_labels').where('recipient_number', '=', number).execute();
      if (checked.labels.length) {
        await trx.insertInto('recipient_labels').values(checked.labels.map((l) => ({ recipient_number: number, label_number: l }))).execute();
      }
    }
    await audit(tctx, 'recipient', number, 'update', input);
  });
}

/** Deletes a recipient; one that has documents is only marked deleted, so history stays whole. */
export async function deleteRecipient(ctx: AppContext, number: number): Promise<{ soft: boolean }> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const existing = await trx.selectFrom('recipients').select('number').where('number', '=', number).executeTakeFirst();
    if (!existing) throw notFound('recipient', { number });
    const used = await trx.selectFrom('documents').select('id').where('recipient_number', '=', number).limit(1).executeTakeFirst();
    if (used) {
      await trx.updateTable('recipients').set({ deleted: 1, updated_at: ctx.clock.timestamp() }).where('number', '=', number).execute();
    } else {
      await trx.deleteFrom('recipients').where('number', '=', number).execute();
      rememberHighest(tctx, null); // its customer number is gone
    }
    await audit(tctx, 'recipient', number, used ? 'soft-delete' : 'delete');
    return { soft: !!used };
  });
}
