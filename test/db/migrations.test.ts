import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../db/connection.js';
import { migrateToLatest, migrations } from '../../db/migrate.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FOUNDATION_TABLES = ['settings', 'recipients', 'labels', 'recipient_labels', 'custom_fields', 'recipient_custom_values', 'exchange_rates', 'audit_log'];

describe('migrations from an empty file', () => {
  const file = join(dir, 'kvitt.sqlite');

  test('apply every migration once, in order; a second run applies nothing', async () => {
    expect(existsSync(file)).toBe(false);
    const opened = openDatabase(file);
    try {
      const first = await migrateToLatest(opened.db);
      expect(first).toEqual(Object.keys(migrations).sort());
      expect(await migrateToLatest(opened.db)).toEqual([]);
      const applied = opened.raw.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>;
      expect(applied.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    } finally {
      await opened.close();
    }
  });

  test('the foundation tables exist with their columns', async () => {
    const opened = openDatabase(file);
    try {
      const tables = (opened.raw.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map((r) => r.name);
      for (const t of FOUNDATION_TABLES) expect(tables, t).toContain(t);
      const cols = (t: string) => (opened.raw.prepare(`pragma table_info(${t})`).all() as Array<{ name: string }>).map((c) => c.name);
      expect(cols('recipients')).toEqual(
        expect.arrayContaining(['number', 'customer_number', 'name', 'zip', 'city', 'country', 'org_form', 'org_icd', 'org_number', 'discount', 'credit_days', 'currency', 'deleted', 'ehf_capable', 'efaktura', 'avtalegiro']),
      );
      expect(cols('custom_fields')).toEqual(expect.arrayContaining(['number', 'name', 'type', 'options', 'required']));
      expect(cols('exchange_rates')).toEqual(expect.arrayContaining(['currency', 'date', 'rate_micro']));
      // offline rates are there from the first start
      const rates = opened.raw.prepare('select currency from exchange_rates').all() as Array<{ currency: string }>;
      expect(rates.map((r) => r.currency)).toEqual(expect.arrayContaining(['NOK', 'EUR', 'USD']));
    } finally {
      await opened.close();
    }
  });

  test('pragmas: foreign keys on, WAL, synchronous FULL', async () => {
    const opened = openDatabase(file);
    try {
      expect(opened.raw.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(opened.raw.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(opened.raw.pragma('synchronous', { simple: true })).toBe(2);
      // foreign keys are really enforced
      expect(() => opened.raw.prepare('insert into recipient_labels (recipient_number, label_number) values (424242, 1)').run()).toThrow(/FOREIGN KEY/);
    } finally {
      await opened.close();
    }
  });

  test('data survives closing and reopening; migrating again keeps it', async () => {
    let opened = openDatabase(file);
    await opened.db
      .insertInto('recipients')
      .values({
        customer_number: 'M-1', name: 'Vedvarende AS', address1: null, address2: null, zip: '0150', city: 'OSLO', country: 'NO', email: null, phone: null,
        mobile: null, fax: null, web: null, org_form: 'as', org_icd: 9908, org_number: '923609016', discount: 1250, credit_days: 14, attach_pdf: null,
        default_shipment: null, auto_dunnings_enabled: null, currency: null, your_reference: null, comment: null, ehf_capable: 0, efaktura: 0,
        avtalegiro: 0, deleted: 0, search_text: 'vedvarende as', sort_name: 'vedvarende as', created_at: '2026-03-15 12:00:00', updated_at: '2026-03-15 12:00:00',
      })
      .execute();
    await opened.close();

    opened = openDatabase(file);
    try {
      expect(await migrateToLatest(opened.db)).toEqual([]);
      const row = await opened.db.selectFrom('recipients').select(['name', 'discount', 'org_number']).where('customer_number', '=', 'M-1').executeTakeFirst();
      expect(row).toEqual({ name: 'Vedvarende AS', discount: 1250, org_number: '923609016' });
      expect(opened.raw.pragma('synchronous', { simple: true })).toBe(2);
      expect(opened.raw.pragma('foreign_keys', { simple: true })).toBe(1);
      // a unique customer number is enforced by the schema too
      expect(() => opened.raw.prepare("insert into recipients (customer_number, name, zip, city, created_at, updated_at) values ('M-1', 'x', '1', 'y', '', '')").run()).toThrow(/UNIQUE/);
    } finally {
      await opened.close();
    }
  });

  test('an in-memory database migrates the same way', async () => {
    const opened = openDatabase(':memory:');
    try {
      expect(await migrateToLatest(opened.db)).toEqual(Object.keys(migrations).sort());
      expect(opened.raw.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      await opened.close();
    }
  });
});
