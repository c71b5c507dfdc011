/**
 * The outbox (issue 10): every shipment is a row of `outbox`, queued inside the caller's transaction, so an issued
 * document is never silently unsent and a queued mail survives a restart. The background sender (sender.ts) works
 * the IN_PROGRESS rows; the sending history (spec 2.9, 4.6) is read from the same rows.
 */
import { EventEmitter } from 'node:events';
import type { Insertable } from 'kysely';
import { insertReturningIds } from '../../../db/fast.js';
import type { OutboxTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import type { TxCtx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import { checkDelivery, type PlannedShipment } from './delivery-rules.js';
import { FieldErrors } from '../../ops/errors.js';
import type { ErrorCode } from '../../ops/error-codes.js';
import { EMAIL_RE } from '../../domain/email.js';
import { sendingSettings } from '../settings/index.js';

// The delivery shapes live in sending.schema.ts (nothing there imports the outbox, so a document's schema may name them
// without joining the outbox's imports); re-exported here for the outbox's callers.
export { DeliveryOptions, type SentDocumentType, type ShipmentMethod, type ShipmentStatus, type ShipmentView } from './sending.schema.js';
import type { DeliveryOptions, SentDocumentType, ShipmentMethod, ShipmentStatus, ShipmentView } from './sending.schema.js';

export { newMessageId } from './message-id.js';
import { newMessageId } from './message-id.js';
export { chainFrom, historyOf, recordShipment, type HistoryEntry } from './history.js';

/** Tells the background sender that something was queued (it also polls, so a rolled-back queue costs nothing). */
export const outboxSignal = new EventEmitter();
let queuedSignalPending = false;
/**
 * One 'queued' per turn of the event loop however many calls it had (a group-commit batch queues one or two shipments per
 * member, all before its COMMIT): the signal comes after every call it answers, so the sender still wakes for each queued
 * mail, and a call after it was emitted schedules the next one.
 */
export function notifyQueued(): void {
  if (queuedSignalPending) return;
  queuedSignalPending = true;
  setImmediate(() => {
    queuedSignalPending = false;
    outboxSignal.emit('queued');
  });
}

interface NewShipment extends PlannedShipment {
  refType: string;
  refNumber: number;
  documentId: number | null;
  /** Recorded as NOT_DELIVERED with this reason instead of queued (it cannot be sent, and must not vanish silently). */
  undeliverable?: string;
  /** The catalogue code of `undeliverable`, if it has one (lastErrorCode). */
  undeliverableCode?: ErrorCode;
}

async function insertShipments(ctx: TxCtx, rows: NewShipment[]): Promise<ShipmentView[]> {
  const trx = ctx.db;
  const now = ctx.clock.timestamp();
  // Every row has every column, none undefined (null where empty), so they share one shape: one multi-row INSERT per
  // call (db/fast.ts, prepared once per row count); a signup queues its confirmation and its invoice mail in one.
  const values = rows.map(
    (r) =>
      ({
        ref_type: r.refType,
        ref_number: r.refNumber,
        document_id: r.documentId,
        method: r.method,
        address: r.method === 'paper' ? '' : r.address,
        status: r.undeliverable ? 'NOT_DELIVERED' : 'IN_PROGRESS',
        description: r.description,
        payload: JSON.stringify(r.payload),
        message_id: r.messageId ?? null,
        attempts: 0,
        next_attempt_at: null,
        last_error: r.undeliverable ?? null,
        last_error_code: (r.undeliverable && r.undeliverableCode) || null,
        last_error_params: null,
        created_at: now,
        updated_at: now,
        delivered_at: null,
      }) satisfies Insertable<OutboxTable>,
  );
  const ids = await insertReturningIds(trx, 'outbox', values);
  const out: ShipmentView[] = rows.map((r, i) => ({
    id: ids[i],
    method: r.method,
    recipientAddress: r.method === 'paper' ? '' : r.address,
    status: r.undeliverable ? 'NOT_DELIVERED' : 'IN_PROGRESS',
  }));
  // One entry for the call; rows about something else than the first (a message queued along a document) name their ref.
  const first = rows.length ? `${rows[0].refType} ${rows[0].refNumber}` : '-';
  const refOf = (r: NewShipment) => `${r.refType} ${r.refNumber}`;
  await audit(ctx, 'shipment', first, 'queue', rows.map((r) => ({ method: r.method, address: r.address, ...(refOf(r) !== first ? { ref: refOf(r) } : {}) })));
  notifyQueued();
  return out;
}

/**
 * Checks the 4.4 rules beyond the schema and queues one shipment per method and address in the caller's transaction.
 * Throws OpError 400 naming the fields (404 when the document does not exist). Returns the created shipments.
 * `tctx` is the caller's transaction (inTx); the shipments are written in it, so they commit with the document.
 */
export async function queueDocumentShipments(
  tctx: TxCtx,
  doc: { type: SentDocumentType; number: number; id?: number },
  options: DeliveryOptions,
  along: { messages?: MessageInput[] } = {},
): Promise<ShipmentView[]> {
  const trx = tctx.db;
  const planned = await checkDelivery(tctx, doc, options);
  // Messages queued along (an event's confirmation with its invoice) are checked first and written first, one audit entry for all.
  const messages = await Promise.all((along.messages ?? []).map((m) => messageShipment(tctx, m)));
  const documentId =
    doc.type === 'dunning'
      ? null
      : (doc.id ?? (await trx.selectFrom('documents').select('id').where('kind', '=', doc.type).where('number', '=', doc.number).executeTakeFirst())?.id ?? null);
  if (planned.paperAddress && documentId !== null) {
    const a = { ...planned.paperAddress, updated_at: tctx.clock.timestamp() };
    await trx
      .insertInto('document_mail_addresses')
      .values({ document_id: documentId, ...a })
      .onConflict((oc) => oc.column('document_id').doUpdateSet(a))
      .execute();
  }
  return insertShipments(tctx, [...messages, ...planned.shipments.map((s) => ({ ...s, refType: doc.type, refNumber: doc.number, documentId }))]);
}

/** A free-standing e-mail (reports, event confirmations): attachments stored with the shipment. `ref` ties it to a history. */
export interface MessageInput {
  ref?: { type: string; number: number };
  to: string;
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export async function queueMessage(ctx: TxCtx, msg: MessageInput): Promise<ShipmentView> {
  const [view] = await insertShipments(ctx, [await messageShipment(ctx, msg)]);
  return view;
}

/** A free-standing e-mail checked and made a shipment row (400 naming the bad address). */
async function messageShipment(ctx: AppContext, msg: MessageInput): Promise<NewShipment> {
  const errors = new FieldErrors();
  if (!EMAIL_RE.test(msg.to.trim()) || msg.to.length > 254) errors.add('to', 'INVALID_EMAIL');
  (msg.cc ?? []).forEach((c, i) => {
    if (!EMAIL_RE.test(c.trim())) errors.add(`cc[${i}]`, 'INVALID_EMAIL');
  });
  errors.throwIfAny();
  const settings = await sendingSettings(ctx);
  const payload = {
    kind: 'message',
    cc: (msg.cc ?? []).map((c) => c.trim()),
    subject: msg.subject,
    text: msg.text,
    html: msg.html ?? null,
    attachments: (msg.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') })),
  };
  const ref = msg.ref ?? { type: 'message', number: 0 };
  return { refType: ref.type, refNumber: ref.number, documentId: null, method: 'email', address: msg.to.trim(), description: `${msg.subject} sendt på e-post`, payload, messageId: newMessageId(settings.fromAddress) };
}

/** An SMS through the configured gateway (400 when none is configured). */
export async function queueSms(
  ctx: TxCtx,
  msg: { ref?: { type: string; number: number }; mobileNumber: string; message: string },
): Promise<ShipmentView> {
  const errors = new FieldErrors();
  const settings = await sendingSettings(ctx);
  if (!settings.smsGatewayUrl) errors.add('sms', 'NO_SMS_GATEWAY', { setting: 'smsGatewayUrl' });
  if (!/^[0-9]{8}$/.test(msg.mobileNumber)) errors.add('mobileNumber', 'INVALID_MOBILE_NUMBER');
  if (!msg.message || msg.message.length > 140) errors.add('message', 'LENGTH_BETWEEN', { min: 1, max: 140 });
  errors.throwIfAny();
  const ref = msg.ref ?? { type: 'message', number: 0 };
  const [view] = await insertShipments(ctx, [
    { refType: ref.type, refNumber: ref.number, documentId: null, method: 'sms', address: msg.mobileNumber, description: `SMS sendt til ${msg.mobileNumber}`, payload: { message: msg.message } },
  ]);
  return view;
}

/**
 * An SMS that cannot be sent because no gateway is configured (an event's confirmation SMS after the gateway setting was
 * removed): recorded in the outbox as NOT_DELIVERED with the reason, so it is seen there and can be retried once a
 * gateway is set up, instead of being skipped silently.
 */
export async function recordUnsentSms(
  ctx: TxCtx,
  msg: { ref: { type: string; number: number }; mobileNumber: string; message: string; reason: string; reasonCode?: ErrorCode },
): Promise<ShipmentView> {
  const [view] = await insertShipments(ctx, [
    { refType: msg.ref.type, refNumber: msg.ref.number, documentId: null, method: 'sms', address: msg.mobileNumber, description: `SMS til ${msg.mobileNumber}`, payload: { message: msg.message }, undeliverable: msg.reason, undeliverableCode: msg.reasonCode },
  ]);
  return view;
}

