import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const UserView = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  role: Type.String(),
  active: Type.Boolean(),
  createdAt: Type.String(),
});
export type UserView = Static<typeof UserView>;

export const UserWithKeyView = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  role: Type.String(),
  active: Type.Boolean(),
  createdAt: Type.String(),
  key: Type.String(),
});
export type UserWithKeyView = Static<typeof UserWithKeyView>;

export const MeView = Type.Object({
  id: Nullable(Type.Integer({ description: 'null: the old API key, which is the owner' })),
  name: Type.String(),
  role: Type.String(),
  office: Type.Boolean(),
});
export type MeView = Static<typeof MeView>;

