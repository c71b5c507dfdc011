import { Type } from '@sinclair/typebox';
import { created, defineOp } from '../../ops/define.js';
import { Str } from '../../ops/schemas.js';
import { createBackup, listBackups } from './backups.service.js';
import { inspectBackup, restoreBackup } from './restore.service.js';
import { BackupView, BackupInspection } from './backups.output.js';
import { ListOf, CreatedOf } from '../../ops/output.js';

const FileParam = Type.Object({ file: Str(120, { min: 1 }) });

export const backupOps = [
  defineOp({
    name: 'backups.list',
    output: ListOf(BackupView),
    method: 'GET',
    path: '/originators/current/backups',
    summary: 'Backups in the data folder (manual, daily automatic, kept before a restore), newest first',
    run: (_i, ctx) => listBackups(ctx),
  }),
  defineOp({
    name: 'backups.create',
    output: CreatedOf(BackupView),
    method: 'POST',
    path: '/originators/current/backups',
    summary: 'Take a consistent copy of the database now (into <data folder>/backups/)',
    body: Type.Optional(Type.Object({})),
    run: async (_i, ctx) => created(null, await createBackup(ctx)),
  }),
  defineOp({
    name: 'backups.inspect',
    output: BackupInspection,
    method: 'GET',
    path: '/originators/current/backups/{file}',
    summary: 'What a backup holds: counts of customers, products and documents, the newest issued document, integrity',
    params: FileParam,
    run: ({ params }, ctx) => inspectBackup(ctx, params.file),
  }),
  defineOp({
    name: 'backups.restore',
    output: Type.Object({ restored: BackupInspection, previous: BackupView }),
    method: 'POST',
    path: '/originators/current/backups/{file}/restore',
    summary: 'Replace the database with this backup; the current database is first kept as a backup (…-before-restore)',
    params: FileParam,
    body: Type.Optional(Type.Object({})),
    run: ({ params }, ctx) => restoreBackup(ctx, params.file),
  }),
];
