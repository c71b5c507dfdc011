import { defineOp, created } from '../../ops/define.js';
import { UserIdParam, UserInput, UserUpdate } from './users.schema.js';
import { createUser, getUser, listUsers, regenerateUserKey, updateUser } from './users.service.js';

/** Office server users (owner only: main/features/users/roles.ts). Keys are shown once, when made. */
export const userOps = [
  defineOp({
    name: 'users.list',
    method: 'GET',
    path: '/users/',
    summary: 'The users of the office server (never their keys)',
    run: (_input, ctx) => listUsers(ctx),
  }),
  defineOp({
    name: 'users.get',
    method: 'GET',
    path: '/users/{id}',
    summary: 'One user',
    params: UserIdParam,
    run: ({ params }, ctx) => getUser(ctx, params.id),
  }),
  defineOp({
    name: 'users.create',
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
    method: 'PUT',
    path: '/users/{id}',
    summary: 'Disable or enable a user ({"active": false}) or change the role; a disabled key stops working at once',
    params: UserIdParam,
    body: UserUpdate,
    run: ({ params, body }, ctx) => updateUser(ctx, params.id, body),
  }),
  defineOp({
    name: 'users.regenerateKey',
    method: 'POST',
    path: '/users/{id}/key',
    summary: 'A new API key for the user (the old one stops working at once); the key is in the answer',
    params: UserIdParam,
    run: ({ params }, ctx) => regenerateUserKey(ctx, params.id),
  }),
];
