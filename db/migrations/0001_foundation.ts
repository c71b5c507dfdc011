import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createTable('recipients')
    .addColumn('number', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('customer_number', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('NO'))
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('mobile', 'text')
    .addColumn('fax', 'text')
    .addColumn('web', 'text')
    .addColumn('org_form', 'text')
    .addColumn('org_icd', 'integer')
    .addColumn('org_number', 'text')
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_days', 'integer')
    .addColumn('attach_pdf', 'integer')
    .addColumn('default_shipment', 'text')
    .addColumn('auto_dunnings_enabled', 'integer')
    .addColumn('currency', 'text')
    .addColumn('your_reference', 'text')
    .addColumn('comment', 'text')
    .addColumn('ehf_capable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('efaktura', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avtalegiro', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recipients_deleted_name').on('recipients').columns(['deleted', 'sort_name', 'number']).execute();
  await db.schema.createIndex('recipients_org_number').on('recipients').column('org_number').execute();

  await db.schema.createTable('labels')
    .addColumn('number', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema.createTable('recipient_labels')
    .addColumn('recipient_number', 'integer', (c) => c.notNull().references('recipients.number').onDelete('cascade'))
    .addColumn('label_number', 'integer', (c) => c.notNull().references('labels.number').onDelete('cascade'))
    .addPrimaryKeyConstraint('recipient_labels_pk', ['recipient_number', 'label_number'])
    .execute();
  await db.schema.createIndex('recipient_labels_label').on('recipient_labels').columns(['label_number', 'recipient_number']).execute();

  await db.schema.createTable('custom_fields')
    .addColumn('number', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('options', 'text')
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createTable('recipient_custom_values')
    .addColumn('recipient_number', 'integer', (c) => c.notNull().references('recipients.number').onDelete('cascade'))
    .addColumn('field_number', 'integer', (c) => c.notNull().references('custom_fields.number').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recipient_custom_values_pk', ['recipient_number', 'field_number'])
    .execute();

  await db.schema.createTable('exchange_rates')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('rate_micro', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('exchange_rates_pk', ['currency', 'date'])
    .execute();

  await db.schema.createTable('audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();

  // Last known rates so that currencies work offline from the first start; the user edits them in Settings.
  const rates: Array<[string, number]> = [['NOK', 1], ['EUR', 11.7], ['USD', 10.1], ['SEK', 1.0], ['DKK', 1.57], ['GBP', 13.4]];
  for (const [currency, rate] of rates) {
    await sql`insert into exchange_rates (currency, date, rate_micro) values (${currency}, ${'2026-01-01'}, ${Math.round(rate * 1e6)})`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
