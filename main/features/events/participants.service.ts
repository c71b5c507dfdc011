import type { Kysely, Selectable } from 'kysely';
import type { Database, EventParticipantsTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { inTx, type TxCtx } from '../../ops/transaction.js';
import { oreToKr } from '../../domain/money.js';
import { fieldError, notFound, validationError } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import { creditInvoice } from '../invoices/index.js';
import type { ItemInput } from '../documents/core.js';
import type { Settings } from '../settings/index.js';
import type { ParticipantStatus, ParticipantUpdate } from './events.schema.js';
import type { ParticipantView } from './events.output.js';
import { eventRow } from './events.service.js';
import { freeSeat, participantsFrom, statusWhere, isPaid, type EventRow } from './events.view.js';
import { notifyRegistered } from './notify.js';
import { issueParticipantInvoice, participantItems, type ChosenValue, type InvoiceParty } from './participant-invoice.js';
import { isEmailAddress } from '../../domain/email.js';

type Row = Selectable<EventParticipantsTable>;

function listQuery(db: Kysely<Database>, eventNumber: number, status: ParticipantStatus | undefined, today: string) {
  let q = participantsFrom(db)
    .leftJoin('documents as c', 'c.id', 'p.credit_note_document_id')
    .where('p.event_number', '=', eventNumber);
  if (status) q = q.where((eb) => statusWhere(eb, status, today));
  return q;
}

type Listed = Row & { shown: string; invoice_number: number | null; credit_note_number: number | null; balance: number | null };

function participantView(r: Listed): ParticipantView {
  return {
    number: r.number,
    status: r.shown as ParticipantStatus,
    name: r.name,
    email: r.email,
    mobile: r.mobile,
    invoice: r.invoice_party ? JSON.parse(r.invoice_party) : null,
    discountCode: r.discount_code,
    customFields: JSON.parse(r.custom_values),
    amount: oreToKr(r.amount),
    signedUpAt: r.signed_up_at,
    registeredAt: r.registered_at,
    cancelledAt: r.cancelled_at,
    invoiceNumber: r.invoice_number,
    creditNoteNumber: r.credit_note_number,
    balance: r.balance === null ? null : oreToKr(r.balance),
    _links: {
      self: { uri: `/host/events/${r.event_number}/participants/${r.number}` },
      ...(r.invoice_number !== null ? { invoice: { uri: `/invoices/${r.invoice_number}` } } : {}),
    },
  };
}

/** Participants in signup order with their shown status (paid counted from the invoice in SQL), paged. */
export async function listParticipants(ctx: AppContext, eventNumber: number, status: ParticipantStatus | undefined, limit: number, offset: number) {
  await eventRow(ctx.db, eventNumber);
  const today = ctx.clock.today();
  const [rows, count] = await Promise.all([
    listQuery(ctx.db, eventNumber, status, today)
      .selectAll('p')
      .select((eb) => [
        eb.case().when(isPaid(eb, today)).then('paid').else(eb.ref('p.status')).end().as('shown'),
        'd.number as invoice_number',
        'c.number as credit_note_number',
        'b.balance',
      ])
      .orderBy('p.number')
      .limit(limit)
      .offset(offset)
      .execute(),
    listQuery(ctx.db, eventNumber, status, today).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => participantView(r as Listed)), total: Number(count.n) };
}

export async function getParticipant(ctx: AppContext, eventNumber: number, p: number): Promise<ParticipantView> {
  const today = ctx.clock.today();
  const r = await listQuery(ctx.db, eventNumber, undefined, today)
    .selectAll('p')
    .select((eb) => [eb.case().when(isPaid(eb, today)).then('paid').else(eb.ref('p.status')).end().as('shown'), 'd.number as invoice_number', 'c.number as credit_note_number', 'b.balance'])
    .where('p.number', '=', p)
    .executeTakeFirst();
  if (!r) throw notFound('participant', { number: p, event: eventNumber });
  return participantView(r as Listed);
}

async function participantRow(trx: Kysely<Database>, eventNumber: number, p: number): Promise<Row> {
  const row = await trx.selectFrom('event_participants').selectAll().where('event_number', '=', eventNumber).where('number', '=', p).executeTakeFirst();
  if (!row) throw notFound('participant', { number: p, event: eventNumber });
  return row;
}

/** What registering a participant gives: the invoice (none when there is nothing to pay) and the amount it came to. */
export interface Registration {
  invoice: { id: number; number: number; recipientNumber: number; total?: number } | null;
  amount: number;
}

/** What a signup already has when it registers at once, so registration does not work it out again. */
export interface KnownAtSignup {
  /** The invoice lines (event price, priced custom fields, discount). */
  items?: ItemInput[];
  settings?: Settings;
  /** The invoice party the signup wrote as p.invoice_party. */
  party?: InvoiceParty;
}

/**
 * The work of registering, in the caller's transaction: issues the invoice when there is anything to pay and queues the
 * confirmation e-mail, the invoice and the SMS. The caller writes the participant row (a signup inserts it registered at
 * once; the host's confirm updates a pending one), so the row is written once per signup. `known`:
 * what the signup already has; the host's confirm passes nothing and it is read from the participant row.
 */
export async function registration(
  ctx: TxCtx,
  ev: EventRow,
  p: Pick<Row, 'number' | 'name' | 'email' | 'mobile' | 'amount' | 'invoice_party' | 'discount_code' | 'custom_values'>,
  known: KnownAtSignup = {},
): Promise<Registration> {
  const { items, settings, party } = known;
  const trx = ctx.db;
  let invoice: Registration['invoice'] = null;
  let amount = p.amount;
  if (amount > 0) {
    let lines = items;
    if (!lines) {
      const fields = await trx.selectFrom('event_custom_fields').selectAll().where('event_number', '=', ev.number).execute();
      const code = p.discount_code ? await trx.selectFrom('event_discount_codes').select(['code', 'amount']).where('event_number', '=', ev.number).where('code', '=', p.discount_code).executeTakeFirst() : undefined;
      lines = await participantItems(ctx, ev, fields, JSON.parse(p.custom_values) as ChosenValue[], code ?? null);
    }
    invoice = await issueParticipantInvoice(ctx, ev, { name: p.name, email: p.email, mobile: p.mobile, party: party ?? (JSON.parse(p.invoice_party!) as InvoiceParty) }, lines, settings);
    amount = invoice.total ?? (await trx.selectFrom('documents').select('total').where('id', '=', invoice.id).executeTakeFirstOrThrow()).total;
  }
  await notifyRegistered(ctx, ev, { ...p, amount }, invoice);
  return { invoice, amount };
}

/** Registers a pending participant (the host's confirm) in the caller's transaction. */
export async function registerIn(ctx: TxCtx, ev: EventRow, row: Row): Promise<number | null> {
  const trx = ctx.db;
  const { invoice, amount } = await registration(ctx, ev, row);
  const now = ctx.clock.timestamp();
  // Only while it is still pending: on PostgreSQL a cancellation committed meanwhile is seen here (the UPDATE waits for
  // its row lock and reads the row again), and the registration is refused instead of undoing it (its seat is freed).
  const res = await trx
    .updateTable('event_participants')
    .set({ status: 'registered', registered_at: now, updated_at: now, amount, invoice_document_id: invoice?.id ?? null, recipient_number: invoice?.recipientNumber ?? null })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw validationError([fieldError('status', 'PARTICIPANT_NO_LONGER_PENDING', { number: row.number })]);
  await audit(ctx, 'event-participant', `${ev.number}/${row.number}`, 'register', { invoice: invoice?.number ?? null, amount });
  return invoice?.number ?? null;
}

/** POST …/confirm: a pending participant becomes registered (invoice and mail as at a signup without confirmation). */
export async function confirmParticipant(ctx: AppContext, eventNumber: number, p: number): Promise<ParticipantView> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const ev = await eventRow(trx, eventNumber);
    const row = await participantRow(trx, eventNumber, p);
    if (row.status !== 'pending') throw validationError([fieldError('status', 'PARTICIPANT_NOT_PENDING', { number: p, status: row.status })]);
    await registerIn(tctx, ev, row);
  });
  return getParticipant(ctx, eventNumber, p);
}

