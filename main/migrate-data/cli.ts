/**
 * The command line of `kvitt migrate-data --from sqlite:FILE --to postgres://…` (or the other way round): opens both
 * ends (each migrated to this Kvitt's schema, as every start does), copies (copy.ts) and prints the table of row counts
 * and checksums. Exit 0 when every table matches, 1 when the copy was refused or failed (nothing written), 2 on bad
 * arguments.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, openPostgres, type OpenedDatabase } from '../../db/connection.js';
import { isPostgresUrl } from '../../db/dialect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { acquireLock } from '../startup.js';
import { CopyMismatch, migrateData, type TableReport } from './copy.js';

export const USAGE = `usage: kvitt migrate-data --from sqlite:FILE --to postgres://user@host:port/db   (or --from postgres://… --to sqlite:FILE)
  Copies every table into an empty target (migrated schema, no rows) in one transaction, then compares the row count and a
  checksum of each table. Exit 0 when all match. Options: --chunk N (rows read at a time, default 5000).`;

type End = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

function endOf(s: string | undefined): End | null {
  if (!s) return null;
  if (isPostgresUrl(s)) return { kind: 'postgres', url: s };
  const m = /^sqlite:(.+)$/i.exec(s);
  return m ? { kind: 'sqlite', file: resolve(m[1]!) } : null;
}
const shown = (e: End) => (e.kind === 'sqlite' ? `sqlite:${e.file}` : e.url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@'));

async function open(e: End, mustExist: boolean): Promise<OpenedDatabase & { release(): void }> {
  if (e.kind === 'postgres') {
    const d = await openPostgres(e.url, { max: 2 });
    await migrateToLatest(d.db);
    return { ...d, release: () => {} };
  }
  if (mustExist && !existsSync(e.file)) throw new Error(`${e.file} does not exist`);
  const release = acquireLock(e.file); // no Kvitt may write the file meanwhile
  try {
    const d = openDatabase(e.file);
    await migrateToLatest(d.db);
    return { ...d, release };
  } catch (err) {
    release();
    throw err;
  }
}

export function formatReport(tables: TableReport[]): string {
  const w = Math.max(5, ...tables.map((t) => t.table.length));
  const n = (x: number) => x.toLocaleString('en').padStart(11);
  const lines = [`${'table'.padEnd(w)}  ${'source rows'.padStart(11)}  ${'target rows'.padStart(11)}  source checksum   target checksum`];
  for (const t of tables) lines.push(`${t.table.padEnd(w)}  ${n(t.sourceRows)}  ${n(t.targetRows)}  ${t.sourceChecksum}  ${t.targetChecksum}  ${t.ok ? 'ok' : 'DIFFERENT'}`);
  return lines.join('\n');
}

/** Runs the command; returns the exit code. `print` takes each output line (stdout), `fail` the error lines. */
export async function runMigrateData(args: string[], print = console.log, fail = console.error): Promise<number> {
  let values: { from?: string; to?: string; chunk?: string };
  try {
    ({ values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' }, chunk: { type: 'string' } } }));
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const from = endOf(values.from);
  const to = endOf(values.to);
  const chunk = values.chunk === undefined ? 5000 : Number(values.chunk);
  const problem = !from
    ? '--from must be sqlite:FILE or postgres://…'
    : !to
      ? '--to must be sqlite:FILE or postgres://…'
      : shown(from) === shown(to)
        ? '--from and --to are the same database'
        : !Number.isInteger(chunk) || chunk < 1
          ? '--chunk must be a positive whole number'
          : null;
  if (problem) {
    fail(`${problem}\n${USAGE}`);
    return 2;
  }
  let source: Awaited<ReturnType<typeof open>> | undefined;
  let target: Awaited<ReturnType<typeof open>> | undefined;
  try {
    source = await open(from!, true);
    target = await open(to!, false);
    print(`Copying ${shown(from!)} → ${shown(to!)}`);
    const started = Date.now();
    const report = await migrateData(source.db, target.db, { chunk, progress: print });
    print(formatReport(report));
    const rows = report.reduce((s, t) => s + t.targetRows, 0);
    print(`All ${report.length} tables match (${rows.toLocaleString('en')} rows, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
    return 0;
  } catch (err) {
    if (err instanceof CopyMismatch) print(formatReport(err.tables));
    fail(`migrate-data: ${(err as Error).message}`);
    return 1;
  } finally {
    for (const end of [source, target]) {
      if (!end) continue;
      await end.close();
      end.release();
    }
  }
}
