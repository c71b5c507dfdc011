import type { Kysely } from 'kysely';
import { refuseChanges } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('products')
    .addColumn('number', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('tax_rate', 'integer', (c) => c.notNull())
    .addColumn('vat_category', 'text', (c) => c.notNull().defaultTo('S'))
    .addColumn('exemption_reason', 'text')
    .addColumn('unit', 'text')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createTable('number_series')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('next_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.createTable('documents')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('series', 'text')
    .addColumn('number', 'integer')
    .addColumn('recipient_number', 'integer', (c) => c.notNull().references('recipients.number'))
    .addColumn('recipient_snapshot', 'text', (c) => c.notNull())
    .addColumn('originator_snapshot', 'text')
    .addColumn('order_number', 'text')
    .addColumn('issue_date', 'text') // null on a draft without a chosen date: issuing takes today
    .addColumn('due_date', 'text')
    .addColumn('order_date', 'text')
    .addColumn('delivery_date', 'text')
    .addColumn('expiry_date', 'text')
    .addColumn('our_reference', 'text')
    .addColumn('your_reference', 'text')
    .addColumn('kid', 'text')
    .addColumn('invoice_text', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('NOK'))
    .addColumn('exchange_rate_micro', 'integer', (c) => c.notNull().defaultTo(1_000_000))
    .addColumn('international', 'text')
    .addColumn('delivery_address', 'text')
    .addColumn('credited_document_id', 'integer', (c) => c.references('documents.id'))
    .addColumn('source_document_id', 'integer', (c) => c.references('documents.id'))
    .addColumn('net', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_nok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_nok', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content_hash', 'text')
    .addColumn('issued_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_series_number').unique().on('documents').columns(['series', 'number']).execute();
  await db.schema.createIndex('documents_kind_number').on('documents').columns(['kind', 'number']).execute();
  await db.schema.createIndex('documents_kind_date').on('documents').columns(['kind', 'issue_date', 'number']).execute();
  await db.schema.createIndex('documents_recipient').on('documents').columns(['recipient_number', 'kind', 'number']).execute();
  await db.schema.createIndex('documents_credited').on('documents').column('credited_document_id').execute();
  await db.schema.createIndex('documents_source').on('documents').column('source_document_id').execute();

  await db.schema.createTable('document_lines')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('product_code', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity_milli', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_rate', 'integer', (c) => c.notNull())
    .addColumn('vat_category', 'text', (c) => c.notNull())
    .addColumn('exemption_reason', 'text')
    .addColumn('net', 'integer', (c) => c.notNull())
    .addColumn('tax', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_lines_pk', ['document_id', 'line_no'])
    .execute();
  await db.schema.createIndex('document_lines_product').on('document_lines').column('product_code').execute();

  await db.schema.createTable('invoice_balances')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id'))
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('paid_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credited_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lost_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_date', 'text')
    .execute();
  await db.schema.createIndex('invoice_balances_open').on('invoice_balances').columns(['balance', 'document_id']).execute();

  await db.schema.createTable('ledger_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency_amount', 'integer')
    .addColumn('bank_fee', 'integer')
    .addColumn('reason', 'text')
    .addColumn('reverses_id', 'integer', (c) => c.references('ledger_entries.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_document').on('ledger_entries').columns(['document_id', 'date']).execute();
  await db.schema.createIndex('ledger_entries_date').on('ledger_entries').columns(['kind', 'date']).execute();

  await db.schema.createTable('shipments')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipments_document').on('shipments').columns(['document_id', 'sent_at']).execute();

  // Issued documents are immutable: the database itself refuses to change or delete them.
  // SQLite: raise(abort) triggers; PostgreSQL: PL/pgSQL trigger functions (db/dialect.ts, refuseChanges).
  const issued = '(select number from documents where id = old.document_id) is not null';
  await refuseChanges(db, { trigger: 'documents_issued_immutable', table: 'documents', event: 'update', when: 'old.number is not null', message: 'issued documents cannot be changed' });
  await refuseChanges(db, { trigger: 'documents_issued_undeletable', table: 'documents', event: 'delete', when: 'old.number is not null', message: 'issued documents cannot be deleted' });
  await refuseChanges(db, { trigger: 'document_lines_issued_immutable', table: 'document_lines', event: 'update', when: issued, message: 'lines of issued documents cannot be changed' });
  await refuseChanges(db, { trigger: 'document_lines_issued_undeletable', table: 'document_lines', event: 'delete', when: issued, message: 'lines of issued documents cannot be deleted' });
  await refuseChanges(db, { trigger: 'ledger_entries_append_only', table: 'ledger_entries', event: 'update', message: 'ledger entries are append-only' });
  await refuseChanges(db, { trigger: 'ledger_entries_undeletable', table: 'ledger_entries', event: 'delete', message: 'ledger entries are append-only' });
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
