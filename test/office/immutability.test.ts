/**
 * The database itself keeps issued documents, their lines and ledger entries unchanged, on both databases (db/dialect.ts
 * refuseChanges: raise(abort) triggers on SQLite, PL/pgSQL trigger functions on PostgreSQL). Written through Kysely so the
 * same test runs in `npm run test:unit` and `npm run test:pg`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dialectOf } from '../../db/dialect.js';
import { issueInvoice, startDocServer, type DocServer } from '../helpers/documents.js';
import { onPostgres } from '../helpers/database.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
});
afterAll(async () => {
  await s?.close();
});

describe('immutability in the database', () => {
  test('the test database is the one asked for', () => {
    expect(dialectOf(s.app.ctx.db)).toBe(onPostgres() ? 'postgres' : 'sqlite');
  });

  test('an issued invoice, its lines and its payments cannot be changed or deleted; a draft can', async () => {
    const db = s.app.ctx.db;
    const n = await issueInvoice(s, { recipient: { number: s.company }, invoiceDate: '2026-03-01', items: [{ productCode: 'A1', quantity: 1 }] });
    expect((await s.json(`/invoices/${n}/payments`, { body: { date: '2026-03-05', amount: 100 } })).status).toBe(201);
    const { id } = await db.selectFrom('documents').select('id').where('kind', '=', 'invoice').where('number', '=', n).executeTakeFirstOrThrow();
    await expect(db.updateTable('documents').set({ invoice_text: 'endret' }).where('id', '=', id).execute()).rejects.toThrow(/issued documents cannot be changed/);
    await expect(db.deleteFrom('documents').where('id', '=', id).execute()).rejects.toThrow(/issued documents cannot be deleted/);
    await expect(db.updateTable('document_lines').set({ description: 'x' }).where('document_id', '=', id).execute()).rejects.toThrow(/lines of issued documents cannot be changed/);
    await expect(db.deleteFrom('document_lines').where('document_id', '=', id).execute()).rejects.toThrow(/lines of issued documents cannot be deleted/);
    await expect(db.updateTable('ledger_entries').set({ amount: 0 }).where('document_id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('ledger_entries').where('document_id', '=', id).execute()).rejects.toThrow(/append-only/);
    const after = await db.selectFrom('documents').select(['invoice_text', 'total']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.invoice_text).not.toBe('endret');
    expect(typeof after.total).toBe('number'); // bigint øre come back as numbers on PostgreSQL too

    const draft = await s.json('/invoices/drafts/', { body: { recipient: { number: s.company }, items: [{ productCode: 'A1', quantity: 1 }] } });
    expect(draft.status).toBe(201);
    const draftId = (await db.selectFrom('documents').select('id').where('number', 'is', null).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    await db.updateTable('documents').set({ invoice_text: 'utkast' }).where('id', '=', draftId).execute();
    await db.deleteFrom('documents').where('id', '=', draftId).execute();
    expect(await db.selectFrom('documents').select('id').where('id', '=', draftId).executeTakeFirst()).toBeUndefined();
  });
});
