import { closeSync, existsSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** A reason Kvitt must not open the database, written for the person at the keyboard. Entries print it and exit 1. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** The data folder must take new files (the database's -wal/-shm, backups, the API key) before anything is opened. */
export function checkWritable(dir: string): void {
  const probe = join(dir, `.kvitt-write-check-${process.pid}`);
  try {
    writeFileSync(probe, 'ok', { mode: 0o600 });
    rmSync(probe, { force: true });
  } catch (err) {
    throw new StartupError(
      `Kvitt cannot write to its data folder ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).\n` +
        'Check that the folder exists, that your user may write to it and that the disk is not full or read-only; or start Kvitt with another folder (KVITT_DATA_DIR or --db).',
    );
  }
}

interface LockInfo {
  pid: number;
  host: string;
  since: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One writer per database file: `<file>.lock` holds the process that has it open. A lock of a process that no longer
 * runs on this machine (a crash, kill -9) is taken over; a live one refuses the start with a clear message.
 * Returns the function that releases the lock.
 */
export function acquireLock(dbFile: string, now = new Date()): () => void {
  const lockFile = `${dbFile}.lock`;
  const me: LockInfo = { pid: process.pid, host: hostname(), since: now.toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeFileSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        try {
          const held = JSON.parse(readFileSync(lockFile, 'utf8')) as LockInfo;
          if (held.pid === me.pid && held.since === me.since) rmSync(lockFile, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new StartupError(`Kvitt cannot create ${lockFile}: ${(err as Error).message}`);
    }
    let held: LockInfo | null = null;
    try {
      held = JSON.parse(readFileSync(lockFile, 'utf8')) as LockInfo;
    } catch {
      held = null; // empty or half-written: a start that died at once
    }
    if (held && (held.host !== me.host || alive(held.pid)) && held.pid !== process.pid) {
      throw new StartupError(
        `${dbFile} is already open in another Kvitt (process ${held.pid} on ${held.host}, since ${held.since}).\n` +
          'Only one Kvitt may use a database file at a time: switch to the Kvitt that is running, or close it and start again.' +
          (held.host !== me.host ? `\nIf that machine is no longer running Kvitt, delete ${lockFile}.` : ''),
      );
    }
    if (held && held.pid === process.pid) throw new StartupError(`${dbFile} is already open in this process`);
    rmSync(lockFile, { force: true }); // stale: its process is gone
  }
  throw new StartupError(`Kvitt could not take the lock ${lockFile}; another Kvitt may be starting. Try again.`);
}

/** The newest files in <folder>/backups, to name in the message about a damaged database. */
function newestBackups(dbFile: string): string[] {
  const dir = join(dirname(dbFile), 'backups');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.(kvittbackup|sqlite)$/.test(f))
    .sort()
    .reverse()
    .slice(0, 3)
    .map((f) => join(dir, f));
}

/** The message for a database that is damaged or not a database at all: what happened, and how to restore. */
export function damagedMessage(dbFile: string, problem: string): string {
  const backups = newestBackups(dbFile);
  const name = basename(dbFile);
  return [
    `The database ${dbFile} is damaged and was not opened: ${problem}`,
    'Nothing was changed. To restore from a backup:',
    `  1. Keep the damaged file: rename ${name} to ${name}.damaged (and its -wal and -shm files, if any).`,
    `  2. Copy a backup to ${dbFile}.` + (backups.length ? ` The newest backups are:\n       ${backups.join('\n       ')}` : ` Backups are in ${join(dirname(dbFile), 'backups')}.`),
    '  3. Start Kvitt again; then Settings → Sikkerhetskopi shows the backups there are and can restore another.',
  ].join('\n');
}
