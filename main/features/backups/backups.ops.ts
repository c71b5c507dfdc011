import { Type } from '@sinclair/typebox';
import { created, defineOp } from '../../ops/define.js';
import { createBackup, listBackups } from './backups.service.js';

export const backupOps = [
  defineOp({
    name: 'backups.list',
    method: 'GET',
    path: '/originators/current/backups',
    summary: 'Backups in the data folder, newest first',
    run: (_i, ctx) => listBackups(ctx),
  }),
  defineOp({
    name: 'backups.create',
    method: 'POST',
    path: '/originators/current/backups',
    summary: 'Take a consistent copy of the database now (into <data folder>/backups/)',
    body: Type.Optional(Type.Object({})),
    run: async (_i, ctx) => created(null, await createBackup(ctx)),
  }),
];
