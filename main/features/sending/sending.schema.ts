import { Type } from '@sinclair/typebox';
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
