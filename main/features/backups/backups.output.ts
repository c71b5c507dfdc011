import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const BackupView = Type.Object({
  file: Type.String(),
  path: Type.String(),
  bytes: Type.Number(),
  createdAt: Type.String(),
  kind: Type.String(),
});
export type BackupView = Static<typeof BackupView>;

export const BackupInspection = Type.Object({
  file: Type.String(),
  intact: Type.Boolean(),
  newerVersion: Type.Boolean(),
  counts: Type.Object({
    recipients: Type.Number(),
    products: Type.Number(),
    invoices: Type.Number(),
    creditNotes: Type.Number(),
    offers: Type.Number(),
    orderConfirmations: Type.Number(),
    drafts: Type.Number(),
  }),
  newestDocument: Nullable(
    Type.Object({ kind: Type.String(), number: Type.Integer(), date: Nullable(Type.String()), recipient: Type.String(), total: Type.Number() }),
  ),
  lastChange: Nullable(Type.String()),
});
export type BackupInspection = Static<typeof BackupInspection>;

