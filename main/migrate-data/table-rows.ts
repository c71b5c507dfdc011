/**
 * Reading a whole table in chunks, in one canonical order that both databases agree on (primary key; text byte-wise),
 * and the checksum over it. Used for the copy (memory stays flat: one chunk at a time) and for the comparison after it.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { orderKey, type TableInfo } from '../../db/dialect.js';

/** The columns that order the table: its primary key (every Kvitt table has one), else all columns. */
const keyOf = (t: TableInfo) => (t.primaryKey.length ? t.primaryKey : t.columns.map((c) => c.name));
const isText = (t: TableInfo, column: string) => t.columns.find((c) => c.name === column)?.text ?? false;

/**
 * The rows of `t` in key order, `chunk` at a time. An all-integer key is paged by keyset (`(k…) > (last…)`, an index
 * range on both databases); other keys (short reference tables keyed by text) by offset.
 */
export async function* tableChunks(db: Kysely<any>, t: TableInfo, chunk: number): AsyncGenerator<Record<string, unknown>[]> {
  const key = keyOf(t);
  const order = sql.join(key.map((c) => sql`${orderKey(db, c, isText(t, c))} nulls first`));
  const keyset = t.primaryKey.length > 0 && key.every((c) => !isText(t, c));
  let last: unknown[] | null = null;
  for (let offset = 0; ; offset += chunk) {
    const where: RawBuilder<unknown> = keyset && last ? sql`where (${sql.join(key.map((c) => sql.ref(c)))}) > (${sql.join(last)})` : sql``;
    const page = keyset ? sql`` : sql`offset ${offset}`;
    const rows: Record<string, unknown>[] = (await sql<Record<string, unknown>>`select * from ${sql.table(t.name)} ${where} order by ${order} limit ${chunk} ${page}`.execute(db)).rows;
    if (rows.length) yield rows;
    if (rows.length < chunk) return;
    if (keyset) last = key.map((c) => rows[rows.length - 1]![c]);
  }
}

/**
 * One value as both databases give it back: integers as numbers (PostgreSQL's bigint arrives as a number through the
 * pool's type parser, a bigint only beyond 2^53), booleans as 1/0 (SQLite has none), bytes as hex, text as it is.
 */
function canonical(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') return v;
  if (Buffer.isBuffer(v)) return { hex: v.toString('hex') };
  if (v instanceof Date) return v.toISOString();
  return v;
}

/** A running checksum over rows fed in canonical order: SHA-256 of one JSON array per row, columns by name. */
export class TableChecksum {
  readonly #hash = createHash('sha256');
  readonly #columns: string[];
  rows = 0;
  constructor(t: TableInfo) {
    this.#columns = t.columns.map((c) => c.name).sort();
  }
  add(rows: Record<string, unknown>[]): void {
    for (const r of rows) {
      this.#hash.update(JSON.stringify(this.#columns.map((c) => canonical(r[c]))) + '\n');
      this.rows++;
    }
  }
  digest(): string {
    return this.#hash.digest('hex').slice(0, 16);
  }
}

/** Row count and checksum of a whole table. */
export async function tableSum(db: Kysely<any>, t: TableInfo, chunk = 2000): Promise<{ rows: number; checksum: string }> {
  const sum = new TableChecksum(t);
  for await (const rows of tableChunks(db, t, chunk)) sum.add(rows);
  return { rows: sum.rows, checksum: sum.digest() };
}
