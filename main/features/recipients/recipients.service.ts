import { CompiledQuery, sql, type Kysely, type Selectable } from 'kysely';
import { insertRowsFast, selectFastAll } from '../../../db/connection.js';
import { prepared } from '../../../db/prepared.js';
import type { Database, RecipientsTable } from '../../../db/schema.js';
import { isIsoDate } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { hasAtMostDecimals, toScaled, fromScaled, oreToKr } from '../../domain/money.js';
import { isValidOrgNumber, normaliseOrgNumber } from '../../domain/orgnr.js';
import { isAcceptedIcd, normalisePartyId, schemeOf } from '../../domain/party-ids.js';
import { norwegianSortKey } from '../../domain/sort-key.js';
import { conflict, FieldErrors, notFound, type ErrorCode } from '../../ops/errors.js';
import type { ParamsArg } from '../../ops/error-codes.js';
import { audit } from '../audit/audit.service.js';
import type { Settings } from '../settings/settings.schema.js';
import { getSettings } from '../settings/settings.service.js';
import { nextCustomerNumbers, rememberHighest } from './customer-numbers.js';
import { postPlace } from '../../domain/postcodes.js';
import { openBalancesOf, openBalancesQuery } from './recipient-balances.js';

/** A Norwegian city as the postcode register writes it when it is that postcode's poststed in other case ("oslo" -> "OSLO"); else as given. */
function storedCity(country: string, zip: string, city: string): string {
  const given = city.trim();
  const place = country === 'NO' ? postPlace(zip) : null;
  return place && place.toLocaleLowerCase('nb-NO') === given.toLocaleLowerCase('nb-NO') ? place : given;
}
import { countryCode, countryName, DEFAULT_COUNTRY } from '../common/countries.js';
import { knownCurrencies } from '../common/exchange-rates.service.js';
import type { RecipientInput, RecipientSort } from './recipients.schema.js';
import type { RecipientView } from './recipients.output.js';
import { inTx } from '../../ops/transaction.js';
import { txMemo } from '../../ops/tx-memo.js';

type Row = Selectable<RecipientsTable>;
type NewRow = Omit<RecipientsTable, 'number'>;

interface Lookups {
  currencies: Set<string>;
  fields: Map<number, { name: string; type: string; options: string[] | null; required: boolean }>;
  labels: Set<number>;
  /** The required custom fields, in number order. */
  required: Array<[number, { name: string }]>;
}

/** The custom field definitions, read once per transaction (a group-commit batch of signups creates many recipients). */
async function customFieldDefs(db: Kysely<Database>) {
  const memo = txMemo(db);
  const kept = memo?.get(FIELDS_MEMO) as Selectable<Database['custom_fields']>[] | undefined;
  if (kept) return kept;
  const rows = await db.selectFrom('custom_fields').selectAll().execute();
  memo?.set(FIELDS_MEMO, rows);
  return rows;
}
/** The memo key of the custom field definitions; labels.service.ts forgets it when it changes them. */
export const FIELDS_MEMO = 'recipient-fields:';

const NO_SET = new Set<never>();

/** What checking `inputs` needs: the custom field definitions always (required ones), currencies and labels only when given. */
async function lookups(ctx: AppContext, inputs: RecipientInput[]): Promise<Lookups> {
  const db = ctx.db;
  const [currencies, fields, labels] = await Promise.all([
    inputs.some((i) => i.settings?.currency != null) ? knownCurrencies(ctx) : NO_SET,
    customFieldDefs(db),
    inputs.some((i) => i.labels?.length) ? db.selectFrom('labels').select('number').execute() : [],
  ]);
  const byNumber: Lookups['fields'] = new Map(
    fields.map((f) => [f.number, { name: f.name, type: f.type, options: f.options ? JSON.parse(f.options) : null, required: !!f.required }]),
  );
  return {
    currencies,
    fields: byNumber,
    labels: new Set(labels.map((l) => l.number)),
    required: [...byNumber].filter(([, def]) => def.required),
  };
}

