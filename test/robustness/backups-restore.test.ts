import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { daysToKeep, dailyBackup, KEEP } from '../../main/features/backups/rolling.js';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { recipient } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-restore-'));
let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ dbFile: join(dir, 'kvitt.sqlite') });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = async () => (await s.json('/recipients/')).body.map((r: { name: string }) => r.name).sort();

describe('restore a backup while the app runs', () => {
  test('inspect shows what a backup holds; restore brings it back and keeps the current file as a backup first', async () => {
    const n = await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 2 }] });
    const taken = await s.json('/originators/current/backups', { method: 'POST', body: {} });
    expect(taken.status).toBe(201);
    const file = taken.body.file as string;

    const info = await s.json(`/originators/current/backups/${file}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      file,
      intact: true,
      newerVersion: false,
      counts: { recipients: 2, products: 3, invoices: 1, creditNotes: 0, offers: 0, orderConfirmations: 0, drafts: 0 },
      newestDocument: { kind: 'invoice', number: n, date: '2026-03-15', recipient: 'Fjord Bygg AS', total: 3125 },
    });

    // Changes after the backup: a customer and a second invoice.
    expect((await s.json('/recipients/', { body: recipient({ name: 'Etter Backup AS', customerNumber: 'ETTER' }) })).status).toBe(201);
    await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
    expect(await names()).toContain('Etter Backup AS');

    const restored = await s.json(`/originators/current/backups/${file}/restore`, { method: 'POST', body: {} });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.restored.counts.invoices).toBe(1);
    expect(restored.body.previous.file).toMatch(/^kvitt-\d{14}-before-restore\.kvittbackup$/);
    expect(restored.body.previous.kind).toBe('before-restore');

    expect(s.app.database.raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(s.app.database.raw.pragma('integrity_check', { simple: true })).toBe('ok');
    // The running server answers from the restored data at once.
    expect(await names()).not.toContain('Etter Backup AS');
    expect((await s.json(`/invoices/${n + 1}`)).status).toBe(404);
    expect((await s.json(`/invoices/${n}`)).status).toBe(200);
    // Numbering continues from the restored state, without gaps.
    expect(await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] })).toBe(n + 1);

    // What was there before the restore is in the kept copy.
    const kept = new SqliteDatabase(restored.body.previous.path, { readonly: true });
    expect(kept.prepare("select count(*) n from recipients where name = 'Etter Backup AS'").get()).toEqual({ n: 1 });
    kept.close();
    // The restored database records that it was restored, and from what.
    const entry = s.app.database.raw.prepare("select data from audit_log where entity = 'backup' and action = 'restore'").get() as { data: string };
    expect(JSON.parse(entry.data)).toEqual({ previous: restored.body.previous.file });
    const list = (await s.json('/originators/current/backups')).body as Array<{ file: string; kind: string }>;
    expect(list.map((b) => b.kind).sort()).toEqual(['before-restore', 'manual']);
  });

  test('wrong names, missing files, damaged files and other files are refused without touching the database', async () => {
    const before = await names();
    for (const bad of ['..%2Fkvitt.sqlite', 'kvitt.sqlite', 'x.sqlite', '%2Fetc%2Fpasswd']) {
      const r = await s.json(`/originators/current/backups/${bad}/restore`, { method: 'POST', body: {} });
      expect(r.status, bad).toBe(400);
      expect(r.body.fields[0].field).toBe('file');
    }
    expect((await s.json('/originators/current/backups/kvitt-20200101000000.sqlite')).status).toBe(404);
    expect((await s.json('/originators/current/backups/kvitt-20200101000000.sqlite/restore', { method: 'POST', body: {} })).status).toBe(404);
    writeFileSync(join(dir, 'backups', 'kvitt-20200101000001.sqlite'), 'not a database at all '.repeat(300));
    const junk = await s.json('/originators/current/backups/kvitt-20200101000001.sqlite/restore', { method: 'POST', body: {} });
    expect(junk.status).toBe(409);
    expect(junk.body.error).toBe('NOT_A_KVITT_BACKUP');
    // A backup made by a newer Kvitt (a migration this version does not know).
    const newer = new SqliteDatabase(join(dir, 'kvitt.sqlite'), { readonly: true });
    await newer.backup(join(dir, 'backups', 'kvitt-20200101000002.sqlite'));
    newer.close();
    const edit = new SqliteDatabase(join(dir, 'backups', 'kvitt-20200101000002.sqlite'));
    edit.pragma('journal_mode = DELETE');
    edit.prepare("insert into kysely_migration (name, timestamp) values ('9999_future', '2030-01-01')").run();
    edit.close();
    const tooNew = await s.json('/originators/current/backups/kvitt-20200101000002.sqlite/restore', { method: 'POST', body: {} });
    expect(tooNew.status).toBe(409);
    expect(tooNew.body.error).toBe('BACKUP_TOO_NEW');
    expect(await names()).toEqual(before);
    const files = readdirSync(join(dir, 'backups'));
    expect(files.filter((f) => f.includes('before-restore')), files.join()).toHaveLength(1); // none kept for refused restores
    expect(files.filter((f) => /-(wal|shm)$/.test(f)), files.join()).toEqual([]); // backups are single files
  });
});

describe('rolling daily backups', () => {
  test('the 7 newest days, then the newest of each of 4 earlier weeks', () => {
    const days = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
    const kept = [...daysToKeep(days)].sort();
    expect(kept).toHaveLength(KEEP.daily + KEEP.weekly);
    expect(kept.slice(-7)).toEqual(days.slice(-7));
    // 2026-03-01 is the last day; the daily ones cover 02-23..03-01 (Mon 02-23 .. Sun 03-01); then Sundays of 4 weeks before.
    expect(kept.slice(0, 4)).toEqual(['2026-02-01', '2026-02-08', '2026-02-15', '2026-02-22']);
    expect([...daysToKeep(['2026-01-05'])]).toEqual(['2026-01-05']);
  });

  test('one automatic backup a day while running; older ones pruned; manual backups never removed', async () => {
    const manual = (await s.json('/originators/current/backups', { method: 'POST', body: {} })).body.file as string;
    for (let i = 0; i < 45; i++) {
      s.clock.set(new Date(Date.UTC(2026, 3, 1 + i)).toISOString().slice(0, 10));
      expect(await dailyBackup(s.app.ctx)).toMatch(/^kvitt-daily-2026\d{4}\.kvittbackup$/);
      expect(await dailyBackup(s.app.ctx)).toBeNull(); // the same day again: nothing new
    }
    const files = readdirSync(join(dir, 'backups'));
    const daily = files.filter((f) => f.startsWith('kvitt-daily-')).sort();
    expect(daily).toHaveLength(11);
    expect(daily.slice(-7)).toEqual(['20260509', '20260510', '20260511', '20260512', '20260513', '20260514', '20260515'].map((d) => `kvitt-daily-${d}.kvittbackup`));
    expect(files).toContain(manual);
    expect(existsSync(join(dir, 'backups', manual))).toBe(true);
    const list = (await s.json('/originators/current/backups')).body as Array<{ kind: string }>;
    expect(list.filter((b) => b.kind === 'daily')).toHaveLength(11);
  }, 60_000);
});
