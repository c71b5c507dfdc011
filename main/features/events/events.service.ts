import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, EventsTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { inTx } from '../../ops/transaction.js';
import { hasAtMostDecimals, krToOre } from '../../domain/money.js';
import { conflict, FieldErrors, fieldError, notFound, validationError } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import { productsByCode } from '../products/index.js';
import { sendingSettings } from '../settings/index.js';
import type { DiscountCodeInput, EventInput } from './events.schema.js';
import type { EventView } from './events.output.js';
import { eventViews, seatsTaken, type EventRow } from './events.view.js';
import { isEmailAddress } from '../../domain/email.js';

const blank = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s.trim());
/** "Now" to the minute, as the event times are written. */
export const nowMinute = (ctx: AppContext) => ctx.clock.timestamp().slice(0, 16);
/** A random public id of 15-16 digits (52+ bits): nothing to learn from it about other events. */
const newPublicId = () => 1e15 + Number(randomBytes(8).readBigUInt64BE() % BigInt(Number.MAX_SAFE_INTEGER - 1e15));

type Written = Omit<EventsTable, 'number' | 'public_id' | 'signup_seq' | 'seats_taken' | 'deleted' | 'created_at'>;

function checkMoney(v: number, field: string, errors: FieldErrors): number {
  if (!hasAtMostDecimals(v, 2)) errors.add(field, 'TOO_MANY_DECIMALS', { max: 2 });
  return krToOre(v);
}

/** The 2.10 rules a schema cannot state; returns the rows to write. */
async function checkEvent(ctx: AppContext, input: EventInput) {
  const { db } = ctx;
  const errors = new FieldErrors();
  if (input.endDate && input.endDate < input.date) errors.add('endDate', 'BEFORE_EVENT_DATE');
  if (input.registrationDeadline && input.registrationDeadline > (input.endDate ?? input.date)) {
    errors.add('registrationDeadline', 'AFTER_EVENT_END');
  }
  if (!blank(input.name)) errors.add('name', 'EMPTY');
  const email = input.contactPerson.email.trim();
  if (!isEmailAddress(email)) errors.add('contactPerson.email', 'INVALID_EMAIL');
  const price = checkMoney(input.price, 'price', errors);
  const sms = input.smsConfirmation ?? { enabled: false, message: '' };
  if (sms.enabled && !sms.message.trim()) errors.add('smsConfirmation.message', 'REQUIRED_FOR_SMS_CONFIRMATION');
  if (sms.enabled && !(await sendingSettings({ db })).smsGatewayUrl) {
    errors.add('smsConfirmation.enabled', 'SMS_CONFIRMATION_NEEDS_GATEWAY');
  }

  const codes = (input.customFields ?? []).map((f) => f.price?.productCode.trim()).filter((c): c is string => !!c);
  const product = blank(input.productNumber);
  const products = await productsByCode(ctx, product ? [...codes, product] : codes);
  if (product && !products.has(product)) errors.add('productNumber', 'NO_SUCH_PRODUCT', { code: product });

  const seen = new Set<string>();
  const discounts = (input.discountCodes?.codes ?? []).map((d, i) => {
    const amount = checkMoney(d.amount, `discountCodes.codes[${i}].amount`, errors);
    if (amount <= 0 || amount >= price) errors.add(`discountCodes.codes[${i}].amount`, 'DISCOUNT_NOT_BELOW_PRICE');
    const key = d.code.toUpperCase();
    if (seen.has(key)) errors.add(`discountCodes.codes[${i}].code`, 'DISCOUNT_CODE_TWICE', { code: d.code });
    seen.add(key);
    return { code: d.code, amount };
  });
  const names = new Set<string>();
  const fields = (input.customFields ?? []).map((f, i) => {
    const p = `customFields[${i}]`;
    if (!f.name.trim()) errors.add(`${p}.name`, 'EMPTY');
    if (names.has(f.name.trim().toLowerCase())) errors.add(`${p}.name`, 'GIVEN_TWICE');
    names.add(f.name.trim().toLowerCase());
    let fieldPrice: number | null = null;
    if (f.price) {
      fieldPrice = checkMoney(f.price.price, `${p}.price.price`, errors);
      if (!products.has(f.price.productCode.trim())) errors.add(`${p}.price.productCode`, 'NO_SUCH_PRODUCT', { code: f.price.productCode });
    }
    return {
      number: i + 1,
      name: f.name.trim(),
      type: f.type,
      options: f.options ? JSON.stringify(f.options) : null,
      price_product_code: f.price ? f.price.productCode.trim() : null,
      price: fieldPrice,
      price_tax_rate: f.price ? f.price.taxRate * 100 : null,
    };
  });
  errors.throwIfAny();
  const loc = input.location;
  const row: Written = {
    name: input.name.trim(),
    starts_at: input.date,
    end_at: input.endDate ?? null,
    registration_deadline: input.registrationDeadline ?? null,
    signup_captcha: input.signupCaptcha ? 1 : 0,
    location: JSON.stringify({ name: loc.name.trim(), address: blank(loc.address), zip: blank(loc.zip), city: blank(loc.city), country: blank(loc.country) }),
    description: input.description?.trim() ?? '',
    confirmation: input.confirmation ? 1 : 0,
    price,
    tax_rate: (input.taxRate ?? 25) * 100,
    product_code: product,
    contact_person: JSON.stringify({ name: input.contactPerson.name.trim(), email, phone: blank(input.contactPerson.phone) }),
    participant_limit: input.participantLimit ?? null,
    sms_enabled: sms.enabled ? 1 : 0,
    sms_message: sms.message.trim(),
    show_signup_stats: input.showSignupStats ? 1 : 0,
    discount_label: input.discountCodes?.label?.trim() ?? '',
    updated_at: ctx.clock.timestamp(),
  };
  return { row, discounts, fields };
}