const blank = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s.trim());

interface Checked {
  row: NewRow;
  customValues: Array<{ field_number: number; value: string }>;
  labels: number[] | undefined;
}

// Shared by the (many) recipients without custom fields; never written to.
const NO_VALUES: Checked['customValues'] = [];
const NO_NUMBERS = new Set<number>();

/** The rules of spec 2.1 that a schema cannot state. Adds errors under `prefix`; returns the row to store. */
function checkRecipient(input: RecipientInput, look: Lookups, prefix: string, errors: FieldErrors, now: string): Checked {
  const addr = input.contact.address;
  let country = DEFAULT_COUNTRY;
  if (blank(addr.country)) {
    const code = countryCode(addr.country!);
    if (!code) errors.add(prefix + 'contact.address.country', 'UNKNOWN_COUNTRY');
    else country = code;
  }
  if (blank(input.name) === null) errors.add(prefix + 'name', 'EMPTY');
  if (blank(addr.zip) === null) errors.add(prefix + 'contact.address.zip', 'EMPTY');
  if (blank(addr.city) === null) errors.add(prefix + 'contact.address.city', 'EMPTY');
  if (country === 'NO' && blank(addr.zip) && !/^\d{4}$/.test(addr.zip.trim())) {
    errors.add(prefix + 'contact.address.zip', 'INVALID_POSTCODE');
  }
  const email = blank(input.contact.email);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.add(prefix + 'contact.email', 'INVALID_EMAIL');

  const org = input.organisation ?? {};
  let orgNumber = blank(org.number ?? null);
  const icd = org.icd ?? null;
  const norwegianScheme = icd === null || icd === 9908 || icd === 192;
  if (icd !== null && !/^\d{4}$/.test(String(icd).padStart(4, '0'))) errors.add(prefix + 'organisation.icd', 'INVALID_ICD');
  else if (!isAcceptedIcd(icd)) errors.add(prefix + 'organisation.icd', 'UNKNOWN_ICD');
  else if (orgNumber && norwegianScheme) {
    if (!isValidOrgNumber(orgNumber)) errors.add(prefix + 'organisation.number', 'INVALID_ORG_NUMBER');
    else orgNumber = normaliseOrgNumber(orgNumber);
  } else if (orgNumber) {
    // A foreign scheme: the number as that scheme writes it (the checks the Peppol rules make), else the field says which scheme.
    const id = normalisePartyId(icd, orgNumber);
    if (id === null) errors.add(prefix + 'organisation.number', 'INVALID_PARTY_ID', { scheme: schemeOf(icd) });
    else orgNumber = id;
  }
  if (org.form === 'prv' && orgNumber) errors.add(prefix + 'organisation.number', 'PRIVATE_HAS_NO_ORG_NUMBER');

  const settings = input.settings ?? {};
  let discount = 0;
  if (settings.discount !== undefined) {
    if (!hasAtMostDecimals(settings.discount, 2)) errors.add(prefix + 'settings.discount', 'TOO_MANY_DECIMALS', { max: 2 });
    else discount = toScaled(settings.discount, 2);
  }
  const currency = settings.currency ?? null;
  if (currency !== null && !look.currencies.has(currency)) {
    errors.add(prefix + 'settings.currency', 'UNKNOWN_CURRENCY', { allowed: [...look.currencies].join(', ') });
  }

  const customValues: Checked['customValues'] = input.customFields?.length ? [] : NO_VALUES;
  const given = input.customFields?.length ? new Set<number>() : NO_NUMBERS; // only added to when there are custom fields
  input.customFields?.forEach((cf, i) => {
    const path = prefix + `customFields[${i}]`;
    const def = look.fields.get(cf.number);
    if (!def) return errors.add(`${path}.number`, 'NO_SUCH_CUSTOM_FIELD', { number: cf.number });
    if (given.has(cf.number)) return errors.add(`${path}.number`, 'GIVEN_TWICE');
    given.add(cf.number);
    const v = cf.value;
    if (v === undefined || v === null || v === '') {
      if (def.required) errors.add(`${path}.value`, 'CUSTOM_FIELD_REQUIRED', { name: def.name });
      return;
    }
    const bad = <C extends ErrorCode>(code: C, ...params: ParamsArg<C>) => errors.add(`${path}.value`, code, ...params);
    switch (def.type) {
      case 'TEXT':
        if (typeof v !== 'string') return bad('NOT_TEXT');
        break;
      case 'BOOLEAN':
        if (typeof v !== 'boolean') return bad('NOT_A_BOOLEAN');
        break;
      case 'NUMBER':
        if (typeof v !== 'number') return bad('NOT_A_NUMBER', { type: 'number' });
        break;
      case 'DATE':
        if (typeof v !== 'string' || !isIsoDate(v)) return bad('NOT_A_DATE');
        break;
      case 'SELECT':
        if (typeof v !== 'string' || !(def.options ?? []).includes(v)) return bad('NOT_ONE_OF', { allowed: (def.options ?? []).join(', ') });
        break;
    }
    customValues.push({ field_number: cf.number, value: JSON.stringify(v) });
  });
  for (const [number, def] of look.required) {
    if (!given.has(number)) errors.add(prefix + 'customFields', 'CUSTOM_FIELD_MISSING', { name: def.name, number });
  }
  input.labels?.forEach((l, i) => {
    if (!look.labels.has(l)) errors.add(prefix + `labels[${i}]`, 'NO_SUCH_LABEL', { number: l });
  });

  const customerNumber = input.customerNumber === undefined ? null : blank(String(input.customerNumber));
  const name = input.name.trim();
  const row: NewRow = {
    customer_number: customerNumber,
    name,
    address1: blank(addr.address1),
    address2: blank(addr.address2),
    zip: addr.zip.trim(),
    city: storedCity(country, addr.zip, addr.city),
    country,
    email,
    phone: blank(input.contact.phone),
    mobile: blank(input.contact.mobile),
    fax: blank(input.contact.fax),
    web: blank(input.contact.web),
    org_form: org.form ?? null,
    org_icd: icd,
    org_number: orgNumber,
    discount,
    credit_days: settings.creditDays ?? null,
    attach_pdf: settings.attachPdf === undefined || settings.attachPdf === null ? null : settings.attachPdf ? 1 : 0,
    default_shipment: settings.defaultShipment ?? null,
    auto_dunnings_enabled: settings.autoDunningsEnabled === undefined || settings.autoDunningsEnabled === null ? null : settings.autoDunningsEnabled ? 1 : 0,
    currency,
    your_reference: blank(input.yourReference),
    comment: input.comment ?? null,
    ehf_capable: input.capabilities?.ehf ? 1 : 0,
    efaktura: input.capabilities?.eFaktura ? 1 : 0,
    avtalegiro: input.capabilities?.avtaleGiro ? 1 : 0,
    deleted: 0,
    sort_name: norwegianSortKey(name),
    // toLowerCase is toLocaleLowerCase('nb-NO') (only Turkish, Azeri and Lithuanian case differently), and much cheaper.
    search_text: '',
    created_at: now,
    updated_at: now,
  };
  row.search_text = searchText(row);
  return { row, customValues, labels: input.labels ? [...new Set(input.labels)] : undefined };
}

