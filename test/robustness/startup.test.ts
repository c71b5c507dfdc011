import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync, writeSync, closeSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openApp } from '../../main/app.js';
import { StartupError } from '../../main/startup.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a data folder that cannot be written is refused before anything is opened, saying what to check', async () => {
  const notAFolder = join(dir, 'plain-file');
  writeFileSync(notAFolder, 'x');
  const err = await openApp({ dbFile: join(notAFolder, 'kvitt.sqlite') }).catch((e) => e);
  expect(err).toBeInstanceOf(StartupError);
  expect(err.message).toContain(`cannot write to its data folder ${notAFolder}`);
  expect(err.message).toMatch(/KVITT_DATA_DIR or --db/);
});

test('one Kvitt per database file: a second open is refused while the first runs, allowed after it closes; a stale lock is taken over', async () => {
  const file = join(dir, 'one.sqlite');
  const first = await openApp({ dbFile: file });
  const err = await openApp({ dbFile: file }).catch((e) => e);
  expect(err).toBeInstanceOf(StartupError);
  expect(err.message).toContain('already open');
  await first.close();
  expect(existsSync(`${file}.lock`)).toBe(false);
  // A Kvitt that died (kill -9) left its lock behind: its process is gone, so the lock is taken over.
  writeFileSync(`${file}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), since: '2026-01-01T00:00:00Z' }));
  const again = await openApp({ dbFile: file });
  await again.close();
});

/** Runs `headless.ts serve` on a file; resolves with its exit code and output once it exits (or its first line, if it stays up). */
function serve(file: string): Promise<{ code: number | null; out: string; stop(): Promise<void> }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'main/headless.ts', 'serve', '--db', file, '--port', '0'], { env: { ...process.env, KVITT_API_KEY: 'k'.repeat(40) } });
    let out = '';
    const stop = () => new Promise<void>((r) => (child.exitCode !== null ? r() : (child.once('exit', () => r()), child.kill('SIGTERM'))));
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('GUI:')) resolve({ code: null, out, stop });
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out, stop }));
  });
}

test('a second running Kvitt on the same file exits non-zero with a clear message; the first keeps serving', async () => {
  const file = join(dir, 'two.sqlite');
  const first = await serve(file);
  expect(first.code, first.out).toBeNull();
  try {
    const second = await serve(file);
    expect(second.code).toBe(1);
    expect(second.out).toContain(`${file} is already open in another Kvitt`);
    expect(second.out).toContain('Only one Kvitt may use a database file at a time');
  } finally {
    await first.stop();
  }
}, 60_000);

test('a database that fails integrity_check is not opened: the message says how to restore and names the newest backups', async () => {
  const file = join(dir, 'broken.sqlite');
  const app = await openApp({ dbFile: file });
  const backupDir = join(dir, 'backups');
  // Fill some pages, take a backup to be named in the message.
  app.database.raw.exec("create table filler(x); with recursive n(i) as (select 1 union all select i + 1 from n where i < 400) insert into filler select printf('%0500d', i) from n");
  const { createBackup } = await import('../../main/features/backups/backups.service.js');
  const b = await createBackup(app.ctx);
  await app.close();
  // Damage a b-tree page in the middle of the file.
  const pages = statSync(file).size / 4096;
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, Math.floor(pages / 2) * 4096);
  closeSync(fd);
  const err = await openApp({ dbFile: file }).catch((e) => e);
  if (!(err instanceof Error)) await err.close();
  expect(err).toBeInstanceOf(StartupError);
  expect(err.message).toContain(`The database ${file} is damaged and was not opened`);
  expect(err.message).toContain('To restore from a backup');
  expect(err.message).toContain(join(backupDir, b.file));
  expect(existsSync(`${file}.lock`)).toBe(false); // the refused start leaves no lock behind

  // Not a database at all: the same message.
  const junk = join(dir, 'junk.sqlite');
  writeFileSync(junk, 'this is not a database '.repeat(400));
  const err2 = await openApp({ dbFile: junk }).catch((e) => e);
  expect(err2).toBeInstanceOf(StartupError);
  expect(err2.message).toContain('is damaged and was not opened');
  expect(readdirSync(dir)).not.toContain('junk.sqlite.lock');
});
