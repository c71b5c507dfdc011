/**
 * `kvitt migrate-data`: copies a company's whole database between SQLite and PostgreSQL (either way).
 *
 * - Every Kvitt table (from each database's own catalog, db/dialect.ts describeTables) in foreign-key order, each in
 *   primary-key order (rows referring to an earlier row of their own table, like a credit note to its invoice, come
 *   after it), a chunk at a time, so memory stays flat however long the tables are.
 * - The target must be empty: migrated to the same schema and holding nothing but what the migrations themselves put
 *   there (exchange and interest rate tables); otherwise nothing is written. Those migration rows are replaced by the
 *   source's.
 * - All of it in one transaction on the target, read from one snapshot of the source (repeatable read on PostgreSQL,
 *   one read transaction on SQLite). The immutability triggers of issued documents, dunnings and ledger entries refuse
 *   UPDATE and DELETE only: the copy only INSERTs, so it passes them without switching anything off.
 * - Key counters (PostgreSQL identity sequences, SQLite's sqlite_sequence) continue after the copied keys.
 * - Then each table's row count and checksum (table-rows.ts, the same canonical form on both) are compared, still inside
 *   the transaction: a mismatch rolls the whole copy back.
 */
import type { Kysely } from 'kysely';
import { openDatabase } from '../../db/connection.js';
import { deferForeignKeys, describeTables, keyCounter, setKeyCounter, type TableInfo } from '../../db/dialect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { TableChecksum, tableChunks, tableSum } from './table-rows.js';

export interface TableReport {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

/** The refusal of a target that holds data: nothing was written. */
export class TargetNotEmpty extends Error {}
/** Counts or checksums differ after the copy: it was rolled back. */
export class CopyMismatch extends Error {
  constructor(readonly tables: TableReport[]) {
    super('the copy does not match the source (counts or checksums differ); it was rolled back, nothing was written');
  }
}

/** Tables so that each comes after every table it refers to (a reference to itself is kept by primary-key order). */
export function copyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (t: TableInfo, path: string[]) => {
    if (done.has(t.name)) return;
    if (path.includes(t.name)) throw new Error(`foreign keys form a cycle: ${[...path, t.name].join(' → ')}`);
    for (const ref of t.references) if (ref !== t.name && byName.has(ref)) visit(byName.get(ref)!, [...path, t.name]);
    done.add(t.name);
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t, []);
  return out;
}

/** Row counts and checksums of a freshly migrated database: what "empty" holds (the migrations' own reference rows). */
async function freshlyMigrated(tables: TableInfo[]): Promise<Map<string, { rows: number; checksum: string }>> {
  const fresh = openDatabase(':memory:');
  try {
    await migrateToLatest(fresh.db);
    const sums = new Map<string, { rows: number; checksum: string }>();
    for (const t of tables) sums.set(t.name, await tableSum(fresh.db, t));
    return sums;
  } finally {
    await fresh.close();
  }
}

function sameSchema(source: TableInfo[], target: TableInfo[]): string | null {
  const tgt = new Map(target.map((t) => [t.name, t]));
  for (const s of source) {
    const t = tgt.get(s.name);
    if (!t) return `the target has no table ${s.name}`;
    const cols = (x: TableInfo) => x.columns.map((c) => c.name).sort().join(',');
    if (cols(s) !== cols(t)) return `table ${s.name} has other columns in the target (${cols(t)}) than in the source (${cols(s)})`;
  }
  const extra = target.filter((t) => !source.some((s) => s.name === t.name));
  return extra.length ? `the target has tables the source lacks: ${extra.map((t) => t.name).join(', ')}` : null;
}

/** Rows per INSERT: below both databases' limit on parameters (SQLite 32,766; PostgreSQL 65,535). */
const rowsPerInsert = (t: TableInfo) => Math.max(1, Math.min(1000, Math.floor(30_000 / t.columns.length)));

export async function migrateData(
  source: Kysely<any>,
  target: Kysely<any>,
  opts: { chunk?: number; progress?: (line: string) => void } = {},
): Promise<TableReport[]> {
  const chunk = opts.chunk ?? 5000;
  const progress = opts.progress ?? (() => {});
  const tables = copyOrder(await describeTables(source));
  const differs = sameSchema(tables, await describeTables(target));
  if (differs) throw new Error(`source and target schemas differ: ${differs}`);
  const fresh = await freshlyMigrated(tables);

  return source
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((src) =>
      target.transaction().execute(async (tx) => {
        await deferForeignKeys(tx);
        const holding: string[] = [];
        for (const t of tables) {
          const now = await tableSum(tx, t);
          const empty = fresh.get(t.name)!;
          if (now.rows !== empty.rows || now.checksum !== empty.checksum) holding.push(`${t.name} (${now.rows} rows)`);
        }
        if (holding.length) {
          throw new TargetNotEmpty(`the target database is not empty: ${holding.join(', ')}. migrate-data only copies into an empty database (migrated, no rows); nothing was written`);
        }
        for (const t of [...tables].reverse()) if (fresh.get(t.name)!.rows > 0) await tx.deleteFrom(t.name).execute();

        const sums = new Map<string, TableChecksum>();
        for (const t of tables) {
          const sum = new TableChecksum(t);
          sums.set(t.name, sum);
          const started = Date.now();
          let shown = started;
          for await (const rows of tableChunks(src, t, chunk)) {
            sum.add(rows);
            const per = rowsPerInsert(t);
            for (let i = 0; i < rows.length; i += per) await tx.insertInto(t.name).values(rows.slice(i, i + per)).execute();
            if (Date.now() - shown > 1000) {
              shown = Date.now();
              progress(`  ${t.name}: ${sum.rows.toLocaleString('en')} rows copied…`);
            }
          }
          if (shown !== started) progress(`  ${t.name}: ${sum.rows.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
        for (const t of tables) {
          if (t.primaryKey.length !== 1 || t.columns.find((c) => c.name === t.primaryKey[0])?.text) continue;
          await setKeyCounter(tx, t.name, t.primaryKey[0]!, await keyCounter(src, t.name, t.primaryKey[0]!));
        }

        const report: TableReport[] = [];
        for (const t of tables) {
          const s = sums.get(t.name)!;
          const copied = await tableSum(tx, t);
          const sourceChecksum = s.digest();
          report.push({
            table: t.name,
            sourceRows: s.rows,
            targetRows: copied.rows,
            sourceChecksum,
            targetChecksum: copied.checksum,
            ok: s.rows === copied.rows && sourceChecksum === copied.checksum,
          });
        }
        if (report.some((r) => !r.ok)) throw new CopyMismatch(report);
        return report;
      }),
    );
}
