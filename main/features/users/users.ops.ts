import { defineOp, created, noContent } from '../../ops/define.js';
import { UserIdParam, UserInput, UserUpdate } from './users.schema.js';
import { createUser, deleteUser, getUser, listUsers, regenerateUserKey, updateUser, whoAmI } from './users.service.js';
import { UserView, UserWithKeyView, MeView } from './users.output.js';
import { ListOf, CreatedOf, NoContentOf } from '../../ops/output.js';

/** Office server users (owner only: main/features/users/roles.ts). Keys are shown once, when made. */
export const userOps = [
  defineOp({
    name: 'users.list',
    output: ListOf(UserView),
    method: 'GET',
    path: '/users/',
    summary: 'The users of the office server (never their keys)',
    run: (_input, ctx) => listUsers(ctx),
  }),
  defineOp({
    name: 'users.get',
    output: UserView,
    method: 'GET',
    path: '/users/{id}',
    summary: 'One user',
    params: UserIdParam,
    run: ({ params }, ctx) => getUser(ctx, params.id),
  }),
  defineOp({
    name: 'users.create',
    output: CreatedOf(UserWithKeyView),
    method: 'POST',
    path: '/users/',
    summary: 'Create a user (owner or bookkeeper); 201 with the new API key, shown this once; a taken name is 409',
    body: UserInput,
    run: async ({ body }, ctx) => {
      const user = await createUser(ctx, body);
      return created(`/users/${user.id}`, user);
    },
  }),
  defineOp({
    name: 'users.update',
    output: UserView,
    method: 'PUT',
    path: '/users/{id}',
    summary: 'Disable or enable a user ({"active": false}) or change the role; a disabled key stops working at once',
    params: UserIdParam,
    body: UserUpdate,
    run: ({ params, body }, ctx) => updateUser(ctx, params.id, body),
  }),
  defineOp({
    name: 'users.regenerateKey',
    output: UserWithKeyView,
    method: 'POST',
    path: '/users/{id}/key',
    summary: 'A new API key for the user (the old one stops working at once); the key is in the answer',
    params: UserIdParam,
    run: ({ params }, ctx) => regenerateUserKey(ctx, params.id),
  }),
  defineOp({
    name: 'users.delete',
    output: NoContentOf(),
    method: 'DELETE',
    path: '/users/{id}',
    summary: 'Delete a user: the key and sessions stop working at once; the audit log keeps the name. Not yourself (409)',
    params: UserIdParam,
    run: async ({ params }, ctx) => {
      await deleteUser(ctx, params.id);
      return noContent();
    },
  }),
  // Not in the users area (roles.ts): everyone may ask who they are. The GUI shows Settings → Brukere to owners only.
  defineOp({
    name: 'me.get',
    output: MeView,
    method: 'GET',
    path: '/me',
    summary: 'Who the caller is: {id, name, role, office} (office false: the desktop app itself, which is the owner)',
    run: (_input, ctx) => whoAmI(ctx),
  }),
];
