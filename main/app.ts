import SqliteDatabase from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openDatabase, openPostgres, type OpenedDatabase } from '../db/connection.js';
import { isPostgresUrl } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { fileApiKeyStore } from './api-key.js';
import { sharedApiKeyStore } from './owner-key.js';
import { defaultDataDir } from './data-dir.js';
import { systemClock, type Clock } from './clock.js';
import type { AppContext } from './context.js';
import { startDailyBackups } from './features/backups/index.js';
import { OutboxSender } from './features/sending/index.js';
import { createPushBus } from './push/bus.js';
import { startDailyDunnings } from './features/dunnings/index.js';
import { startRecurringRuns } from './features/recurring/index.js';
import { acquireLock, checkWritable, damagedMessage, StartupError } from './startup.js';
import { isMainThread } from 'node:worker_threads';
import { runEhfChecksWith } from './features/documents/core.js';
import { registerWorkerPorts, runTask } from './workers/index.js';
import { RULE_HUB_PORT } from './render/ehf/rules/rule-hub.js';
import { ruleThreadsPort } from './render/ehf/rules/rule-thread.js';
import './task-table.js'; // the pool's value tasks, registered for the calling thread
import './registrations.js'; // what lower areas need from higher ones: the dunnings' sent letters, the key renewal's session end

// The official EHF check (docs/ehf-validation.md) runs in the worker pool, off the API's thread; a worker checks in place,
// its rule sets in the one pair of rule threads of the process, which this thread owns (each worker gets a port to them).
if (isMainThread) {
  runEhfChecksWith((xml) => runTask('ehf.validate', xml));
  registerWorkerPorts(() => ({ [RULE_HUB_PORT]: ruleThreadsPort() }));
}

export interface OpenedApp {
  ctx: AppContext;
  database: OpenedDatabase;
  close(): Promise<void>;
}

/**
 * Opens the database file (creating folder and schema as needed) and builds the service context. Before anything is
 * written: the data folder must be writable, no other Kvitt may hold the file, and the file must pass SQLite's
 * integrity check; otherwise a StartupError says what to do. `dailyBackups` starts the rolling automatic backups,
 * `sender` the background sender of the outbox.
 */
export async function openApp(opts: {
  dbFile: string;
  clock?: Clock;
  apiKey?: string;
  dailyBackups?: boolean;
  sender?: boolean;
  dailyDunnings?: boolean;
  recurringRuns?: boolean;
  /** With dbFile `:memory:`: start from this serialized SQLite database (openDatabase's `image`; tests: a migrated one). */
  sqliteImage?: Buffer;
}): Promise<OpenedApp> {
  // Office mode: a postgres:// URL instead of a file (no folder, lock, integrity check or file backups: PostgreSQL's own).
  const postgres = isPostgresUrl(opts.dbFile);
  const inMemory = opts.dbFile === ':memory:' || postgres;
  const dataDir = inMemory ? null : dirname(opts.dbFile);
  let release = () => {};
  if (dataDir) {
    try {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    } catch {
      /* checkWritable says why */
    }
    checkWritable(dataDir);
    release = acquireLock(opts.dbFile);
  }
  let database: OpenedDatabase;
  try {
    database = postgres ? await openPostgres(opts.dbFile) : openDatabase(opts.dbFile, { reader: true, image: opts.sqliteImage });
    if (!inMemory) {
      const result = database.raw.pragma('integrity_check', { simple: true }) as string;
      if (result !== 'ok') {
        database.raw.close();
        throw new StartupError(damagedMessage(opts.dbFile, `SQLite's integrity check reports "${result}"`));
      }
    }
    await migrateToLatest(database.db);
  } catch (err) {
    release();
    if (err instanceof StartupError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw new StartupError(damagedMessage(opts.dbFile, (err as Error).message));
    throw err;
  }
  const clock = opts.clock ?? systemClock(process.env.KVITT_TODAY || undefined);
  // Office mode without KVITT_API_KEY: one owner key for every process on the database (main/owner-key.ts).
  const override = opts.apiKey ?? (process.env.KVITT_API_KEY || undefined);
  const binding = process.env.KVITT_SQLITE_BINDING;
  const ctx: AppContext = {
    db: database.db,
    readDb: database.readDb,
    clock,
    dataDir,
    dbTarget: opts.dbFile === ':memory:' ? undefined : opts.dbFile,
    push: createPushBus(),
    apiKeys: postgres && !override ? await sharedApiKeyStore(database.db, join(defaultDataDir(), 'api-key')) : fileApiKeyStore(dataDir, override),
    backupTo: inMemory ? undefined : async (file) => void (await database.raw.backup(file)),
    restoreFrom: inMemory
      ? undefined
      : async (file) => {
          // The backup is copied into the open file by SQLite's online backup (the live connection stays open and sees
          // the new content), while this connection is held so no other operation runs in between.
          await database.db.connection().execute(async () => {
            const source = new SqliteDatabase(file, { readonly: true, fileMustExist: true, ...(binding ? { nativeBinding: binding } : {}) });
            try {
              await source.backup(opts.dbFile);
            } finally {
              source.close();
            }
          });
          await migrateToLatest(database.db);
        },
  };
  const stopBackups = opts.dailyBackups && !inMemory ? startDailyBackups(ctx) : async () => {};
  // The background sender works the outbox while the app runs (main/features/sending).
  const sender = opts.sender ? new OutboxSender(ctx) : null;
  sender?.start();
  // The automatic dunning run once a day while the app runs, when Settings → Purring has it on (main/features/dunnings).
  const stopDunnings = opts.dailyDunnings ? startDailyDunnings(ctx) : async () => {};
  // Recurring invoices due up to today, at start and every hour (main/features/recurring, docs/recurring.md).
  const stopRecurring = opts.recurringRuns ? startRecurringRuns(ctx) : async () => {};
  return {
    ctx,
    database,
    close: async () => {
      await stopRecurring();
      await stopDunnings();
      await sender?.stop();
      await stopBackups();
      await database.close();
      release();
    },
  };
}
