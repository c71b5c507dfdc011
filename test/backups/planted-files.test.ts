/**
 * Files planted in the backups folder: a foreign SQLite database with Kvitt's table names, a copy with bad JSON in a
 * snapshot or a setting, a folder, copies without audit_log or settings, a link out of the folder. Inspect and restore
 * answer 409 with the reason (never 500) and leave the database as it was; the list offers none of the links or folders.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-planted-'));
const outside = mkdtempSync(join(tmpdir(), 'kvitt-outside-'));
let s: DocServer;
let good: string;
beforeAll(async () => {
  s = await startDocServer({ dbFile: join(dir, 'kvitt.sqlite') });
  await issueInvoice(s, { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] });
  const made = await s.json('/originators/current/backups', { method: 'POST', body: {} });
  expect(made.status).toBe(201);
  good = made.body.path;
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const backups = () => join(dir, 'backups');
let seq = 10;
/** A copy of the good backup under a fresh backup name, changed by `edit`. */
async function plantCopy(edit: (db: SqliteDatabase.Database) => void): Promise<string> {
  const file = `kvitt-202001010000${seq++}.sqlite`;
  const src = new SqliteDatabase(good, { readonly: true });
  await src.backup(join(backups(), file));
  src.close();
  const db = new SqliteDatabase(join(backups(), file));
  db.pragma('journal_mode = DELETE');
  db.pragma('foreign_keys = OFF');
  edit(db);
  db.close();
  return file;
}

const recipientNames = async () => (await s.json('/recipients/')).body.map((r: { name: string }) => r.name).sort();

async function refused(file: string, reason: RegExp) {
  const before = await recipientNames();
  const inspect = await s.json(`/originators/current/backups/${file}`);
  expect(inspect.status, JSON.stringify(inspect.body)).toBe(409);
  expect(inspect.body.message).toMatch(reason);
  const restore = await s.json(`/originators/current/backups/${file}/restore`, { method: 'POST', body: {} });
  expect(restore.status, JSON.stringify(restore.body)).toBe(409);
  expect(restore.body.message).toMatch(reason);
  expect(await recipientNames()).toEqual(before);
  expect((await s.json('/originators/current/settings')).status).toBe(200);
}

test('a foreign SQLite database with Kvitt table names', async () => {
  const file = `kvitt-20200101000001.sqlite`;
  const db = new SqliteDatabase(join(backups(), file));
  db.exec("create table documents (x); create table recipients (y); create table kysely_migration (name text, timestamp text); insert into kysely_migration values ('0001_foundation', 'x')");
  db.close();
  await refused(file, /cannot be used as a backup: .*(no table|no column|cannot be brought up)/);
});

test('a copy with bad JSON in a document snapshot, or in a setting', async () => {
  // Past the immutability triggers (dropped and put back), as a damaged or hand-edited file would be.
  const bypassingTriggers = (db: SqliteDatabase.Database, change: string) => {
    const triggers = db.prepare("select name, sql from sqlite_master where type = 'trigger'").all() as Array<{ name: string; sql: string }>;
    for (const t of triggers) db.exec(`drop trigger ${t.name}`);
    db.exec(change);
    for (const t of triggers) db.exec(t.sql);
  };
  await refused(await plantCopy((db) => bypassingTriggers(db, "update documents set recipient_snapshot = '{not json'")), /document \d+ holds .* not valid JSON/);
  await refused(await plantCopy((db) => db.exec("update settings set value = '{oops'")), /setting .* is not valid JSON/);
});

test('copies without audit_log, without settings, or without the triggers that keep issued documents unchanged', async () => {
  await refused(await plantCopy((db) => {
    const t = db.prepare("select name from sqlite_master where type = 'trigger' limit 1").get() as { name: string };
    db.exec(`drop trigger ${t.name}`);
  }), /has no trigger/);
  await refused(await plantCopy((db) => db.exec('drop table audit_log')), /no table audit_log/);
  await refused(await plantCopy((db) => db.exec('drop table settings')), /no table settings/);
});

test('a folder with a backup name', async () => {
  mkdirSync(join(backups(), 'kvitt-20200101000002.sqlite'));
  await refused('kvitt-20200101000002.sqlite', /not a file/);
});

test('a link to a database outside the folder is never followed nor offered', async () => {
  const target = join(outside, 'elsewhere.sqlite');
  const src = new SqliteDatabase(good, { readonly: true });
  await src.backup(target);
  src.close();
  symlinkSync(target, join(backups(), 'kvitt-20200101000003.sqlite'));
  await refused('kvitt-20200101000003.sqlite', /is a link/);
  const list = (await s.json('/originators/current/backups')).body as Array<{ file: string }>;
  expect(list.map((b) => b.file)).not.toContain('kvitt-20200101000003.sqlite');
  expect(list.map((b) => b.file)).not.toContain('kvitt-20200101000002.sqlite');
});

test('the good copy is still inspected and restored', async () => {
  const file = good.split('/').pop()!;
  const info = await s.json(`/originators/current/backups/${file}`);
  expect(info.status).toBe(200);
  expect(info.body.intact).toBe(true);
  expect(info.body.counts.invoices).toBe(1);
  const restored = await s.json(`/originators/current/backups/${file}/restore`, { method: 'POST', body: {} });
  expect(restored.status, JSON.stringify(restored.body)).toBe(200);
});
