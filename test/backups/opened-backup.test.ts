/** A Kvitt backup opened from the file manager (the installers' file association) lands in Settings → Sikkerhetskopier. */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createBackup } from '../../main/features/backups/backups.service.js';
import { takeOpenedBackup } from '../../main/features/backups/opened-backup.js';
import { OpError } from '../../main/ops/errors.js';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

let dir: string;
let s: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kvitt-opened-'));
  s = await startTestServer({ dbFile: join(dir, 'kvitt.sqlite') });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a backup kept elsewhere under any name is copied in, listed, and shows what it holds', async () => {
  expect((await s.json('/recipients/', { body: [recipient({ customerNumber: 'O1' }), recipient({ customerNumber: 'O2' })] })).status).toBe(201);
  const made = await s.json('/originators/current/backups', { method: 'POST', body: {} });
  const elsewhere = join(dir, 'Regnskap mars 2026.sqlite');
  copyFileSync(made.body.path, elsewhere);

  const name = takeOpenedBackup(s.app.ctx, elsewhere, new Date('2026-03-15T10:20:30Z'));
  expect(name).toBe('kvitt-20260315102030.kvittbackup');
  const list = await s.json('/originators/current/backups');
  expect(list.body.map((b: { file: string }) => b.file)).toContain(name);
  const inspected = await s.json(`/originators/current/backups/${name}`);
  expect(inspected.status).toBe(200);
  expect(inspected.body.intact).toBe(true);
  expect(inspected.body.counts.recipients).toBe(2);

  // opened again at the same second: a second copy beside it, the first untouched
  expect(takeOpenedBackup(s.app.ctx, elsewhere, new Date('2026-03-15T10:20:30Z'))).toBe('kvitt-20260315102030-1.kvittbackup');
});

test('a backup already in the backups folder is used as it is', async () => {
  const made = await s.json('/originators/current/backups', { method: 'POST', body: {} });
  expect(takeOpenedBackup(s.app.ctx, made.body.path)).toBe(made.body.file);
});

test('a file that is no SQLite file, or missing, is refused; a foreign database is refused when inspected', async () => {
  const text = join(dir, 'notes.txt');
  writeFileSync(text, 'hello');
  expect(() => takeOpenedBackup(s.app.ctx, text)).toThrow(OpError);
  expect(() => takeOpenedBackup(s.app.ctx, join(dir, 'missing.sqlite'))).toThrow(OpError);
  const foreign = join(dir, 'other.sqlite');
  writeFileSync(foreign, 'SQLite format 3\0 but not really');
  const name = takeOpenedBackup(s.app.ctx, foreign);
  const res = await s.json(`/originators/current/backups/${name}`);
  expect(res.status).toBe(409);
});

test('a backup from an older version (kvitt-….sqlite) is still listed, inspected and opened; new ones never take its name', async () => {
  const made = await s.json('/originators/current/backups', { method: 'POST', body: {} });
  const old = join(s.app.ctx.dataDir!, 'backups', 'kvitt-20250101120000.sqlite');
  copyFileSync(made.body.path, old);
  const list = await s.json('/originators/current/backups');
  expect(list.body.map((b: { file: string }) => b.file)).toContain('kvitt-20250101120000.sqlite');
  const inspected = await s.json('/originators/current/backups/kvitt-20250101120000.sqlite');
  expect(inspected.status).toBe(200);
  expect(inspected.body.intact).toBe(true);
  expect(takeOpenedBackup(s.app.ctx, old)).toBe('kvitt-20250101120000.sqlite');
  // The same second as the old file: the new backup gets a number, not the old one's name with another extension.
  const again = await createBackup(s.app.ctx, { name: 'kvitt-20250101120000' });
  expect(again.file).toBe('kvitt-20250101120000-2.kvittbackup');
});
