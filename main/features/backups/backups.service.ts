import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { OpError } from '../../ops/errors.js';
import { audit } from '../audit/audit.service.js';
import { localDate } from '../../clock.js';

/** YYYY-MM-DD HH:MM:SS in local time, as the app clock writes its timestamps. */
const localTimestamp = (d: Date) => `${localDate(d)} ${d.toTimeString().slice(0, 8)}`;

export interface BackupInfo {
  file: string;
  path: string;
  bytes: number;
  createdAt: string;
}

function folder(ctx: AppContext): string {
  if (!ctx.dataDir || !ctx.backupTo) throw new OpError(409, 'NO_DATA_FOLDER', 'This database lives in memory and cannot be backed up');
  const dir = join(ctx.dataDir, 'backups');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** A consistent copy of the whole database, taken while the app runs, into <data folder>/backups/. */
export async function createBackup(ctx: AppContext): Promise<BackupInfo> {
  const dir = folder(ctx);
  const stamp = ctx.clock.timestamp().replace(/[-: ]/g, '').slice(0, 14);
  let file = `kvitt-${stamp}.sqlite`;
  for (let i = 2; readdirSync(dir).includes(file); i++) file = `kvitt-${stamp}-${i}.sqlite`;
  const path = join(dir, file);
  await ctx.backupTo!(path);
  await audit(ctx.db, ctx.clock, 'backup', file, 'create');
  const st = statSync(path);
  return { file, path, bytes: st.size, createdAt: ctx.clock.timestamp() };
}

export function listBackups(ctx: AppContext): BackupInfo[] {
  const dir = folder(ctx);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sqlite'))
    .map((file) => {
      const st = statSync(join(dir, file));
      return { file, path: join(dir, file), bytes: st.size, createdAt: localTimestamp(st.mtime) };
    })
    .sort((a, b) => b.file.localeCompare(a.file));
}
