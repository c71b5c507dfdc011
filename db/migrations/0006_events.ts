import type { Kysely } from 'kysely';

/**
 * Hosted events with public signup (spec 2.10, 4.7).
 *
 * - `events.number` is the host's number (`/host/events/{number}`); `events.public_id` is the id the public signup page and
 *   `POST /events/{id}/signup` use: a random 15-16 digit number (52+ bits from crypto.randomInt), so one event's id says
 *   nothing about another's and ids cannot be walked.
 * - Date-times are text `YYYY-MM-DD HH:MM` (local time), so they compare as text.
 * - Money in øre, VAT rates in hundredths of a percent, as everywhere.
 * - `signup_seq` is bumped by every signup with `UPDATE events SET signup_seq = signup_seq + 1 WHERE number = ?` as the
 *   first write of the signup transaction, before the seats are counted and the participant inserted. On SQLite that first
 *   write takes the database's write lock (and Kysely runs one transaction at a time on its one connection), so count and
 *   insert can never interleave with another signup. On PostgreSQL the same UPDATE takes a row lock on the event's row that
 *   is held until commit: a concurrent signup to the same event blocks on its own UPDATE until the first commits, and then
 *   counts the committed participant (READ COMMITTED re-reads per statement), so the limit holds there too without
 *   SERIALIZABLE, and signups to other events do not wait. The value also numbers the event's participants (1, 2, 3 ...).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('events')
    .addColumn('number', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('public_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull()) // YYYY-MM-DD HH:MM
    .addColumn('end_at', 'text')
    .addColumn('registration_deadline', 'text')
    .addColumn('signup_captcha', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location', 'text', (c) => c.notNull()) // JSON {name, address, zip, city, country}
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('confirmation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_code', 'text')
    .addColumn('contact_person', 'text', (c) => c.notNull()) // JSON {name, email, phone}
    .addColumn('participant_limit', 'integer') // null: no limit
    .addColumn('sms_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('show_signup_stats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signup_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_starts').on('events').columns(['deleted', 'starts_at', 'number']).execute();

  await db.schema.createTable('event_discount_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('event_number', 'integer', (c) => c.notNull().references('events.number'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull()) // øre off the price
    .execute();
  await db.schema.createIndex('event_discount_codes_code').unique().on('event_discount_codes').columns(['event_number', 'code']).execute();

  await db.schema.createTable('event_custom_fields')
    .addColumn('event_number', 'integer', (c) => c.notNull().references('events.number'))
    .addColumn('number', 'integer', (c) => c.notNull()) // 1..n within the event
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull()) // TEXT | BOOLEAN
    .addColumn('options', 'text') // JSON or null
    .addColumn('price_product_code', 'text')
    .addColumn('price', 'integer') // øre; null: the field costs nothing
    .addColumn('price_tax_rate', 'integer')
    .addPrimaryKeyConstraint('event_custom_fields_pk', ['event_number', 'number'])
    .execute();

  await db.schema.createTable('event_participants')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('event_number', 'integer', (c) => c.notNull().references('events.number'))
    .addColumn('number', 'integer', (c) => c.notNull()) // the event's signup_seq at signup
    .addColumn('status', 'text', (c) => c.notNull()) // pending | registered | cancelled (paid is derived from the invoice)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('invoice_party', 'text') // JSON {name, address, zip, city, country, orgNo, yourRef} or null
    .addColumn('discount_code', 'text')
    .addColumn('custom_values', 'text', (c) => c.notNull()) // JSON [{number, name, type, value}]
    .addColumn('amount', 'integer', (c) => c.notNull()) // øre incl. VAT, what the invoice comes to
    .addColumn('recipient_number', 'integer', (c) => c.references('recipients.number'))
    .addColumn('invoice_document_id', 'integer', (c) => c.references('documents.id'))
    .addColumn('credit_note_document_id', 'integer', (c) => c.references('documents.id'))
    .addColumn('signed_up_at', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_participants_number').unique().on('event_participants').columns(['event_number', 'number']).execute();
  await db.schema.createIndex('event_participants_status').on('event_participants').columns(['event_number', 'status']).execute();
  await db.schema.createIndex('event_participants_invoice').on('event_participants').column('invoice_document_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