/** Separators a person types in a number ("989 743 309", "+47 912 34 567", "22-33-44-55"). */
const NUMBER_SEPARATORS = /[\s.\-()/]/g;

/**
 * What the list's search looks in (one column, `search_text`): name, customer number, org number, e-mail, city, and
 * phone and mobile without their spaces, lower-cased. (db/migrations/0023_first_day.ts wrote it so for the rows before.)
 */
export function searchText(r: Pick<NewRow, 'name' | 'customer_number' | 'org_number' | 'email' | 'city' | 'phone' | 'mobile'>): string {
  // toLowerCase is toLocaleLowerCase('nb-NO') (only Turkish, Azeri and Lithuanian case differently), and much cheaper.
  return [r.name, r.customer_number, r.org_number, r.email, r.city, compact(r.phone), compact(r.mobile)].filter(Boolean).join(' ').toLowerCase();
}

const compact = (v: string | null | undefined) => (v ? v.replace(NUMBER_SEPARATORS, '') : null);

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
      const free = (await nextCustomerNumbers(trx, unnumbered.length + given.size, first)).filter((n) => !given.has(n));
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
    rememberHighest(trx, assigned.size === checked.length ? Number(checked[checked.length - 1].row.customer_number) : null);
    // Loops rather than flatMap: most recipients have neither, and flatMap made two empty arrays for each.
    const values: Array<{ field_number: number; value: string; recipient_number: number }> = [];
    const labels: Array<{ recipient_number: number; label_number: number }> = [];
    checked.forEach((c, i) => {
      for (const v of c.customValues) values.push({ ...v, recipient_number: numbers[i] });
      if (c.labels) for (const l of c.labels) labels.push({ recipient_number: numbers[i], label_number: l });
    });
    for (let i = 0; i < values.length; i += 2000) await trx.insertInto('recipient_custom_values').values(values.slice(i, i + 2000)).execute();
    for (let i = 0; i < labels.length; i += 2000) await trx.insertInto('recipient_labels').values(labels.slice(i, i + 2000)).execute();
    await audit(trx, ctx.clock, 'recipient', numbers.length === 1 ? numbers[0] : `${numbers[0]}..${numbers[numbers.length - 1]}`, 'create', {
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
    rememberHighest(trx, null); // its customer number may have changed
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
    await audit(trx, ctx.clock, 'recipient', number, 'update', input);
  });
}

