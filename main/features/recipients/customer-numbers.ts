/**
 * A new customer without a customer number gets the next free one, as in every invoicing app: one above the highest
 * all-digit customer number, and never below Settings → Fakturering → first customer number (invoicing.firstCustomerNumber).
 * Customer numbers stay free text (spec 2.1): numbers like "K-100" are kept and simply not counted.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { isAllDigits } from '../../../db/dialect.js';

/** The highest all-digit customer number, or 0. The digits test is dialect-specific: db/dialect.ts isAllDigits. */
async function highestNumeric(trx: Kysely<Database>): Promise<number> {
  const r = await trx
    .selectFrom('recipients')
    .select(sql<number | null>`max(cast(customer_number as bigint))`.as('n'))
    .where(sql<boolean>`${isAllDigits(trx, 'customer_number')} and length(customer_number) <= 15`)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** `count` free customer numbers in order (as text). */
export async function nextCustomerNumbers(trx: Kysely<Database>, count: number, first: number): Promise<string[]> {
  if (count === 0) return [];
  const start = Math.max(first, (await highestNumeric(trx)) + 1);
  return Array.from({ length: count }, (_, i) => String(start + i));
}
