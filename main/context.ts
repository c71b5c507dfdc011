import type { Db } from '../db/connection.js';
import type { Clock } from './clock.js';
import type { PushBus } from './push/bus.js';

export type Role = 'owner' | 'bookkeeper';

/**
 * Who an HTTP request acts as: a user of the users table, or the owner through the original API key / login link.
 * Declared here (not in features/users/actor.ts, which re-exports it) so the context, and with it the ops toolkit,
 * imports nothing from the features.
 */
export interface Actor {
  /** users.id; null for the original API key and the login link (the owner of the desktop/loopback case). */
  id: number | null;
  name: string;
  role: Role;
  /** The browser session the request came with (sessions table), absent for a key. */
  sessionId?: number;
}

/**
 * Where the owner API key lives: a file in the data folder (main/api-key.ts), or on a PostgreSQL database the file
 * plus its SHA-256 in the database, which every server process on it checks (main/owner-key.ts).
 */
export interface ApiKeyStore {
  /** The key as this process knows it ('' when it knows only the hash: office mode, the key made on another machine). */
  get(): string;
  regenerate(): string | Promise<string>;
  /** Office mode: whether `presented` is the owner key as the database holds it now. Absent: compare with get(). */
  verify?(presented: string): Promise<boolean>;
  /** Office mode: the current key when this machine's file holds it, else null (for settings.getApiKey). */
  read?(): Promise<string | null>;
  /** Where the key is, for the start-up message. */
  where?(): string;
}

/** Everything a service needs, passed in; nothing is global. */
export interface AppContext {
  db: Db;
  /**
   * SQLite file: a read-only connection beside `db` (WAL: its reads see the last commit and do not wait for a write
   * transaction in progress, such as a large bank import). runOp runs GET operations on it; absent in memory and on
   * PostgreSQL, whose pool reads concurrently anyway.
   */
  readDb?: Db;
  clock: Clock;
  /** Folder that holds the database, the API key and backups; null for in-memory test databases. */
  dataDir: string | null;
  /** The SQLite file or PostgreSQL URL, for a worker thread that opens its own connection (reports); absent in memory. */
  dbTarget?: string;
  apiKeys?: ApiKeyStore;
  /** Writes a consistent online copy of the database to `file` (SQLite backup API). */
  backupTo?: (file: string) => Promise<void>;
  /** Replaces the open database's content with the backup at `file` (SQLite backup API) and migrates it. */
  restoreFrom?: (file: string) => Promise<void>;
  /** Who the operation runs for (office server: a user, or the owner through the API key); absent over IPC. */
  actor?: Actor;
  /** Where services publish what changes by itself (shipment status, job progress) for the GUI (main/push/bus.ts). */
  push?: PushBus;
  /** Office server with a public listener (main/office-server/public-listener.ts): the address outsiders sign up at. */
  publicSignupUrl?: string;
  /**
   * Test seams, set by a test on its own server's context (so two servers in one process never share one); absent in
   * the app. `afterBankImportChunk` is awaited after each chunk of a bank import, inside its open transaction
   * (test/bank/read-during-import.test.ts holds an import open with it).
   */
  testHooks?: { afterBankImportChunk?: () => Promise<void> };
}
