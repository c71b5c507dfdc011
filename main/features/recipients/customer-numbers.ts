/**
 * A new customer without a customer number gets the next free one, as in every invoicing app: one above the highest
 * all-digit customer number, and never below Settings → Fakturering → first customer number (invoicing.firstCustomerNumber).
 * Customer numbers stay free text (spec 2.1): numbers like "K-100" are kept and simply not counted.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { dialectOf, isAllDigits } from '../../../db/dialect.js';
import { prepared } from '../../../db/fast.js';
import type { TxCtx } from '../../ops/transaction.js';

/**
 * The highest all-digit customer number, or 0: the last entry of the partial expression index
 * recipients_numeric_customer_number (migration 0013), whose expression and predicate this query repeats word for word
 * so the planner takes it (one index lookup, not a scan of the register). The digits test is dialect-specific:
 * db/dialect.ts isAllDigits.
 *
 * The LIMIT is literal SQL (`limit 1`), not a bound parameter: SQLite's planner looks at a bound LIMIT's value, so a
 * statement with `limit ?` is prepared again every time the value is bound (better-sqlite3 binds on every run), which
 * made this one-entry read cost a parse and a plan each time (about 3x a primary-key read; it never visited a row).
 */
const highest = prepared((db) => {
  const numeric = sql<number>`cast(customer_number as bigint)`;
  return db
    .selectFrom('recipients')
    .select(numeric.as('n'))
    .where(sql<boolean>`${isAllDigits(db, 'customer_number')} and length(customer_number) <= 15`)
    .orderBy(numeric, 'desc')
    .limit(sql.lit(1));
});

async function highestNumeric(trx: Kysely<Database>): Promise<number> {
  const r = await highest.first(trx);
  return Number(r?.n ?? 0);
}

/**
 * Serialises the numbering until the caller's transaction ends: a row lock on number_series 'customer-number' (a lock
 * only; its next_number is not used). On PostgreSQL a concurrent creation waits here for the other's COMMIT and then
 * reads the highest number in a new statement, which sees the other's recipient (READ COMMITTED), so two creations never
 * take the same number (before, one of them failed on the unique customer number: 409). On SQLite `.forUpdate()` is a
 * no-op and the one writer already serialises. The row is created the first time, as documents.numbering does it.
 */
async function lockNumbering(tctx: TxCtx): Promise<void> {
  const trx = tctx.db;
  // Held until the transaction ends: a transaction that has it (a group-commit batch of signups) does not ask again.
  // A rollback to a savepoint forgets the memo (tx-memo.ts), so a lock taken after it is taken again.
  if (tctx.memo.has(LOCK_MEMO)) return;
  tctx.memo.set(LOCK_MEMO, true);
  const lock = () => numberingLock.first(trx);
  if (await lock()) return;
  await trx.insertInto('number_series').values({ series: 'customer-number', next_number: 0 }).onConflict((oc) => oc.column('series').doNothing()).execute();
  await lock();
}

const LOCK_MEMO = 'customer-number:lock';
/** The lock's read, compiled once (each group-commit batch of signups takes it). */
const numberingLock = prepared((db) => db.selectFrom('number_series').select('next_number').where('series', '=', 'customer-number').forUpdate());

/**
 * The highest all-digit customer number as this transaction last wrote it (rememberHighest), so a group-commit batch of
 * signups, each creating a recipient, looks it up once instead of once per member. SQLite only: there the transaction
 * is the one writer, so nothing else can add a number while it runs; on PostgreSQL another transaction can commit a
 * given number meanwhile (READ COMMITTED), so every call looks again. Every write of recipients.customer_number in
 * recipients.service.ts remembers or forgets it; a rollback to a savepoint forgets it (tx-memo.ts).
 */
const HIGHEST_MEMO = 'customer-number:highest';
const highestMemo = (tctx: TxCtx) => (dialectOf(tctx.db) === 'sqlite' ? tctx.memo : undefined);

/** `count` free customer numbers in order (as text), in the caller's transaction (the numbering is locked until it ends). */
export async function nextCustomerNumbers(tctx: TxCtx, count: number, first: number): Promise<string[]> {
  if (count === 0) return [];
  await lockNumbering(tctx);
  const known = highestMemo(tctx)?.get(HIGHEST_MEMO) as number | undefined;
  const start = Math.max(first, (known ?? (await highestNumeric(tctx.db))) + 1);
  return Array.from({ length: count }, (_, i) => String(start + i));
}

/**
 * After the caller wrote recipients: `highest` when the only customer numbers it wrote are ones nextCustomerNumbers
 * gave it in this transaction (the highest of them, at most 15 digits: the new highest of the register), else null
 * (a given number, a change, a deletion: the next call looks the highest up again).
 */
export function rememberHighest(tctx: TxCtx, highest: number | null): void {
  const memo = highestMemo(tctx);
  if (highest === null) memo?.delete(HIGHEST_MEMO);
  else memo?.set(HIGHEST_MEMO, highest); // above the highest before (nextCustomerNumbers starts above it): the new highest
}
