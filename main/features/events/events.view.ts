import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { prepared } from '../../../db/fast.js';
import type { Database, EventCustomFieldsTable, EventsTable } from '../../../db/schema.js';
import { oreToKr } from '../../domain/money.js';
import { stateWhere } from '../invoices/index.js';
import type { CUSTOM_FIELD_TYPES } from './events.schema.js';
import type { EventView } from './events.output.js';

export type EventRow = Selectable<EventsTable>;
type FieldRow = Selectable<EventCustomFieldsTable>;
export type Stats = EventView['_stats']['participant'];

/** The joins every participant query uses: the invoice (documents d) and its balance (invoice_balances b), if any. */
export function participantsFrom(db: Kysely<Database>) {
  return db
    .selectFrom('event_participants as p')
    .leftJoin('documents as d', 'd.id', 'p.invoice_document_id')
    .leftJoin('invoice_balances as b', 'b.document_id', 'p.invoice_document_id');
}
type PEb = ExpressionBuilder<Database & { p: Database['event_participants']; d: Database['documents']; b: Database['invoice_balances'] }, 'p' | 'd' | 'b'>;

/** A registered participant whose invoice is paid (the one definition of "paid" in stateWhere). */
export function isPaid(eb: PEb, today: string) {
  return eb.and([eb('p.status', '=', 'registered'), eb('b.document_id', 'is not', null), stateWhere(eb as never, 'paid', today)]);
}

/** The shown status: pending, registered (not paid yet, or free), paid, cancelled; each participant is exactly one. */
export function statusWhere(eb: PEb, status: string, today: string) {
  if (status === 'paid') return isPaid(eb, today);
  if (status === 'registered') return eb.and([eb('p.status', '=', 'registered'), eb.not(isPaid(eb, today))]);
  return eb('p.status', '=', status);
}

/** Participant counts per event, in one grouped query. */
export async function statsOf(db: Kysely<Database>, numbers: number[], today: string): Promise<Map<number, Stats>> {
  const out = new Map<number, Stats>();
  if (!numbers.length) return out;
  const rows = await participantsFrom(db)
    .select((eb) => [
      'p.event_number',
      eb.fn.sum<number>(eb.case().when('p.status', '=', 'pending').then(1).else(0).end()).as('pending'),
      eb.fn.sum<number>(eb.case().when(statusWhere(eb, 'registered', today)).then(1).else(0).end()).as('registered'),
      eb.fn.sum<number>(eb.case().when(isPaid(eb, today)).then(1).else(0).end()).as('paid'),
    ])
    .where('p.event_number', 'in', numbers)
    .groupBy('p.event_number')
    .execute();
  for (const r of rows) out.set(r.event_number, { pending: Number(r.pending), registered: Number(r.registered), paid: Number(r.paid) });
  return out;
}

/**
 * Seats taken: everyone not cancelled (pending ones hold a seat until the host decides), kept on the event's row
 * (events.seats_taken, migration 0014): the signup's lock UPDATE adds a seat, a cancellation frees one (freeSeat).
 * `ev` is the row as the caller read it in its transaction (publicFacts, updateEvent, deleteEvent); a signup does not
 * ask here, its lock UPDATE answers the count under the lock.
 */
export const seatsTaken = (ev: Pick<EventRow, 'seats_taken'>): number => Number(ev.seats_taken);

/** A participant's seat freed (a cancellation), in the caller's transaction: the event's seats_taken less one. */
const freeSeatQuery = prepared((db, eventNumber: number) =>
  db.updateTable('events').set((eb) => ({ seats_taken: eb('seats_taken', '-', 1) })).where('number', '=', eventNumber),
);
export async function freeSeat(db: Kysely<Database>, eventNumber: number): Promise<void> {
  await freeSeatQuery.execute(db, eventNumber);
}

export async function extrasOf(db: Kysely<Database>, numbers: number[]) {
  const codes = new Map<number, Array<{ code: string; amount: number }>>();
  const fields = new Map<number, FieldRow[]>();
  if (!numbers.length) return { codes, fields };
  const [c, f] = await Promise.all([
    db.selectFrom('event_discount_codes').selectAll().where('event_number', 'in', numbers).orderBy('event_number').orderBy('code').execute(),
    db.selectFrom('event_custom_fields').selectAll().where('event_number', 'in', numbers).orderBy('event_number').orderBy('number').execute(),
  ]);
  for (const r of c) (codes.get(r.event_number) ?? codes.set(r.event_number, []).get(r.event_number)!).push({ code: r.code, amount: oreToKr(r.amount) });
  for (const r of f) (fields.get(r.event_number) ?? fields.set(r.event_number, []).get(r.event_number)!).push(r);
  return { codes, fields };
}

export function customFieldView(f: FieldRow): EventView['customFields'][number] {
  return {
    number: f.number,
    name: f.name,
    type: f.type as (typeof CUSTOM_FIELD_TYPES)[number], // TEXT | BOOLEAN: only these are written (EventCustomFieldInput)
    ...(f.price !== null ? { price: { productCode: f.price_product_code ?? '', price: oreToKr(f.price), taxRate: (f.price_tax_rate ?? 0) / 100 } } : {}),
    options: f.options ? JSON.parse(f.options) : null,
  };
}

const NO_STATS: Stats = { pending: 0, registered: 0, paid: 0 };

export function eventView(r: EventRow, extras: Awaited<ReturnType<typeof extrasOf>>, stats: Map<number, Stats>): EventView {
  const loc = JSON.parse(r.location);
  const contact = JSON.parse(r.contact_person);
  return {
    id: r.public_id,
    number: r.number,
    name: r.name,
    date: r.starts_at,
    signupCaptcha: !!r.signup_captcha,
    location: { name: loc.name ?? '', address: loc.address ?? '', zip: loc.zip ?? '', city: loc.city ?? '', country: loc.country ?? '' },
    description: r.description,
    confirmation: !!r.confirmation,
    price: oreToKr(r.price),
    contactPerson: { name: contact.name ?? '', email: contact.email ?? '', phone: contact.phone ?? '' },
    participantLimit: r.participant_limit,
    smsConfirmation: { enabled: !!r.sms_enabled, message: r.sms_message },
    registrationDeadline: r.registration_deadline,
    endDate: r.end_at,
    taxRate: r.tax_rate / 100,
    productNumber: r.product_code,
    showSignupStats: !!r.show_signup_stats,
    discountCodes: { label: r.discount_label, codes: extras.codes.get(r.number) ?? [] },
    customFields: (extras.fields.get(r.number) ?? []).map(customFieldView),
    _links: { self: { uri: `/host/events/${r.number}` }, participants: { uri: `/host/events/${r.number}/participants` } },
    _stats: { participant: stats.get(r.number) ?? NO_STATS },
  };
}

/** 2.10 views of many rows: three batched queries whatever the count. */
export async function eventViews(db: Kysely<Database>, rows: EventRow[], today: string): Promise<EventView[]> {
  const numbers = rows.map((r) => r.number);
  const [extras, stats] = await Promise.all([extrasOf(db, numbers), statsOf(db, numbers, today)]);
  return rows.map((r) => eventView(r, extras, stats));
}
