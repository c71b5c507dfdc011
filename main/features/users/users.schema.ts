import { Type, type Static } from '@sinclair/typebox';

const Name = Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', description: 'Shown in the audit log; unique' });
export const RoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('bookkeeper')]);

export const UserInput = Type.Object({ name: Name, role: RoleSchema }, { additionalProperties: false });
export type UserInput = Static<typeof UserInput>;

export const UserUpdate = Type.Object({ active: Type.Optional(Type.Boolean()), role: Type.Optional(RoleSchema) }, { additionalProperties: false });
export type UserUpdate = Static<typeof UserUpdate>;

export const UserIdParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false });

export interface UserView {
  id: number;
  name: string;
  role: 'owner' | 'bookkeeper';
  active: boolean;
  createdAt: string;
}
