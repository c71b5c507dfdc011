import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../ops/schemas.js';
import { RoleSchema } from './users.schema.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

const userFields = {
  id: Type.Integer(),
  name: Type.String(),
  role: RoleSchema,
  active: Type.Boolean(),
  createdAt: Type.String(),
};
export const UserView = Type.Object(userFields);
export type UserView = Static<typeof UserView>;

/** A new user or a renewed key: the key is shown this once. */
export const UserWithKeyView = Type.Object({ ...userFields, key: Type.String() });
export type UserWithKeyView = Static<typeof UserWithKeyView>;

export const MeView = Type.Object({
  id: Nullable(Type.Integer({ description: 'null: the old API key, which is the owner' })),
  name: Type.String(),
  role: RoleSchema,
  office: Type.Boolean(),
});
export type MeView = Static<typeof MeView>;

