import { Type, type Static } from '@sinclair/typebox';
import { Paging, Str } from '../../ops/schemas.js';

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const RecipientMethodsParams = Type.Object({
  recipientNumber: Type.Integer({ minimum: 1 }),
  documentType: literals(['invoice', 'offer', 'order-confirmation'] as const),
});
export const DocumentMethodsParams = Type.Object({
  documentType: literals(['invoice', 'credit-note', 'dunning', 'offer', 'order-confirmation'] as const),
  documentNumber: Type.Integer({ minimum: 1 }),
});
export const InvoiceBasedMethodsParams = Type.Object({
  baseDocumentNumber: Type.Integer({ minimum: 1 }),
  documentType: literals(['credit-note', 'dunning'] as const),
});
export const InternationalQuery = Type.Object({ international: Type.Optional(Type.Boolean()) });

export const OutboxQuery = Type.Object({
  status: Type.Optional(literals(['IN_PROGRESS', 'DELIVERED', 'NOT_DELIVERED'] as const)),
  method: Type.Optional(literals(['email', 'paper', 'ehf', 'sms'] as const)),
  ...Paging,
});
export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const TestEmailBody = Type.Object({
  /** Default: the sender address of the settings. */
  to: Type.Optional(Str(64, { min: 1 })),
});

export const TestSmsBody = Type.Object({
  /** A Norwegian mobile number, 8 digits (spaces allowed: "912 34 567"). */
  to: Str(20, { min: 1 }),
});

/** What a shipment is about. Documents render their PDF/EHF at send time through a DocumentSource. */
export type SentDocumentType = 'invoice' | 'credit-note' | 'offer' | 'order-confirmation' | 'dunning';
export type ShipmentMethod = 'email' | 'paper' | 'ehf' | 'sms';
export type ShipmentStatus = 'IN_PROGRESS' | 'DELIVERED' | 'NOT_DELIVERED';

const text = (max: number, min = 0) => Type.String({ maxLength: max, ...(min ? { minLength: min } : {}) });
const EmailOption = Type.Object(
  { address: text(64, 1), htmlContent: Type.Optional(text(120)) },
  { additionalProperties: false },
);

/** The delivery options of spec 4.4 (+ ehf) with every limit of that table. */
export const DeliveryOptions = Type.Object(
  {
    paper: Type.Optional(
      Type.Object(
        { address1: Type.Optional(text(64)), address2: Type.Optional(text(64)), zip: Type.Optional(text(8)), city: Type.Optional(text(64)), country: Type.Optional(text(64)) },
        { additionalProperties: false, description: 'empty: the address on the recipient; with an address: this document is mailed there from now on' },
      ),
    ),
    email: Type.Optional(Type.Array(EmailOption, { maxItems: 20 })),
    sms: Type.Optional(
      Type.Array(
        Type.Object(
          { mobileNumber: Type.String({ maxLength: 8, pattern: '^[0-9]{8}$', description: '8 digits' }), message: text(140, 1) },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
    copy: Type.Optional(Type.Object({ email: Type.Optional(Type.Array(EmailOption, { maxItems: 20 })) }, { additionalProperties: false })),
    ehf: Type.Optional(Type.Object({}, { additionalProperties: false, description: 'EHF to the recipient organisation (0192:<orgno>)' })),
    eFaktura: Type.Optional(Type.Object({}, { additionalProperties: false, description: 'refused: needs a bank agreement Kvitt does not have' })),
    avtaleGiro: Type.Optional(Type.Object({}, { additionalProperties: false, description: 'refused: needs a bank agreement Kvitt does not have' })),
  },
  { additionalProperties: false },
);
export type DeliveryOptions = Static<typeof DeliveryOptions>;

export interface ShipmentView {
  id: number;
  method: ShipmentMethod;
  recipientAddress: string;
  status: ShipmentStatus;
}
