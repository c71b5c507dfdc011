import { sql, type Kysely } from 'kysely';

/**
 * Sending (issue 10): a durable outbox. One row per shipment (method and address) of a document, a dunning, an event
 * confirmation or a report; the background sender works the IN_PROGRESS rows and the sending history (spec 2.9, 4.6)
 * is read from the same rows. The shipments table of 0002 was the history without an outbox: its rows move here.
 *
 * - ref_type/ref_number: what the shipment is about (invoice, credit-note, offer, order-confirmation, dunning, event,
 *   report, test); document_id ties documents' shipments to their row (offer chains follow documents.source_document_id).
 * - payload: JSON of what the sender needs (e-mail message text, copy flag, paper address, SMS text, attachments of a
 *   free-standing message); message_id is fixed when queued, so a mail resent after a crash keeps its Message-ID.
 * - next_attempt_at: ISO UTC instant of the next try (backoff 1, 2, 4 … 60 min); null = at once.
 * document_mail_addresses: the postal address a `paper` body gave for a document, kept beside the issued document.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_number', 'integer', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.references('documents.id'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('message_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_ref').on('outbox').columns(['ref_type', 'ref_number', 'created_at']).execute();
  await db.schema.createIndex('outbox_document').on('outbox').columns(['document_id', 'created_at']).execute();
  await db.schema.createIndex('outbox_status').on('outbox').columns(['status', 'method', 'next_attempt_at']).execute();

  await db.schema.createTable('document_mail_addresses')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id'))
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // The old history rows: finished records (no payload), tied to their document's kind and number.
  await sql`insert into outbox (ref_type, ref_number, document_id, method, address, status, description, created_at, updated_at)
    select d.kind, d.number, s.document_id, s.method, s.address, s.status, s.description, s.sent_at, s.sent_at
    from shipments s join documents d on d.id = s.document_id where d.number is not null order by s.id`.execute(db);
  await db.schema.dropTable('shipments').execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
