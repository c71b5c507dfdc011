import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTimeMinute, Link, Nullable, OptNullStr, Paging, Str } from '../../ops/schemas.js';
import { TaxRate } from '../products/index.js';

/**
 * Hosted events (spec 2.10, 4.7). Limits where the spec gives none:
 * event name 100, description 5000, location name/address 100, zip 8, city 36, country 64, contact name 100, e-mail 64,
 * phone 20, SMS message 140 (one SMS), price 0..999 999.99 (2 decimals), participantLimit 1..100 000,
 * discount codes: label 100, code 1..15 characters (letters, digits, - and _), at most 200 per event, amount > 0 and below
 * the price; custom fields: at most 20, name 100, TEXT or BOOLEAN, priced ones name an existing product.
 * Signup: name 100, email 64, mobile 20; invoice party as a recipient (name 42, address 42, zip 8, city 36, country 64,
 * yourRef 64, orgNo a valid Norwegian organisation number); a TEXT custom field value at most 500 characters.
 */
/** A real day and time of day (ajv refuses 2026-02-30 09:00 and 24:00 with the field's INVALID_FORMAT). */
export const DateTime = IsoDateTimeMinute;
/** When something happened (the clock's timestamp). */
export const Timestamp = Type.String({ description: 'a date and time YYYY-MM-DD HH:MM:SS' });
const Money = Type.Number({ minimum: 0, maximum: 999_999.99 });
const closed = { additionalProperties: false } as const;

export const CUSTOM_FIELD_TYPES = ['TEXT', 'BOOLEAN'] as const;
export const CustomFieldType = Type.Union(CUSTOM_FIELD_TYPES.map((t) => Type.Literal(t)));
export const CODE_PATTERN = '^[A-Za-z0-9_-]{1,15}$';

export const DiscountCodeInput = Type.Object(
  { code: Type.String({ pattern: CODE_PATTERN, description: '1-15 letters, digits, - or _' }), amount: Money },
  closed,
);
export type DiscountCodeInput = Static<typeof DiscountCodeInput>;

/** A custom field's `options` (2.10: "null or options"). */
const FieldOptions = Nullable(Type.Array(Str(100), { maxItems: 50 }));

export const EventCustomFieldInput = Type.Object(
  {
    number: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    name: Str(100, { min: 1 }),
    type: CustomFieldType,
    price: Type.Optional(Nullable(Type.Object({ productCode: Str(9, { min: 1 }), price: Money, taxRate: TaxRate }, closed))),
    options: Type.Optional(FieldOptions),
  },
  closed,
);

/** `_links` of an event as read (2.10). */
export const EventLinks = Type.Object({ self: Link, participants: Link }, closed);
/** `_stats` of an event as read (2.10): its participants by shown status, counted in SQL. */
export const EventStats = Type.Object(
  { participant: Type.Object({ pending: Type.Integer({ minimum: 0 }), registered: Type.Integer({ minimum: 0 }), paid: Type.Integer({ minimum: 0 }) }, closed) },
  closed,
);

/** The 2.10 shape as written: the computed parts (id, number, _links, _stats) may be sent back as read and are ignored. */
export const EventInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1, description: 'read-only (the public id): ignored' })),
    number: Type.Optional(Type.Integer({ minimum: 1, description: 'read-only: ignored, the path names the event' })),
    _links: Type.Optional(EventLinks),
    _stats: Type.Optional(EventStats),
    name: Str(100, { min: 1 }),
    date: DateTime,
    endDate: Type.Optional(Nullable(DateTime)),
    registrationDeadline: Type.Optional(Nullable(DateTime)),
    signupCaptcha: Type.Optional(Type.Boolean()),
    location: Type.Object(
      { name: Str(100, { min: 1 }), address: OptNullStr(100), zip: OptNullStr(8), city: OptNullStr(36), country: OptNullStr(64) },
      closed,
    ),
    description: Type.Optional(Nullable(Str(5000))),
    confirmation: Type.Optional(Type.Boolean()),
    price: Money,
    contactPerson: Type.Object({ name: Str(100, { min: 1 }), email: Str(64, { min: 1 }), phone: OptNullStr(20) }, closed),
    participantLimit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100_000 }))),
    smsConfirmation: Type.Optional(Type.Object({ enabled: Type.Boolean(), message: Str(140) }, closed)),
    taxRate: Type.Optional(TaxRate),
    productNumber: OptNullStr(9),
    showSignupStats: Type.Optional(Type.Boolean()),
    discountCodes: Type.Optional(
      Type.Object({ label: Type.Optional(Str(100)), codes: Type.Array(DiscountCodeInput, { maxItems: 200 }) }, closed),
    ),
    customFields: Type.Optional(Type.Array(EventCustomFieldInput, { maxItems: 20 })),
  },
  closed,
);
export type EventInput = Static<typeof EventInput>;

export const EventNumberParam = Type.Object({ number: Type.Integer({ minimum: 1 }) }, closed);
export const ParticipantParam = Type.Object({ number: Type.Integer({ minimum: 1 }), p: Type.Integer({ minimum: 1 }) }, closed);
export const CodeParam = Type.Object({ number: Type.Integer({ minimum: 1 }), code: Type.String({ pattern: CODE_PATTERN }) }, closed);
export const PublicIdParam = Type.Object({ eventId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }, closed);

export const UpcomingQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), ...Paging }, closed);
export const PastQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), ...Paging }, closed);

export const PARTICIPANT_STATUSES = ['pending', 'registered', 'paid', 'cancelled'] as const;
export const ParticipantStatus = Type.Union(PARTICIPANT_STATUSES.map((s) => Type.Literal(s)));
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];
export const ParticipantListQuery = Type.Object({ status: Type.Optional(ParticipantStatus), ...Paging }, closed);

export const ParticipantUpdate = Type.Object({ name: Str(100, { min: 1 }), email: Str(64, { min: 1 }), mobile: OptNullStr(20) }, closed);
export type ParticipantUpdate = Static<typeof ParticipantUpdate>;

/** Spec 4.7 signup body; `captcha` is Kvitt's own challenge (GET /events/{id}/captcha), needed when signupCaptcha is on. */
export const SignupInput = Type.Object(
  {
    name: Str(100, { min: 1 }),
    email: Str(64, { min: 1 }),
    mobile: OptNullStr(20),
    invoice: Type.Optional(
      Nullable(
        Type.Object(
          {
            name: OptNullStr(42),
            address: OptNullStr(42),
            zip: OptNullStr(8),
            city: OptNullStr(36),
            country: OptNullStr(64),
            orgNo: OptNullStr(20),
            yourRef: OptNullStr(64),
          },
          closed,
        ),
      ),
    ),
    discountCode: OptNullStr(15),
    customFields: Type.Optional(
      Type.Array(
        Type.Object(
          {
            number: Type.Integer({ minimum: 1 }),
            name: OptNullStr(100),
            type: OptNullStr(10),
            options: Type.Optional(FieldOptions),
            value: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Boolean(), Type.Null()])),
          },
          closed,
        ),
        { maxItems: 20 },
      ),
    ),
    /** The proof of work ({challenge, nonce}, required from API clients) or, from the page's form without JavaScript, the sum ({token, answer}). */
    captcha: Type.Optional(Type.Object({ token: Type.Optional(Str(300)), answer: Type.Optional(Str(10)), challenge: Type.Optional(Str(300)), nonce: Type.Optional(Str(64)) }, closed)),
  },
  closed,
);
export type SignupInput = Static<typeof SignupInput>;

