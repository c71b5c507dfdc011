import { Type } from '@sinclair/typebox';
import { defineOp, noContent } from '../../ops/define.js';
import { ListOf, NoContentOf } from '../../ops/output.js';
import { Nullable } from '../../ops/schemas.js';
import { RoleSchema } from './users.schema.js';
import { endSession, listSessions } from './sessions.service.js';

const SessionView = Type.Object({
  id: Type.Integer(),
  userId: Nullable(Type.Integer({ description: 'null: logged in with the owner key or the start-up login link' })),
  userName: Type.String(),
  role: RoleSchema,
  createdAt: Type.String({ description: 'UTC, ISO 8601' }),
  lastSeenAt: Type.String({ description: 'UTC, ISO 8601; updated at most once a minute' }),
  expiresAt: Type.String({ description: 'when it ends unless used again (idle timeout), or at the latest (lifetime)' }),
  client: Nullable(Type.String({ description: "the browser's User-Agent" })),
  current: Type.Boolean({ description: 'the session of this request' }),
});

const SessionIdParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false });

/** Browser sessions of the office server (owner only: roles.ts). Settings → Brukere lists them with "Avslutt økt". */
export const sessionOps = [
  defineOp({
    name: 'sessions.list',
    output: ListOf(SessionView),
    method: 'GET',
    path: '/sessions/',
    summary: 'The active browser sessions (who, since when, last used), newest first',
    run: (_input, ctx) => listSessions(ctx),
  }),
  defineOp({
    name: 'sessions.end',
    output: NoContentOf(),
    method: 'DELETE',
    path: '/sessions/{id}',
    summary: 'End a session: its next request is refused (401) and the browser shows the login page',
    params: SessionIdParam,
    run: async ({ params }, ctx) => {
      await endSession(ctx, params.id);
      return noContent();
    },
  }),
];
