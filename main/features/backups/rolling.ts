import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { backupFolder } from './backup-files.js';
import { createBackup } from './backups.service.js';
import { startHourlyCheck } from '../../hourly-check.js';
import { withJobLease } from '../../ops/leases.js';

/** How many automatic backups are kept: the newest days, and beyond them the newest of each earlier week. */
export const KEEP = { daily: 7, weekly: 4 } as const;

const DAILY = /^kvitt-daily-(\d{4})(\d{2})(\d{2})(?:-\d+)?\.(?:kvittbackup|sqlite)$/;

/** Monday of the ISO week of a YYYY-MM-DD day, as YYYY-MM-DD. */
export function weekOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * The days to keep of the days that have an automatic backup: the `daily` newest, then the newest day of each of the
 * `weekly` weeks before them (a week partly covered by the daily ones counts as such a week only for its older days).
 */
export function daysToKeep(days: readonly string[], keep: { daily: number; weekly: number } = KEEP): Set<string> {
  const sorted = [...new Set(days)].sort().reverse();
  const kept = new Set(sorted.slice(0, keep.daily));
  const weeks = new Set<string>();
  for (const day of sorted.slice(keep.daily)) {
    const w = weekOf(day);
    if (weeks.has(w)) continue;
    if (weeks.size >= keep.weekly) break;
    weeks.add(w);
    kept.add(day);
  }
  return kept;
}

/** Removes the automatic backups that fall outside daysToKeep; manual and before-restore copies are never removed. */
export function pruneDaily(dir: string): string[] {
  const daily = readdirSync(dir)
    .map((file) => ({ file, m: DAILY.exec(file) }))
    .filter((x): x is { file: string; m: RegExpExecArray } => x.m !== null)
    .map(({ file, m }) => ({ file, day: `${m[1]}-${m[2]}-${m[3]}` }));
  const keep = daysToKeep(daily.map((d) => d.day));
  const removed = daily.filter((d) => !keep.has(d.day)).map((d) => d.file);
  for (const file of removed) rmSync(join(dir, file), { force: true });
  return removed;
}

/**
 * Takes today's automatic backup unless there is one, then prunes. Returns the file taken, or null. Only a database file
 * has file backups, and only one process opens a file (its lock file); the 'daily-backup' job lease (main/ops/leases.ts)
 * still keeps two checks from taking it at once.
 */
export async function dailyBackup(ctx: AppContext): Promise<string | null> {
  if (!ctx.dataDir || !ctx.backupTo) return null;
  return (await withJobLease(ctx, 'daily-backup', () => takeDailyBackup(ctx))) ?? null;
}

async function takeDailyBackup(ctx: AppContext): Promise<string | null> {
  const dir = backupFolder(ctx);
  const day = ctx.clock.today().replace(/-/g, '');
  const taken = readdirSync(dir).some((f) => f.startsWith(`kvitt-daily-${day}`));
  const made = taken ? null : (await createBackup(ctx, { name: `kvitt-daily-${day}`, action: 'create-daily' })).file;
  pruneDaily(dir);
  return made;
}

/**
 * While the app runs: today's backup at start, then a check every hour (a new day gets its backup). A failed backup
 * is logged and tried again at the next check; it never stops the app. Returns the function that stops the timer
 * (and waits for a backup under way).
 */
export function startDailyBackups(ctx: AppContext, everyMs = 60 * 60 * 1000): () => Promise<void> {
  return startHourlyCheck(() => dailyBackup(ctx), 'The automatic backup failed; it is tried again within the hour:', everyMs);
}