/** Deletes a recipient; one that has documents is only marked deleted, so history stays whole. */
export async function deleteRecipient(ctx: AppContext, number: number): Promise<{ soft: boolean }> {
  return inTx(ctx, async ({ db: trx }) => {
    const existing = await trx.selectFrom('recipients').select('number').where('number', '=', number).executeTakeFirst();
    if (!existing) throw notFound('recipient', { number });
    const used = await trx.selectFrom('documents').select('id').where('recipient_number', '=', number).limit(1).executeTakeFirst();
    if (used) {
      await trx.updateTable('recipients').set({ deleted: 1, updated_at: ctx.clock.timestamp() }).where('number', '=', number).execute();
    } else {
      await trx.deleteFrom('recipients').where('number', '=', number).execute();
      rememberHighest(trx, null); // its customer number is gone
    }
    await audit(trx, ctx.clock, 'recipient', number, used ? 'soft-delete' : 'delete');
    return { soft: !!used };
  });
}

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

function toView(r: Row, extras: Extra[]): RecipientView {
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

async function toViews(db: Kysely<Database>, rows: Row[]): Promise<RecipientView[]> {
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
      row: db.selectFrom('recipients').selectAll().where('number', '=', 0).compile(),
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

export async function getRecipient(ctx: AppContext, number: number): Promise<RecipientView> {
  const q = getQueries(ctx.db);
  const rowQuery = withParams(q.row, number);
  const extrasQuery = withParams(q.extras, number);
  // Straight on the connection, both in one read transaction, when no transaction is open (see selectFastAll); else
  // through Kysely.
  const fast = selectFastAll(ctx.db, [rowQuery, extrasQuery]) as [Row[], Extra[]] | null;
  const row = (fast ? fast[0] : (await ctx.db.executeQuery<Row>(compiled(rowQuery))).rows)[0];
  if (!row) throw notFound('recipient', { number });
  return toView(row, fast ? fast[1] : (await ctx.db.executeQuery<Extra>(compiled(extrasQuery))).rows);
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
