import { Type, type Static } from '@sinclair/typebox';
import { Link, Nullable } from '../../ops/schemas.js';
import { CustomFieldType, DateTime, EventLinks, EventStats, ParticipantStatus, Timestamp } from './events.schema.js';

/*
 * Read shapes (output schemas) of the events operations, checked against real answers by test/http/response-schemas.test.ts.
 * Closed objects: the 2.10 event is exactly its fields, nothing more.
 */
const closed = { additionalProperties: false } as const;
const Text = Type.String();

/** A custom field of an event as read (2.10): `price` only on a priced field, `options` null unless the host gave some. */
export const EventCustomFieldView = Type.Object(
  {
    number: Type.Integer(),
    name: Text,
    type: CustomFieldType,
    price: Type.Optional(Type.Object({ productCode: Text, price: Type.Number({ description: 'kr excl. VAT' }), taxRate: Type.Number() }, closed)),
    options: Nullable(Type.Array(Text)),
  },
  closed,
);

/** An event as read: spec 2.10 exactly (price and amounts in kr excl. VAT, taxRate in percent). */
export const EventView = Type.Object(
  {
    id: Type.Integer({ description: 'the public id (random, 16 digits): GET /events/{id}, POST /events/{id}/signup' }),
    number: Type.Integer(),
    name: Text,
    date: DateTime,
    signupCaptcha: Type.Boolean(),
    location: Type.Object({ name: Text, address: Text, zip: Text, city: Text, country: Text }, closed),
    description: Text,
    confirmation: Type.Boolean(),
    price: Type.Number(),
    contactPerson: Type.Object({ name: Text, email: Text, phone: Text }, closed),
    participantLimit: Nullable(Type.Integer({ description: 'null: no limit' })),
    smsConfirmation: Type.Object({ enabled: Type.Boolean(), message: Text }, closed),
    registrationDeadline: Nullable(DateTime),
    endDate: Nullable(DateTime),
    taxRate: Type.Number(),
    productNumber: Nullable(Text),
    showSignupStats: Type.Boolean(),
    discountCodes: Type.Object({ label: Text, codes: Type.Array(Type.Object({ code: Text, amount: Type.Number() }, closed)) }, closed),
    customFields: Type.Array(EventCustomFieldView),
    _links: EventLinks,
    _stats: EventStats,
  },
  closed,
);
export type EventView = Static<typeof EventView>;

/** The invoice party a participant gave at signup (each part as typed, trimmed; null when left empty). */
export const ParticipantParty = Type.Object(
  {
    name: Nullable(Text),
    address: Nullable(Text),
    zip: Nullable(Text),
    city: Nullable(Text),
    country: Nullable(Text),
    orgNo: Nullable(Text),
    yourRef: Nullable(Text),
  },
  closed,
);

/** A participant as the host reads it. */
export const ParticipantView = Type.Object(
  {
    number: Type.Integer(),
    status: ParticipantStatus,
    name: Text,
    email: Text,
    mobile: Nullable(Text),
    invoice: Nullable(ParticipantParty),
    discountCode: Nullable(Text),
    customFields: Type.Array(
      Type.Object({ number: Type.Integer(), name: Text, type: CustomFieldType, value: Type.Union([Text, Type.Boolean(), Type.Null()]) }, closed),
    ),
    amount: Type.Number({ description: 'what the invoice comes to incl. VAT (kr); before registration the amount the signup came to' }),
    signedUpAt: Timestamp,
    registeredAt: Nullable(Timestamp),
    cancelledAt: Nullable(Timestamp),
    invoiceNumber: Nullable(Type.Integer()),
    creditNoteNumber: Nullable(Type.Integer()),
    balance: Nullable(Type.Number({ description: 'what is still owed on the invoice (kr); null without one' })),
    _links: Type.Object({ self: Link, invoice: Type.Optional(Link) }, closed),
  },
  closed,
);
export type ParticipantView = Static<typeof ParticipantView>;

/** The answer to a signup (POST /events/{id}/signup as JSON). */
export const SignupResult = Type.Object(
  {
    participantNumber: Type.Optional(Type.Integer({ description: 'only when the event shows its signup statistics' })),
    status: Type.Union([Type.Literal('pending'), Type.Literal('registered')]),
    amount: Type.Number({ description: 'what the invoice comes to incl. VAT (kr)' }),
  },
  closed,
);
export type SignupResult = Static<typeof SignupResult>;

/** Kvitt's own signup question (GET /events/{id}/captcha): send `captcha: {token, answer}` with the signup. */
export const Challenge = Type.Object({
  question: Text,
  token: Text,
  pow: Type.Object({
    challenge: Type.String({ description: 'send back as captcha.challenge, with captcha.nonce: SHA-256(challenge + nonce) must begin with `bits` zero bits' }),
    bits: Type.Integer(),
    expiresAt: Type.String({ description: 'YYYY-MM-DD HH:MM:SS (UTC)' }),
  }, closed),
}, closed);
export type Challenge = Static<typeof Challenge>;

/** GET /host/events/public-address: the public listener's address (docs/public-signup.md), null without one. */
export const PublicAddress = Type.Object({ url: Nullable(Text) }, closed);
