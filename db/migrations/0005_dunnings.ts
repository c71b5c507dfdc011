import { sql, type Kysely } from 'kysely';
import { refuseChanges } from '../dialect.js';

/**
 * Dunnings (spec 2.7, 4.4; issue 11): reminders and inkassovarsler with their fee and late interest, numbered in one
 * global series (number_series 'dunning', taken in the creating transaction) and per invoice (dunning_number 1, 2, …).
 * An issued dunning never changes (triggers). Fees and interest become part of the claim: invoice_balances gains
 * fees_total and interest_total, and its balance includes them. Late-interest rates are dated data (domain-norway.md
 * section 5), seeded here and edited in Settings.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('dunnings')
    .addColumn('number', 'integer', (c) => c.primaryKey())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('dunning_number', 'integer', (c) => c.notNull())
    .addColumn('recipient_number', 'integer', (c) => c.notNull())
    .addColumn('dunning_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('follows_deadline', 'text', (c) => c.notNull())
    .addColumn('debt_collection_notice', 'integer', (c) => c.notNull())
    .addColumn('dunning_text', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('invoice_balance', 'integer', (c) => c.notNull())
    .addColumn('invoice_balance_date', 'text', (c) => c.notNull())
    .addColumn('fee', 'integer', (c) => c.notNull())
    .addColumn('fee_refused_reason', 'text')
    .addColumn('interest', 'integer', (c) => c.notNull())
    .addColumn('interest_rate', 'integer')
    .addColumn('interest_principal', 'integer', (c) => c.notNull())
    .addColumn('interest_from', 'text')
    .addColumn('interest_to', 'text')
    .addColumn('interest_parts', 'text', (c) => c.notNull())
    .addColumn('automatic', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dunnings_document').on('dunnings').columns(['document_id', 'dunning_number']).unique().execute();
  await db.schema.createIndex('dunnings_recipient').on('dunnings').columns(['recipient_number', 'number']).execute();
  await db.schema.createIndex('dunnings_date').on('dunnings').columns(['dunning_date', 'number']).execute();
  // The automatic run never dunns twice for the same deadline.
  await db.schema
    .createIndex('dunnings_automatic_once')
    .on('dunnings')
    .columns(['document_id', 'follows_deadline'])
    .unique()
    .where(sql.ref('automatic'), '=', 1)
    .execute();
  await refuseChanges(db, { trigger: 'dunnings_immutable', table: 'dunnings', event: 'update', message: 'issued dunnings cannot be changed' });
  await refuseChanges(db, { trigger: 'dunnings_undeletable', table: 'dunnings', event: 'delete', message: 'issued dunnings cannot be deleted' });

  await db.schema.alterTable('invoice_balances').addColumn('fees_total', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('invoice_balances').addColumn('interest_total', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.createTable('interest_rates')
    .addColumn('from_date', 'text', (c) => c.primaryKey())
    .addColumn('rate', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('interest_rates').values([
    { from_date: '2024-01-01', rate: 1250 },
    { from_date: '2024-07-01', rate: 1250 },
    { from_date: '2025-01-01', rate: 1250 },
    { from_date: '2025-07-01', rate: 1225 },
    { from_date: '2026-01-01', rate: 1200 },
  ]).execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