/** POST …/cancel: frees the seat; an invoice is credited in full (what was paid is then owed back to the customer). */
export async function cancelParticipant(ctx: AppContext, eventNumber: number, p: number): Promise<ParticipantView> {
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    await eventRow(trx, eventNumber);
    const row = await participantRow(trx, eventNumber, p);
    if (row.status === 'cancelled') throw validationError([fieldError('status', 'PARTICIPANT_CANCELLED', { number: p })]);
    let creditNote: { id: number; number: number } | null = null;
    if (row.invoice_document_id !== null) {
      const inv = await trx.selectFrom('documents').select('number').where('id', '=', row.invoice_document_id).executeTakeFirstOrThrow();
      const left = await trx.selectFrom('invoice_balances').select(['credited_total']).where('document_id', '=', row.invoice_document_id).executeTakeFirstOrThrow();
      const { total } = await trx.selectFrom('documents').select('total').where('id', '=', row.invoice_document_id).executeTakeFirstOrThrow();
      if (left.credited_total < total) {
        creditNote = await creditInvoice(tctx, inv.number!, { scope: 'uncredited', invoiceText: `Avmelding fra arrangement: ${row.name}` });
      }
    }
    const now = ctx.clock.timestamp();
    // Only if not cancelled meanwhile (two cancellations at once on PostgreSQL: the second UPDATE waits for the first's
    // row lock, reads the row again and changes nothing), so a seat is freed once.
    const res = await trx
      .updateTable('event_participants')
      .set({ status: 'cancelled', cancelled_at: now, updated_at: now, credit_note_document_id: creditNote?.id ?? null })
      .where('id', '=', row.id)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw validationError([fieldError('status', 'PARTICIPANT_CANCELLED', { number: p })]);
    await freeSeat(trx, eventNumber); // the seat it held (pending or registered): events.seats_taken, migration 0014
    await audit(tctx, 'event-participant', `${eventNumber}/${p}`, 'cancel', { creditNote: creditNote?.number ?? null });
  });
  return getParticipant(ctx, eventNumber, p);
}

/** PUT: the participant's name and contact details (the invoice, once issued, stays as it is). */
export async function updateParticipant(ctx: AppContext, eventNumber: number, p: number, input: ParticipantUpdate): Promise<ParticipantView> {
  const email = input.email.trim();
  if (!isEmailAddress(email)) throw validationError([fieldError('email', 'INVALID_EMAIL')]);
  if (!input.name.trim()) throw validationError([fieldError('name', 'EMPTY')]);
  await inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    await eventRow(trx, eventNumber);
    const row = await participantRow(trx, eventNumber, p);
    const mobile = input.mobile?.trim() || null;
    await trx.updateTable('event_participants').set({ name: input.name.trim(), email, mobile, updated_at: ctx.clock.timestamp() }).where('id', '=', row.id).execute();
    await audit(tctx, 'event-participant', `${eventNumber}/${p}`, 'update', { before: { name: row.name, email: row.email, mobile: row.mobile }, after: { name: input.name, email, mobile } });
  });
  return getParticipant(ctx, eventNumber, p);
}
