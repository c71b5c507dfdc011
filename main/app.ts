import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDatabase, type OpenedDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { fileApiKeyStore } from './api-key.js';
import { systemClock, type Clock } from './clock.js';
import type { AppContext } from './context.js';

export interface OpenedApp {
  ctx: AppContext;
  database: OpenedDatabase;
  close(): Promise<void>;
}

/** Opens the database file (creating folder and schema as needed) and builds the service context. */
export async function openApp(opts: { dbFile: string; clock?: Clock; apiKey?: string }): Promise<OpenedApp> {
  const inMemory = opts.dbFile === ':memory:';
  const dataDir = inMemory ? null : dirname(opts.dbFile);
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const database = openDatabase(opts.dbFile);
  await migrateToLatest(database.db);
  const ctx: AppContext = {
    db: database.db,
    clock: opts.clock ?? systemClock(process.env.KVITT_TODAY || undefined),
    dataDir,
    apiKeys: fileApiKeyStore(dataDir, opts.apiKey ?? (process.env.KVITT_API_KEY || undefined)),
    backupTo: inMemory ? undefined : async (file) => void (await database.raw.backup(file)),
  };
  return { ctx, database, close: () => database.close() };
}
