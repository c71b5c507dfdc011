import type { Kysely } from 'kysely';

/**
 * A product may name its own sales account (issue 27, accounting): `products.sales_account`, a 4-digit account of the
 * standard chart of accounts in class 3, or null for the account of its VAT code (Settings → Regnskap). The SAF-T
 * file posts the product's lines there. Portable DDL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('sales_account', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
