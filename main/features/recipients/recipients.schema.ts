import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OptNullStr, OptStr, Str } from '../../ops/schemas.js';
import { Printed } from '../../ops/printable.js';
import { ORG_FORMS } from '../settings/index.js';

/** Spec 2.1, with every limit of the table. */
export const RecipientInput = Printed(Type.Object({
  customerNumber: Type.Optional(Type.Union([Str(32, { min: 1 }), Type.Integer({ minimum: 0 })])),
  name: Str(42, { min: 1 }),
  contact: Type.Object({
    address: Type.Object({
      address1: OptNullStr(42),
      address2: OptNullStr(42),
      zip: Str(8, { min: 1 }),
      city: Str(36, { min: 1 }),
      country: OptNullStr(64),
    }),
    email: OptNullStr(64),
    phone: OptNullStr(64),
    mobile: OptNullStr(64),
    fax: OptNullStr(64),
    web: OptNullStr(128),
  }),
  organisation: Type.Optional(
    Nullable(
      Type.Object({
        form: Type.Optional(Nullable(Type.Union(ORG_FORMS.map((f) => Type.Literal(f))))),
        icd: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 9999 }))),
        number: OptNullStr(32),
      }),
    ),
  ),
  settings: Type.Optional(
    Type.Object({
      discount: Type.Optional(Type.Number({ minimum: 0, maximum: 999.99 })),
      creditDays: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 3650 }))),
      attachPdf: Type.Optional(Nullable(Type.Boolean())),
      defaultShipment: Type.Optional(Nullable(Type.Union([Type.Literal('SNAIL'), Type.Literal('EMAIL')]))),
      autoDunningsEnabled: Type.Optional(Nullable(Type.Boolean())),
      currency: Type.Optional(Nullable(Type.String({ minLength: 3, maxLength: 3 }))),
    }),
  ),
  yourReference: OptNullStr(64),
  comment: Type.Optional(Nullable(Type.String({ maxLength: 100_000 }))),
  customFields: Type.Optional(
    Type.Array(
      Type.Object({
        number: Type.Integer({ minimum: 1 }),
        value: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean(), Type.Null()])),
      }),
      { maxItems: 200 },
    ),
  ),
  /** Kvitt extension: the label (group) numbers the recipient belongs to. */
  labels: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200 })),
  /** Kvitt extension: what the recipient can receive, used by the shipment-method rules. */
  capabilities: Type.Optional(
    Type.Object({
      ehf: Type.Optional(Type.Boolean()),
      eFaktura: Type.Optional(Type.Boolean()),
      avtaleGiro: Type.Optional(Type.Boolean()),
    }),
  ),
}));
export type RecipientInput = Static<typeof RecipientInput>;

/** Orders of GET /recipients/ (default name: the Norwegian name order). */
export const RECIPIENT_SORTS = ['name', 'customerNumber', 'city', 'balance'] as const;
export type RecipientSort = (typeof RECIPIENT_SORTS)[number];

export const RecipientListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  labelNumber: Type.Optional(Type.Integer({ minimum: -1 })),
  includeDeleted: Type.Optional(Type.Boolean()),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  sort: Type.Optional(Type.Union(RECIPIENT_SORTS.map((k) => Type.Literal(k)))),
  dir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

/** `GET /recipients/numbers`: the list's search and label, nothing else. */
export const RecipientNumbersQuery = Type.Object({ q: RecipientListQuery.properties.q, labelNumber: RecipientListQuery.properties.labelNumber });

export const LabelInput = Type.Object({ name: Str(64, { min: 1 }) });

export const CUSTOM_FIELD_TYPES = ['TEXT', 'BOOLEAN', 'NUMBER', 'DATE', 'SELECT'] as const;
export const CustomFieldInput = Type.Object({
  name: Str(64, { min: 1 }),
  type: Type.Union(CUSTOM_FIELD_TYPES.map((t) => Type.Literal(t))),
  options: Type.Optional(Nullable(Type.Array(Str(64, { min: 1 }), { maxItems: 100 }))),
  required: Type.Optional(Type.Boolean()),
});
export type CustomFieldInput = Static<typeof CustomFieldInput>;