async function writeExtras(trx: Kysely<Database>, number: number, input: EventInput, checked: Awaited<ReturnType<typeof checkEvent>>, replace: boolean) {
  if (input.discountCodes || !replace) {
    if (replace) await trx.deleteFrom('event_discount_codes').where('event_number', '=', number).execute();
    if (checked.discounts.length) await trx.insertInto('event_discount_codes').values(checked.discounts.map((d) => ({ ...d, event_number: number }))).execute();
  }
  if (input.customFields || !replace) {
    if (replace) await trx.deleteFrom('event_custom_fields').where('event_number', '=', number).execute();
    if (checked.fields.length) await trx.insertInto('event_custom_fields').values(checked.fields.map((f) => ({ ...f, event_number: number }))).execute();
  }
}

export async function eventRow(db: Kysely<Database>, number: number): Promise<EventRow> {
  const row = await db.selectFrom('events').selectAll().where('number', '=', number).where('deleted', '=', 0).executeTakeFirst();
  if (!row) throw notFound('event', { number });
  return row;
}

export async function getEvent(ctx: AppContext, number: number): Promise<EventView> {
  return (await eventViews(ctx.db, [await eventRow(ctx.db, number)], ctx.clock.today()))[0];
}

export async function createEvent(ctx: AppContext, input: EventInput): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const checked = await checkEvent(tctx, input);
    const { number } = await trx
      .insertInto('events')
      .values({ ...checked.row, public_id: newPublicId(), signup_seq: 0, seats_taken: 0, deleted: 0, created_at: checked.row.updated_at })
      .returning('number')
      .executeTakeFirstOrThrow();
    await writeExtras(trx, number, input, checked, false);
    await audit(tctx, 'event', number, 'create', { name: checked.row.name, date: checked.row.starts_at });
    return number;
  });
}

