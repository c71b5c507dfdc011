import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Link } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const RecipientView = Type.Object({
  number: Type.Number(),
  customerNumber: Nullable(Type.String()),
  name: Type.String(),
  contact: Type.Object({
    address: Type.Object({
      address1: Nullable(Type.String()),
      address2: Type.Unknown(),
      zip: Type.String(),
      city: Type.String(),
      country: Type.String(),
    }),
    email: Nullable(Type.String()),
    phone: Type.Unknown(),
    mobile: Type.Unknown(),
    fax: Type.Unknown(),
    web: Type.Unknown(),
  }),
  organisation: Type.Object({
    form: Nullable(Type.String()),
    icd: Nullable(Type.Number()),
    number: Type.String(),
  }),
  settings: Type.Object({
    discount: Type.Number(),
    creditDays: Nullable(Type.Number()),
    attachPdf: Type.Unknown(),
    defaultShipment: Type.Unknown(),
    autoDunningsEnabled: Type.Unknown(),
    currency: Type.Unknown(),
  }),
  yourReference: Nullable(Type.String()),
  comment: Type.Unknown(),
  customFields: Type.Array(Type.Unknown()),
  labels: Type.Array(Type.Unknown()),
  capabilities: Type.Object({
    ehf: Type.Boolean(),
    eFaktura: Type.Boolean(),
    avtaleGiro: Type.Boolean(),
  }),
  deleted: Type.Boolean(),
  _links: Type.Object({
    self: Link,
    draftDocuments: Link,
  }),
  openBalance: Type.Optional(Type.Number()),
});
export type RecipientView = Static<typeof RecipientView>;

export const LabelView = Type.Object({
  number: Type.Number(),
  name: Type.String(),
  recipients: Type.Optional(Type.Number()),
});
export type LabelView = Static<typeof LabelView>;

export const CustomFieldView = Type.Object({
  number: Type.Number(),
  name: Type.String(),
  type: Type.String(),
  options: Type.Unknown(),
  required: Type.Boolean(),
});
export type CustomFieldView = Static<typeof CustomFieldView>;

