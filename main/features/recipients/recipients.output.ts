import { Type, type Static } from '@sinclair/typebox';
import { Closed, Nullable, Link } from '../../ops/schemas.js';
import { Kr, PartyAddressView } from '../documents/core.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

const NullStr = Nullable(Type.String());

/** A recipient (spec 2.1) as every read answers it (recipients.service.ts toView); country is the country's name. */
const recipientFields = {
  number: Type.Integer(),
  customerNumber: NullStr,
  name: Type.String(),
  contact: Closed({
    address: PartyAddressView,
    email: NullStr,
    phone: NullStr,
    mobile: NullStr,
    fax: NullStr,
    web: NullStr,
  }),
  organisation: Closed({ form: NullStr, icd: Nullable(Type.Integer()), number: NullStr }),
  settings: Closed({
    discount: Type.Number({ description: 'percent, two decimals' }),
    creditDays: Nullable(Type.Integer()),
    attachPdf: Nullable(Type.Boolean()),
    defaultShipment: Nullable(Type.Union([Type.Literal('SNAIL'), Type.Literal('EMAIL')])),
    autoDunningsEnabled: Nullable(Type.Boolean()),
    currency: NullStr,
  }),
  yourReference: NullStr,
  comment: NullStr,
  customFields: Type.Array(
    Closed({ number: Type.Integer(), name: Type.String(), type: Type.String(), value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]) }),
  ),
  labels: Type.Array(Closed({ number: Type.Integer(), name: Type.String() })),
  capabilities: Closed({ ehf: Type.Boolean(), eFaktura: Type.Boolean(), avtaleGiro: Type.Boolean() }),
  deleted: Type.Boolean(),
  _links: Closed({ self: Link, draftDocuments: Link }),
};
export const RecipientView = Closed(recipientFields);
export type RecipientView = Static<typeof RecipientView>;
/** An item of GET /recipients/: the recipient and what it owes now (NOK). */
export const RecipientListItemView = Closed({ ...recipientFields, openBalance: Kr });

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
  options: Nullable(Type.Array(Type.String())),
  required: Type.Boolean(),
});
export type CustomFieldView = Static<typeof CustomFieldView>;


/** `GET /recipients/numbers`: the matching recipients' numbers (name order, at most 10,000) and how many match. */
export const RecipientNumbersView = Closed({
  numbers: Type.Array(Type.Integer(), { description: 'in name order, at most 10,000' }),
  total: Type.Integer({ description: 'how many match in all' }),
});
