import SqliteDatabase from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { fieldError, notFound, OpError, validationError } from '../../ops/errors.js';

/** What a backup is for: taken by hand, the daily automatic one, or the current file kept just before a restore. */
export type BackupKind = 'manual' | 'daily' | 'before-restore';

/**
 * The extension of the backups Kvitt writes: its own, so the installers can associate it with Kvitt without claiming
 * every SQLite file on the machine. A backup is a SQLite database all the same; versions before 0.2 wrote `.sqlite`, and
 * those are still listed, inspected, restored and opened.
 */
export const BACKUP_EXT = '.kvittbackup';

/** kvitt-20261123121500.kvittbackup (manual), kvitt-daily-20261123.kvittbackup, kvitt-20261123121500-before-restore.kvittbackup. */
export const BACKUP_NAME = /^kvitt-(daily-)?\d{8,14}(-before-restore)?(-\d+)?\.(kvittbackup|sqlite)$/;

/** Whether a file name has a backup's extension (ours, or the older `.sqlite`). */
export const hasBackupExt = (file: string): boolean => /\.(kvittbackup|sqlite)$/i.test(file);

/** A backup's name without its extension. */
export const backupBase = (file: string): string => file.replace(/\.(kvittbackup|sqlite)$/i, '');

export function kindOf(file: string): BackupKind {
  if (file.startsWith('kvitt-daily-')) return 'daily';
  if (file.includes('-before-restore')) return 'before-restore';
  return 'manual';
}

/** <data folder>/backups, created when missing; 409 for a database that lives in memory. */
export function backupFolder(ctx: AppContext): string {
  if (!ctx.dataDir || !ctx.backupTo) throw new OpError('NO_DATA_FOLDER', 'This database lives in memory and cannot be backed up');
  const dir = join(ctx.dataDir, 'backups');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The full path of a backup named by the client: only our own file names, never a path (no `..`, no `/`). */
export function backupPath(ctx: AppContext, file: string): string {
  if (!BACKUP_NAME.test(file)) throw validationError([fieldError('file', 'INVALID_BACKUP_NAME')]);
  return join(backupFolder(ctx), file);
}

/** Opens a backup read-only with the same SQLite build as the app (Electron's when running there). */
export function openReadOnly(path: string): SqliteDatabase.Database {
  const binding = process.env.KVITT_SQLITE_BINDING;
  try {
    return new SqliteDatabase(path, { readonly: true, fileMustExist: true, ...(binding ? { nativeBinding: binding } : {}) });
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CANTOPEN') throw notFound('backup', { name: path.split(/[\\/]/).pop() ?? path });
    throw err;
  }
}

/**
 * A backup copied from the WAL-mode database is itself in WAL mode, so merely reading it would create -wal/-shm files
 * beside it. Switched to a rollback journal, it is one self-contained file that can be read, copied and pruned alone.
 */
export function settle(path: string): void {
  const binding = process.env.KVITT_SQLITE_BINDING;
  const db = new SqliteDatabase(path, { fileMustExist: true, ...(binding ? { nativeBinding: binding } : {}) });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}
