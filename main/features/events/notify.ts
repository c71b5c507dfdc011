/**
 * The participant's messages, queued through the outbox in the signup's (or confirmation's) own transaction, so a
 * registration and its mail are written together or not at all: the confirmation e-mail, the invoice by e-mail when
 * one was issued, and the event's SMS when smsConfirmation is on and the mobile number is a Norwegian one (8 digits
 * after +47/0047 and spaces are taken away). Without a gateway (the setting removed after the event was saved; an event
 * cannot be saved with SMS on and no gateway) the SMS is recorded NOT_DELIVERED with the reason, never skipped silently.
 */
import { sql } from 'kysely';
import { prepared } from '../../../db/fast.js';
import type { AppContext } from '../../context.js';
import type { TxCtx } from '../../ops/transaction.js';
import { formatMoney } from '../../render/format.js';
import { errorMessage } from '../../ops/error-codes.js';
import { queueDocumentShipments, queueMessage, queueSms, recordUnsentSms } from '../sending/index.js';
import { sendingSettings } from '../settings/index.js';
import { eventWhen } from './event-time.js';
import type { EventRow } from './events.view.js';

/** Why an event's SMS is not sent: the gateway setting was removed after the event was saved with SMS on. */
export const NO_GATEWAY = errorMessage('SMS_GATEWAY_REMOVED');

export const smsNumber = (mobile: string | null) => {
  const digits = (mobile ?? '').replace(/[\s-]/g, '').replace(/^(\+47|0047)/, '');
  return /^\d{8}$/.test(digits) ? digits : null;
};

/** "Sted" of the confirmation, once per event row (a group-commit batch shares the row it read). */
const places = new WeakMap<EventRow, string>();
function placeOf(ev: EventRow): string {
  let where = places.get(ev);
  if (where === undefined) {
    const loc = JSON.parse(ev.location) as { name: string; address: string | null; city: string | null };
    places.set(ev, (where = [loc.name, loc.address, loc.city].filter(Boolean).join(', ')));
  }
  return where;
}

/** Whether this event's mail went to this address within the last hour (the outbox's created_at, local time). */
async function mailedWithinHour(ctx: AppContext, eventNumber: number, email: string): Promise<boolean> {
  const now = ctx.clock.timestamp();
  const hourAgo = new Date(Date.parse(`${now.replace(' ', 'T')}Z`) - 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  return !!(await confirmation.first(ctx.db, eventNumber, email.trim().toLowerCase(), hourAgo));
}

/** An e-mail shipment of the event to this address (any case) since `since`; found through outbox_ref_address (0030). */
export function confirmationSince(db: AppContext['db'], eventNumber: number, email: string, since: string) {
  return confirmationQuery(db, eventNumber, email.trim().toLowerCase(), since);
}

/**
 * The check's query, the address already trimmed and lower-cased. Every signup runs it, so it is built and compiled
 * once (`prepared`) and, in a SQLite transaction, run straight on the connection. The LIMIT is literal SQL: with
 * `limit ?` SQLite prepares the statement again each time a value is bound (see customer-numbers.ts).
 */
function confirmationQuery(db: AppContext['db'], eventNumber: number, address: string, since: string) {
  return db
    .selectFrom('outbox')
    .select('id')
    .where('ref_type', '=', 'event')
    .where('ref_number', '=', eventNumber)
    .where(sql<string>`lower(address)`, '=', address)
    .where('method', '=', 'email')
    .where('created_at', '>=', since)
    .limit(sql.lit(1));
}
const confirmation = prepared(confirmationQuery);

export async function notifyRegistered(
  ctx: TxCtx,
  ev: EventRow,
  p: { number: number; name: string; email: string; mobile: string | null; amount: number },
  invoice: { id?: number; number: number } | null,
): Promise<void> {
  const ref = { type: 'event', number: ev.number };
  const where = placeOf(ev);
  const lines = [
    `Hei ${p.name},`,
    '',
    `du er påmeldt ${ev.name}.`,
    `Tid: ${eventWhen(ev)}`,
    `Sted: ${where}`,
    ...(ev.show_signup_stats ? [`Deltakernummer: ${p.number}`] : []),
    invoice ? `Faktura ${invoice.number} på kr ${formatMoney(p.amount)} kommer i en egen e-post.` : 'Deltakelsen er gratis.',
    '',
    'Velkommen!',
  ];
  const confirmation = { ref, to: p.email, subject: `Påmelding: ${ev.name}`, text: lines.join('\n') };
  // At most one confirmation an hour to one address for one event: signups cannot make Kvitt mail an address over and over.
  const again = await mailedWithinHour(ctx, ev.number, p.email);
  // With an invoice, the confirmation is queued along with it: one call, one audit entry for both shipments.
  if (invoice) await queueDocumentShipments(ctx, { type: 'invoice', id: invoice.id, number: invoice.number }, { email: [{ address: p.email }] }, { messages: again ? [] : [confirmation] });
  else if (!again) await queueMessage(ctx, confirmation);
  const mobile = smsNumber(p.mobile);
  if (ev.sms_enabled && mobile) {
    const sms = { ref, mobileNumber: mobile, message: ev.sms_message.slice(0, 140) };
    if ((await sendingSettings(ctx)).smsGatewayUrl) await queueSms(ctx, sms);
    else await recordUnsentSms(ctx, { ...sms, reason: NO_GATEWAY, reasonCode: 'SMS_GATEWAY_REMOVED' });
  }
}

/** Pending participants hear that the host will confirm; nothing is invoiced yet. */
export async function notifyPending(ctx: TxCtx, ev: EventRow, p: { number: number; name: string; email: string }): Promise<void> {
  const text = [`Hei ${p.name},`, '', `vi har mottatt påmeldingen din til ${ev.name} (${eventWhen(ev)}).`, 'Du får en bekreftelse når arrangøren har godkjent den.'].join('\n');
  if (await mailedWithinHour(ctx, ev.number, p.email)) return;
  await queueMessage(ctx, { ref: { type: 'event', number: ev.number }, to: p.email, subject: `Påmelding mottatt: ${ev.name}`, text });
}
