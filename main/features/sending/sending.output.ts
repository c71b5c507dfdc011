import { Type, type Static } from '@sinclair/typebox';
import { Closed, IsoDateTimeMinute, Nullable } from '../../ops/schemas.js';
import { PartyAddressView, ShipmentMethodView, ShipmentStatusView, ShipmentView, HistoryEntryView } from '../documents/core.js';

/*
 * Read shapes (output schemas) of the sending operations; checked against real answers by test/http/response-schemas.test.ts.
 * A queued shipment (ShipmentView) and a history line (HistoryEntryView, spec 2.9) are the documents' shapes: an issue
 * with `shipment` answers the same rows.
 */
export { ShipmentView, HistoryEntryView };

/** Spec 4.5: the methods a document can go by, in the order of rule 1, and the ones ticked by default. */
const MethodName = Type.Union([Type.Literal('ehf'), Type.Literal('eFaktura'), Type.Literal('avtaleGiro'), Type.Literal('email'), Type.Literal('paper')]);
export const ShipmentMethodsView = Closed({ available: Type.Array(MethodName), default: Type.Array(MethodName) }, { description: 'spec 4.5' });
export type ShipmentMethodsView = Static<typeof ShipmentMethodsView>;

/** One shipment of the outbox (sending/outbox.service.ts OutboxEntry). */
export const OutboxEntryView = Closed({
  id: Type.Integer(),
  method: ShipmentMethodView,
  recipientAddress: Type.String({ description: 'empty for paper' }),
  postalAddress: Nullable(PartyAddressView),
  status: ShipmentStatusView,
  description: Type.String(),
  document: Closed({ type: Type.String(), number: Type.Integer(), uri: Nullable(Type.String()) }),
  attempts: Type.Integer({ minimum: 0 }),
  lastError: Nullable(Type.String()),
  lastErrorCode: Nullable(
    Type.String({
      description:
        'catalogue code of lastError (main/ops/error-codes.ts); SMTP_NOT_SET_UP, SENDER_NOT_SET_UP, SMS_GATEWAY_NOT_SET_UP: waiting (IN_PROGRESS) for Innstillinger → E-post; null when the reason has no code',
    }),
  ),
  lastErrorParams: Nullable(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: 'what lastError is built from' })),
  nextAttemptAt: Nullable(Type.String({ format: 'date-time', description: 'when a failed shipment is tried again (ISO 8601, UTC)' })),
  createdAt: IsoDateTimeMinute,
  deliveredAt: Nullable(IsoDateTimeMinute),
});
export type OutboxEntryView = Static<typeof OutboxEntryView>;

/** What one attempt of POST /outbox/flush did (sending/sender.ts AttemptResult). */
export const AttemptResultView = Closed({
  id: Type.Integer(),
  method: Type.String(),
  recipientAddress: Type.String(),
  status: ShipmentStatusView,
  error: Nullable(Type.String()),
});

/** Settings → E-post → Send test-e-post: what the SMTP server said. */
export const TestMailResultView = Closed({ delivered: Type.Boolean(), response: Type.String(), to: Type.String() });

/** Kom i gang → SMS / Innstillinger → E-post → Send test-SMS: what the SMS gateway said. */
export const TestSmsResultView = Closed({
  delivered: Type.Boolean(),
  response: Type.String(),
  to: Type.String(),
  code: Nullable(Type.String()),
  params: Nullable(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});
