/**
 * Checking a recipient's input against the rules of spec 2.1 a schema cannot state (custom fields, labels, currencies,
 * org numbers, party ids), and the row it becomes, with its search text. Used by recipients.write.ts.
 */
import { type Kysely, type Selectable } from 'kysely';
import type { Database, RecipientsTable } from '../../../db/schema.js';
import { isIsoDate } from '../../clock.js';
import type { AppContext } from '../../context.js';
import { hasAtMostDecimals, toScaled } from '../../domain/money.js';
import { isValidOrgNumber, normaliseOrgNumber } from '../../domain/orgnr.js';
import { isAcceptedIcd, normalisePartyId, schemeOf } from '../../domain/party-ids.js';
import { norwegianSortKey } from '../../domain/sort-key.js';
import { FieldErrors, type ErrorCode } from '../../ops/errors.js';
import type { ParamsArg } from '../../ops/error-codes.js';
import { postPlace } from '../../domain/postcodes.js';
import { countryCode, DEFAULT_COUNTRY, knownCurrencies } from '../common/index.js';
import type { RecipientInput } from './recipients.schema.js';
import { txMemo } from '../../ops/tx-memo.js';
import { isEmailAddress } from '../../domain/email.js';
import { prepared } from '../../../db/fast.js';

/** A Norwegian city as the postcode register writes it when it is that postcode's poststed in other case ("oslo" -> "OSLO"); else as given. */
function storedCity(country: string, zip: string, city: string): string {
  const given = city.trim();
  const place = country === 'NO' ? postPlace(zip) : null;
  return place && place.toLocaleLowerCase('nb-NO') === given.toLocaleLowerCase('nb-NO') ? place : given;
}

export type Row = Selectable<RecipientsTable>;
export type NewRow = Omit<RecipientsTable, 'number'>;

interface Lookups {
  currencies: Set<string>;
  fields: Map<number, { name: string; type: string; options: string[] | null; required: boolean }>;
  labels: Set<number>;
  /** The required custom fields, in number order. */
  required: Array<[number, { name: string }]>;
}

const allFieldDefs = prepared((db) => db.selectFrom('custom_fields').selectAll());

/** The custom field definitions, read once per transaction (a group-commit batch of signups creates many recipients). */
async function customFieldDefs(ctx: AppContext) {
  const { db } = ctx;
  const memo = txMemo(ctx);
  const kept = memo?.get(FIELDS_MEMO) as Selectable<Database['custom_fields']>[] | undefined;
  if (kept) return kept;
  const rows = await allFieldDefs.rows(db);
  memo?.set(FIELDS_MEMO, rows);
  return rows;
}
/** The memo key of the custom field definitions; labels.service.ts forgets it when it changes them. */
export const FIELDS_MEMO = 'recipient-fields:';

const NO_SET = new Set<never>();

/** What checking `inputs` needs: the custom field definitions always (required ones), currencies and labels only when given. */
export async function lookups(ctx: AppContext, inputs: RecipientInput[]): Promise<Lookups> {
  const db = ctx.db;
  const [currencies, fields, labels] = await Promise.all([
    inputs.some((i) => i.settings?.currency != null) ? knownCurrencies(ctx) : NO_SET,
    customFieldDefs(ctx),
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
export function checkRecipient(input: RecipientInput, look: Lookups, prefix: string, errors: FieldErrors, now: string): Checked {
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
  if (email && !isEmailAddress(email)) errors.add(prefix + 'contact.email', 'INVALID_EMAIL');

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
export const NUMBER_SEPARATORS = /[\s.\-()/]/g;

/**
 * What the list's search looks in (one column, `search_text`): name, customer number, org number, e-mail, city, and
 * phone and mobile without their spaces, lower-cased. (db/migrations/0023_first_day.ts wrote it so for the rows before.)
 */
export function searchText(r: Pick<NewRow, 'name' | 'customer_number' | 'org_number' | 'email' | 'city' | 'phone' | 'mobile'>): string {
  // toLowerCase is toLocaleLowerCase('nb-NO') (only Turkish, Azeri and Lithuanian case differently), and much cheaper.
  return [r.name, r.customer_number, r.org_number, r.email, r.city, compact(r.phone), compact(r.mobile)].filter(Boolean).join(' ').toLowerCase();
}

const compact = (v: string | null | undefined) => (v ? v.replace(NUMBER_SEPARATORS, '') : null);
