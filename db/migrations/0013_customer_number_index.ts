import { sql, type Kysely } from 'kysely';
import { isAllDigits } from '../dialect.js';

/**
 * The next free customer number (main/features/recipients/customer-numbers.ts) is one above the highest all-digit
 * customer number. Without an index that took a scan of every recipient per new customer (0.6 ms at 1,000 recipients,
 * growing with the register; every event signup on a paid event creates one). A partial expression index over exactly
 * the numbers that count makes it one index lookup (the last entry) on SQLite and PostgreSQL. The query repeats this
 * predicate and expression word for word (a planner uses a partial index only when the query's WHERE names its terms);
 * the 15 is literal text on both sides, not a bound parameter, for the same reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index recipients_numeric_customer_number on recipients ((cast(customer_number as bigint))) where ${isAllDigits(db, 'customer_number')} and length(customer_number) <= 15`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Kvitt migrations are append-only');
}