/** PUT: replaces the event; discount codes and custom fields are replaced when given, kept when left out. */
export async function updateEvent(ctx: AppContext, number: number, input: EventInput): Promise<EventView> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const ev = await eventRow(trx, number);
    const checked = await checkEvent(tctx, input);
    const taken = seatsTaken(ev);
    if (checked.row.participant_limit !== null && checked.row.participant_limit < taken) {
      throw validationError([fieldError('participantLimit', 'LIMIT_BELOW_SEATS_TAKEN', { taken })]);
    }
    await trx.updateTable('events').set(checked.row).where('number', '=', number).execute();
    await writeExtras(trx, number, input, checked, true);
    await audit(tctx, 'event', number, 'update', { name: checked.row.name });
  });
  return getEvent(ctx, number);
}

/** Soft delete (participants and their invoices stay); refused while someone still holds a seat. */
export async function deleteEvent(ctx: AppContext, number: number): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const taken = seatsTaken(await eventRow(trx, number));
    if (taken > 0) throw conflict(`Event ${number} has ${taken} participants; cancel them first`, [fieldError('number', 'HAS_PARTICIPANTS')]);
    await trx.updateTable('events').set({ deleted: 1, updated_at: ctx.clock.timestamp() }).where('number', '=', number).execute();
    await audit(tctx, 'event', number, 'delete');
  });
}

function listed(db: Kysely<Database>, when: 'upcoming' | 'past', today: string, q?: string) {
  let query = db.selectFrom('events').where('deleted', '=', 0).where('starts_at', when === 'upcoming' ? '>=' : '<', today);
  const term = q?.trim().toLowerCase();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    query = query.where((eb) => eb(sql`lower(name)`, 'like', sql`${like} escape '\\'`));
  }
  return query;
}

/** Upcoming (date today or later, soonest first) or past (latest first); q searches the name. */
export async function listEvents(ctx: AppContext, when: 'upcoming' | 'past', q: string | undefined, limit: number, offset: number) {
  const today = ctx.clock.today();
  const dir = when === 'upcoming' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    listed(ctx.db, when, today, q).selectAll().orderBy('starts_at', dir).orderBy('number', dir).limit(limit).offset(offset).execute(),
    listed(ctx.db, when, today, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await eventViews(ctx.db, rows, today), total: Number(count.n) };
}

/* ---- discount codes one by one ---- */

async function checkCode(trx: Kysely<Database>, number: number, input: DiscountCodeInput, except?: string) {
  const ev = await eventRow(trx, number);
  const errors = new FieldErrors();
  const amount = checkMoney(input.amount, 'amount', errors);
  if (amount <= 0 || amount >= ev.price) errors.add('amount', 'DISCOUNT_NOT_BELOW_PRICE');
  errors.throwIfAny();
  const taken = await trx.selectFrom('event_discount_codes').select('code').where('event_number', '=', number).execute();
  if (taken.some((t) => t.code.toUpperCase() === input.code.toUpperCase() && t.code !== except)) {
    throw conflict(`Discount code ${input.code} exists for event ${number}`, [fieldError('code', 'TAKEN')]);
  }
  return amount;
}

export async function addDiscountCode(ctx: AppContext, number: number, input: DiscountCodeInput): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const amount = await checkCode(trx, number, input);
    await trx.insertInto('event_discount_codes').values({ event_number: number, code: input.code, amount }).execute();
    await audit(tctx, 'event', number, 'discount-code-add', { code: input.code, amount });
  });
}

export async function updateDiscountCode(ctx: AppContext, number: number, code: string, input: DiscountCodeInput): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const amount = await checkCode(trx, number, input, code);
    const res = await trx.updateTable('event_discount_codes').set({ code: input.code, amount }).where('event_number', '=', number).where('code', '=', code).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw notFound('discount-code', { code, event: number });
    await audit(tctx, 'event', number, 'discount-code-update', { code, to: input.code, amount });
  });
}

export async function deleteDiscountCode(ctx: AppContext, number: number, code: string): Promise<void> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    await eventRow(trx, number);
    const res = await trx.deleteFrom('event_discount_codes').where('event_number', '=', number).where('code', '=', code).executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) throw notFound('discount-code', { code, event: number });
    await audit(tctx, 'event', number, 'discount-code-delete', { code });
  });
}
