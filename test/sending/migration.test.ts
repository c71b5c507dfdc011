import { Migrator } from 'kysely/migration';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../db/connection.js';
import { migrateToLatest, migrations } from '../../db/migrate.js';
import { historyOf } from '../../main/features/sending/outbox.js';

describe('migration 0004: the old shipments rows move into the outbox', () => {
  test('a history written before 0004 reads the same afterwards (newest first), and shipments is gone', async () => {
    const database = openDatabase(':memory:');
    const upTo3 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0004'));
    const old = new Migrator({ db: database.db, provider: { getMigrations: async () => upTo3 } });
    const r = await old.migrateToLatest();
    expect(r.error).toBeUndefined();
    const raw = database.raw;
    raw.prepare("insert into recipients (name, zip, city, country, discount, ehf_capable, efaktura, avtalegiro, deleted, search_text, sort_name, created_at, updated_at) values ('K', '0150', 'OSLO', 'NO', 0, 0, 0, 0, 0, 'k', 'k', 'x', 'x')").run();
    const doc = (kind: string, number: number, source: number | null) =>
      Number(
        raw
          .prepare("insert into documents (kind, number, recipient_number, recipient_snapshot, currency, exchange_rate_micro, net, tax, total, tax_nok, total_nok, source_document_id, created_at, updated_at) values (?, ?, 1, '{}', 'NOK', 1000000, 0, 0, 0, 0, 0, ?, 'x', 'x')")
          .run(kind, number, source).lastInsertRowid,
      );
    const offer = doc('offer', 1001, null);
    const invoice = doc('invoice', 10001, offer);
    const ship = raw.prepare('insert into shipments (document_id, method, address, status, description, sent_at) values (?, ?, ?, ?, ?, ?)');
    ship.run(offer, 'email', 'a@b.no', 'DELIVERED', 'Tilbud 1001 sendt på e-post', '2026-03-10 09:15');
    ship.run(invoice, 'paper', '', 'IN_PROGRESS', 'Faktura 10001 sendt i posten', '2026-03-12 14:03');

    await migrateToLatest(database.db);
    expect(raw.prepare("select count(*) as c from sqlite_master where name = 'shipments'").get()).toEqual({ c: 0 });
    expect(await historyOf(database.db, { type: 'offer', number: 1001 })).toEqual([
      { description: 'Faktura 10001 sendt i posten', recipientAddress: '', date: '2026-03-12 14:03', status: 'IN_PROGRESS' },
      { description: 'Tilbud 1001 sendt på e-post', recipientAddress: 'a@b.no', date: '2026-03-10 09:15', status: 'DELIVERED' },
    ]);
    expect(await historyOf(database.db, { type: 'invoice', number: 10001 })).toHaveLength(1);
    // the moved rows are history, not work: nothing for the sender to pick up but the paper in the print queue
    expect(raw.prepare("select ref_type, ref_number, method from outbox where status = 'IN_PROGRESS'").all()).toEqual([{ ref_type: 'invoice', ref_number: 10001, method: 'paper' }]);
    await database.close();
  });
});
