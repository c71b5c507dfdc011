import { lstatSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { localDate } from '../../clock.js';
import { audit } from '../audit/index.js';
import { BACKUP_EXT, backupBase, backupFolder, BACKUP_NAME, hasBackupExt, kindOf, settle, type BackupKind } from './backup-files.js';
import { inTx } from '../../ops/transaction.js';

/** YYYY-MM-DD HH:MM:SS in local time, as the app clock writes its timestamps. */
const localTimestamp = (d: Date) => `${localDate(d)} ${d.toTimeString().slice(0, 8)}`;

export interface BackupInfo {
  file: string;
  path: string;
  bytes: number;
  createdAt: string;
  kind: BackupKind;
}

function infoOf(dir: string, file: string): BackupInfo {
  const st = statSync(join(dir, file));
  return { file, path: join(dir, file), bytes: st.size, createdAt: localTimestamp(st.mtime), kind: kindOf(file) };
}

/**
 * A consistent copy of the whole database, taken while the app runs, into <data folder>/backups/. `name` gives the
 * file name without a number suffix or extension (default: kvitt-<timestamp>; the extension is BACKUP_EXT). The copy and its audit entry go together:
 * if the entry cannot be written, the copy is removed.
 */
export async function createBackup(ctx: AppContext, opts: { name?: string; action?: string } = {}): Promise<BackupInfo> {
  const dir = backupFolder(ctx);
  const stamp = ctx.clock.timestamp().replace(/[-: ]/g, '').slice(0, 14);
  const base = backupBase(opts.name ?? `kvitt-${stamp}`);
  // A name is taken whatever its extension (an older kvitt-….sqlite of the same second too).
  const taken = new Set(readdirSync(dir).filter(hasBackupExt).map(backupBase));
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}-${i}`;
  const file = `${name}${BACKUP_EXT}`;
  const path = join(dir, file);
  await ctx.backupTo!(path);
  try {
    settle(path);
    await inTx(ctx, (tctx) => audit(tctx, 'backup', file, opts.action ?? 'create'));
  } catch (err) {
    rmSync(path, { force: true });
    throw err;
  }
  return infoOf(dir, file);
}

/** Backups in the data folder, newest first. */
export function listBackups(ctx: AppContext): BackupInfo[] {
  const dir = backupFolder(ctx);
  // Only plain files: a link or a folder with a backup's name is never offered (nor followed).
  return readdirSync(dir)
    .filter((f) => BACKUP_NAME.test(f) && lstatSync(join(dir, f)).isFile())
    .map((file) => infoOf(dir, file))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.file.localeCompare(a.file));
}
