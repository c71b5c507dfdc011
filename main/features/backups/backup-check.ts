/**
 * The full check of a file in the backups folder before Kvitt offers what it holds or restores it: a plain file (never a
 * link, never a folder), a SQLite database with Kvitt's migrations, which, brought up to this version on a scratch copy,
 * has every table, column and trigger this version has, and whose JSON (settings, document snapshots) parses. Anything else is a
 * 409 with the reason; nothing in the backups folder can make inspect or restore answer 500.
 */
import SqliteDatabase from 'better-sqlite3';
import { copyFileSync, lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { migrateToLatest, migrations } from '../../../db/migrate.js';
import { notFound, OpError } from '../../ops/errors.js';

/** 409 NOT_A_KVITT_BACKUP: the file cannot be used as a backup, and why. */
export const unusable = (file: string, why: string) => new OpError('NOT_A_KVITT_BACKUP', `${file} cannot be used as a backup: ${why}`, [], { file });

const binding = () => (process.env.KVITT_SQLITE_BINDING ? { nativeBinding: process.env.KVITT_SQLITE_BINDING } : {});

/** The path of a plain file in the backups folder: a link or a folder is refused (never followed), a missing file is 404. */
export function plainFile(path: string, file: string): string {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    throw notFound('backup', { name: file });
  }
  if (st.isSymbolicLink()) throw unusable(file, 'it is a link, and Kvitt reads only files that are in the backups folder itself');
  if (!st.isFile()) throw unusable(file, 'it is not a file');
  return path;
}

type Tables = Map<string, Set<string>>;

const triggersOf = (raw: SqliteDatabase.Database) =>
  new Set((raw.prepare("select name from sqlite_master where type = 'trigger'").all() as Array<{ name: string }>).map((t) => t.name));

function tablesOf(raw: SqliteDatabase.Database): Tables {
  const out: Tables = new Map();
  const names = raw.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as Array<{ name: string }>;
  for (const { name } of names) {
    const cols = raw.prepare('select name from pragma_table_info(?)').all(name) as Array<{ name: string }>;
    out.set(name, new Set(cols.map((c) => c.name)));
  }
  return out;
}

/** The tables and columns of this version: a fresh database brought up to date, once per process. */
let expected: Promise<{ tables: Tables; triggers: Set<string> }> | null = null;
function expectedShape(): Promise<{ tables: Tables; triggers: Set<string> }> {
  expected ??= (async () => {
    const raw = new SqliteDatabase(':memory:', binding());
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
    try {
      await migrateToLatest(db);
      return { tables: tablesOf(raw), triggers: triggersOf(raw) };
    } finally {
      await db.destroy();
    }
  })();
  return expected;
}

/** Opens a SQLite file read-only; a file that is not one is BACKUP_UNUSABLE. */
function openSqlite(path: string, file: string): SqliteDatabase.Database {
  try {
    const raw = new SqliteDatabase(path, { readonly: true, fileMustExist: true, ...binding() });
    raw.prepare('select count(*) from sqlite_master').get();
    return raw;
  } catch (err) {
    throw unusable(file, `it is not a SQLite database (${(err as Error).message})`);
  }
}

/** Fails with the first reason the database is not a usable Kvitt database of this version's shape. */
async function checkShape(raw: SqliteDatabase.Database, file: string): Promise<void> {
  const want = await expectedShape();
  const have = tablesOf(raw);
  for (const [table, cols] of want.tables) {
    const got = have.get(table);
    if (!got) throw unusable(file, `it has no table ${table}`);
    for (const c of cols) if (!got.has(c)) throw unusable(file, `table ${table} has no column ${c}`);
  }
  const triggers = triggersOf(raw);
  for (const t of want.triggers) if (!triggers.has(t)) throw unusable(file, `it has no trigger ${t} (issued documents would not be protected)`);
  const badSettings = raw.prepare('select key from settings where json_valid(value) = 0 limit 1').get() as { key: string } | undefined;
  if (badSettings) throw unusable(file, `the setting ${badSettings.key} is not valid JSON`);
  const badDoc = raw
    .prepare('select id from documents where json_valid(recipient_snapshot) = 0 or (originator_snapshot is not null and json_valid(originator_snapshot) = 0) limit 1')
    .get() as { id: number } | undefined;
  if (badDoc) throw unusable(file, `document ${badDoc.id} holds a recipient or originator that is not valid JSON`);
}

/**
 * Checks a backup fully (see the file comment). `newerVersion` copies (migrations this version does not know) are left to
 * the caller, which refuses to restore them. Returns the migration names the copy has applied.
 */
export async function checkBackup(path: string, file: string): Promise<{ applied: string[]; intact: boolean }> {
  plainFile(path, file);
  const raw = openSqlite(path, file);
  let applied: string[];
  let intact: boolean;
  try {
    try {
      intact = (raw.pragma('integrity_check', { simple: true }) as string) === 'ok';
    } catch (err) {
      throw unusable(file, `SQLite cannot read it (${(err as Error).message})`);
    }
    const tables = tablesOf(raw);
    if (!tables.has('kysely_migration') || !tables.get('kysely_migration')!.has('name')) throw unusable(file, 'it is not a Kvitt database (no migrations)');
    applied = (raw.prepare('select name from kysely_migration').all() as Array<{ name: unknown }>).map((r) => String(r.name));
    if (!applied.includes('0001_foundation')) throw unusable(file, 'it is not a Kvitt database (no foundation migration)');
  } finally {
    raw.close();
  }
  if (!intact || applied.some((name) => !(name in migrations))) return { applied, intact };
  // Brought up to this version on a scratch copy, as a restore would: then every table and column must be there.
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-backup-check-'));
  try {
    const scratch = join(dir, 'copy.sqlite');
    copyFileSync(path, scratch);
    const rawCopy = new SqliteDatabase(scratch, { fileMustExist: true, ...binding() });
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: rawCopy }) });
    try {
      try {
        await migrateToLatest(db);
      } catch (err) {
        throw unusable(file, `it cannot be brought up to this version of Kvitt (${(err as Error).message})`);
      }
      await checkShape(rawCopy, file);
    } finally {
      await db.destroy();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { applied, intact };
}
