/**
 * POST /events/{eventId}/signup (spec 4.7), public. One write transaction: the rules, then the lock on the event
 * (signup_seq, see migration 0006), the seat count, the participant, and, when no confirmation is asked for, the invoice
 * and the queued mail. A failed signup writes nothing. On SQLite concurrent signups share the transaction, each in its
 * own savepoint, and are answered after the shared commit (group commit, main/ops/group-commit.ts).
 */
import type { Insertable, Kysely } from 'kysely';
import { insertRows, prepared } from '../../../db/fast.js';
import type { Database, EventParticipantsTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { inTx, type TxCtx } from '../../ops/transaction.js';
import { oreToKr } from '../../domain/money.js';
import { isValidOrgNumber, normaliseOrgNumber } from '../../domain/orgnr.js';
import { FieldErrors, fieldError, notFound, validationError } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import { countryCode } from '../common/index.js';
import { getSettings } from '../settings/index.js';
import { checkChallenge } from './captcha.js';
import { checkPow, type PowOutcome } from './pow.js';
import { EMAIL_RE } from '../../domain/email.js';
import { discountFor, hasLink, takeNoScriptSignup } from './signup-rules.js';
import type { SignupInput } from './events.schema.js';
import type { SignupResult } from './events.output.js';
import { nowMinute } from './events.service.js';
import { seatsTaken, type EventRow } from './events.view.js';
import { notifyPending, smsNumber } from './notify.js';
import { amountOf, participantItems, type ChosenValue, type InvoiceParty } from './participant-invoice.js';
import { registration } from './participants.service.js';

/**
 * The lock (see migration 0006), the participant's number and the seat in one statement, compiled once
 * (db/fast.ts): the event's seats_taken (migration 0014) counts this signup's seat and answers the new count, so
 * the limit is checked against the count under the lock without counting the participants. A refused signup is rolled
 * back, its seat with it.
 */
const takeSeat = prepared((db, eventNumber: number) =>
  db
    .updateTable('events')
    .set((eb) => ({ signup_seq: eb('signup_seq', '+', 1), seats_taken: eb('seats_taken', '+', 1) }))
    .where('number', '=', eventNumber)
    .returning(['signup_seq', 'seats_taken']),
);

const blank = (s: string | null | undefined) => (s === undefined || s === null || s.trim() === '' ? null : s.trim());

/** Compiled once (db/fast.ts): every group-commit batch of signups reads the event and its fields. */
const eventByPublicId = prepared((db, publicId: number, today: string) =>
  db.selectFrom('events').selectAll().where('public_id', '=', publicId).where('deleted', '=', 0).where('starts_at', '>=', today),
);
const fieldsOfEvent = prepared((db, eventNumber: number) => db.selectFrom('event_custom_fields').selectAll().where('event_number', '=', eventNumber).orderBy('number'));

/** The event behind a public id; unknown, deleted and past events answer the same 404, so ids cannot be probed. */
export async function publicEvent(db: Kysely<Database>, ctx: AppContext, publicId: number): Promise<EventRow> {
  const ev = await eventByPublicId.first(db, publicId, ctx.clock.today());
  if (!ev) throw notFound('event', {});
  return ev;
}

const customFieldsOf = (db: Kysely<Database>, eventNumber: number) => fieldsOfEvent.rows(db, eventNumber);
type FieldRow = Awaited<ReturnType<typeof customFieldsOf>>[number];

/**
 * The event and its custom fields, read once per transaction: a group-commit batch of signups to one event reads them
 * once. Only signups run in such a batch and none changes these (signup_seq and seats_taken are not read from here: the
 * lock UPDATE answers them), so what the
 * first member read holds for the others.
 */
async function eventFacts(tctx: TxCtx, publicId: number) {
  const { db: trx, memo } = tctx;
  const hit = memo.get(`event:${publicId}`) as { ev: EventRow; fields: FieldRow[] } | undefined;
  if (hit && hit.ev.starts_at >= tctx.clock.today()) return hit;
  const ev = await publicEvent(trx, tctx, publicId);
  const facts = { ev, fields: await customFieldsOf(trx, ev.number) };
  memo.set(`event:${publicId}`, facts);
  return facts;
}

const deadlinePassed = (ctx: AppContext, ev: EventRow) => !!ev.registration_deadline && nowMinute(ctx) > ev.registration_deadline;

/** Why an event takes no signups now (deadline passed, full), as field errors: from the row (seats_taken is on it). */
function closedReasons(ctx: AppContext, ev: EventRow): FieldErrors {
  const errors = new FieldErrors();
  if (deadlinePassed(ctx, ev)) errors.add('registrationDeadline', 'SIGNUP_CLOSED', { at: ev.registration_deadline! });
  if (ev.participant_limit !== null && seatsTaken(ev) >= ev.participant_limit) {
    errors.add('participantLimit', 'EVENT_FULL');
  }
  return errors;
}

/**
 * The captcha of a signup, checked and spent before (and whatever becomes of) the signup, so no answer is tried twice:
 * null when it passed, else why not (the English message of the field error `captcha`). The proof of work is what API
 * clients and the page's script send; the sum is only the page's fallback without JavaScript, and only so many an hour.
 */
async function captchaProblem(ctx: AppContext, publicId: number, captcha: SignupInput['captcha'], via: 'json' | 'form'): Promise<CaptchaCode | null> {
  if (captcha?.challenge !== undefined || captcha?.nonce !== undefined) {
    const outcome = await checkPow(ctx.db, ctx.clock, publicId, { challenge: captcha.challenge ?? '', nonce: captcha.nonce ?? '' });
    return outcome === 'ok' ? null : POW_PROBLEM[outcome];
  }
  if (!captcha?.token) return missingCaptcha(via);
  if (via === 'json') return 'CAPTCHA_SUM_NOT_FOR_API';
  if (!takeNoScriptSignup(publicId)) return 'CAPTCHA_NOSCRIPT_LIMIT';
  return (await checkChallenge(ctx.db, ctx.clock, publicId, captcha)) ? null : 'CAPTCHA_WRONG';
}

type CaptchaCode = 'CAPTCHA_POW_REQUIRED' | 'CAPTCHA_ANSWER_REQUIRED' | 'CAPTCHA_SUM_NOT_FOR_API' | 'CAPTCHA_NOSCRIPT_LIMIT' | 'CAPTCHA_WRONG' | 'POW_INVALID' | 'POW_EXPIRED' | 'POW_NOT_SOLVED' | 'POW_USED';
const missingCaptcha = (via: 'json' | 'form'): CaptchaCode => (via === 'json' ? 'CAPTCHA_POW_REQUIRED' : 'CAPTCHA_ANSWER_REQUIRED');

const POW_PROBLEM: Record<Exclude<PowOutcome, 'ok'>, CaptchaCode> = { invalid: 'POW_INVALID', expired: 'POW_EXPIRED', 'not-solved': 'POW_NOT_SOLVED', used: 'POW_USED' };

export async function signup(ctx: AppContext, publicId: number, input: SignupInput, via: 'json' | 'form' = 'json'): Promise<SignupResult> {
  const captcha = input.captcha ? await captchaProblem(ctx, publicId, input.captcha, via) : 'missing';
  // Signups arriving together share one transaction (each in its own savepoint) and one commit: main/ops/group-commit.ts.
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const { ev, fields } = await eventFacts(tctx, publicId);
    // The deadline first; whether a seat is left is counted once, under the event's lock below.
    const errors = new FieldErrors();
    if (deadlinePassed(ctx, ev)) errors.add('registrationDeadline', 'SIGNUP_CLOSED', { at: ev.registration_deadline! });
    errors.throwIfAny('Signup is closed');
    if (ev.signup_captcha && captcha !== null) {
      errors.add('captcha', captcha === 'missing' ? missingCaptcha(via) : captcha);
    }
    const name = blank(input.name);
    const email = blank(input.email);
    if (!name) errors.add('name', 'EMPTY');
    // The name is the only text of the signup that reaches the confirmation e-mail: no links in it (no relay for spam).
    else if (hasLink(name)) errors.add('name', 'NAME_WITH_LINK');
    // The outbox's address rule (domain/email.ts): an address accepted here is one the confirmation can be sent to.
    if (!email || email.length > 254 || !EMAIL_RE.test(email)) errors.add('email', 'INVALID_EMAIL');
    const mobile = blank(input.mobile);
    if (mobile && ev.sms_enabled && !smsNumber(mobile)) errors.add('mobile', 'MOBILE_FOR_SMS');

    const code = blank(input.discountCode);
    const discount = code ? await discountFor(trx, ev.number, code) : undefined;
    if (code && !discount) errors.add('discountCode', 'UNKNOWN_DISCOUNT_CODE');

    const values: ChosenValue[] = [];
    (input.customFields ?? []).forEach((cf, i) => {
      const def = fields.find((f) => f.number === cf.number);
      if (!def) return errors.add(`customFields[${i}].number`, 'NO_SUCH_EVENT_FIELD', { number: cf.number });
      if (values.some((v) => v.number === cf.number)) return errors.add(`customFields[${i}].number`, 'GIVEN_TWICE');
      const v = cf.value ?? null;
      if (v !== null && def.type === 'BOOLEAN' && typeof v !== 'boolean') return errors.add(`customFields[${i}].value`, 'EVENT_FIELD_NOT_BOOLEAN', { name: def.name });
      if (v !== null && def.type === 'TEXT' && typeof v !== 'string') return errors.add(`customFields[${i}].value`, 'EVENT_FIELD_NOT_TEXT', { name: def.name });
      values.push({ number: def.number, name: def.name, type: def.type, value: typeof v === 'string' ? v.trim() : v });
    });

    const settings = await getSettings(tctx);
    const items = await participantItems(tctx, ev, fields, values, discount ?? null);
    const amount = await amountOf(tctx, items, settings.company.vatRegistered);
    const inv = input.invoice ?? null;
    let party: InvoiceParty | null = null;
    if (amount > 0) {
      for (const f of ['name', 'address', 'zip', 'city'] as const) if (!blank(inv?.[f])) errors.add(`invoice.${f}`, 'REQUIRED_TO_PAY');
      const country = blank(inv?.country) ? countryCode(inv!.country!.trim()) : 'NO';
      if (!country) errors.add('invoice.country', 'UNKNOWN_COUNTRY');
      if (country === 'NO' && blank(inv?.zip) && !/^\d{4}$/.test(inv!.zip!.trim())) errors.add('invoice.zip', 'INVALID_POSTCODE');
    }
    const orgNo = blank(inv?.orgNo);
    if (orgNo && !isValidOrgNumber(orgNo)) errors.add('invoice.orgNo', 'INVALID_ORG_NUMBER');
    errors.throwIfAny();
    if (inv) {
      party = { name: blank(inv.name), address: blank(inv.address), zip: blank(inv.zip), city: blank(inv.city), country: blank(inv.country), orgNo: orgNo ? normaliseOrgNumber(orgNo) : null, yourRef: blank(inv.yourRef) };
    }

    // The lock: from here until commit no other signup to this event can count or insert (see migration 0006).
    const { signup_seq: number, seats_taken: seats } = (await takeSeat.first(trx, ev.number))!;
    if (ev.participant_limit !== null && Number(seats) > ev.participant_limit) {
      throw validationError([fieldError('participantLimit', 'EVENT_FULL')], 'Signup is closed');
    }
    const now = ctx.clock.timestamp();
    const p = {
      event_number: ev.number,
      number,
      name: name!,
      email: email!,
      mobile,
      invoice_party: party ? JSON.stringify(party) : null,
      discount_code: discount?.code ?? null,
      custom_values: JSON.stringify(values),
      amount,
      credit_note_document_id: null,
      signed_up_at: now,
      cancelled_at: null,
      updated_at: now,
    };
    // With confirmation the participant waits; without, the invoice is issued and the mail queued first, so the row is
    // written once, registered, with one audit entry for the whole signup.
    const reg = ev.confirmation ? null : await registration(tctx, ev, p, { items, settings, party: party ?? undefined });
    await insertRows(trx, 'event_participants', [
      {
        ...p,
        status: reg ? 'registered' : 'pending',
        amount: reg ? reg.amount : amount,
        recipient_number: reg?.invoice?.recipientNumber ?? null,
        invoice_document_id: reg?.invoice?.id ?? null,
        registered_at: reg ? now : null,
      } satisfies Insertable<EventParticipantsTable>,
    ]);
    const status = reg ? 'registered' : 'pending';
    await audit(tctx, 'event-participant', `${ev.number}/${number}`, 'signup', { status, amount: reg ? reg.amount : amount, discountCode: p.discount_code, invoice: reg?.invoice?.number ?? null });
    if (!reg) await notifyPending(tctx, ev, p);
    // The participant number tells how many signed up: only shown when the host shows the signup statistics.
    return { ...(ev.show_signup_stats ? { participantNumber: number } : {}), status, amount: oreToKr(amount) };
  }, { group: true });
}

/** What the public page shows: nothing the host did not publish. */
export async function publicFacts(ctx: AppContext, publicId: number, code: string | null) {
  const ev = await publicEvent(ctx.db, ctx, publicId);
  const settings = await getSettings(ctx);
  const fields = await customFieldsOf(ctx.db, ev.number);
  const discount = code ? await discountFor(ctx.db, ev.number, code) : undefined;
  const price = await amountOf(ctx, await participantItems(ctx, ev, fields, [], discount ?? null), settings.company.vatRegistered);
  const taken = seatsTaken(ev);
  const closed = closedReasons(ctx, ev);
  return { ev, fields, discount: discount ?? null, codeUnknown: !!code && !discount, price, taken, closed: closed.list, seller: settings.company.name };
}
