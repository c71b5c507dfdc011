import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DatabaseIntrospector } from 'kysely';
import { dialectOf, tableNames } from './dialect.js';
import type { Db } from './connection.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_documents.js';
import * as m0003 from './migrations/0003_invoice_list_index.js';
import * as m0004 from './migrations/0004_sending.js';
import * as m0005 from './migrations/0005_dunnings.js';
import * as m0006 from './migrations/0006_events.js';
import * as m0007 from './migrations/0007_first_hour.js';
import * as m0009 from './migrations/0009_overview.js';
import * as m0011 from './migrations/0011_users.js';
import * as m0012 from './migrations/0012_signup_challenges.js';
import * as m0013 from './migrations/0013_customer_number_index.js';
import * as m0014 from './migrations/0014_event_seats_taken.js';
import * as m0015 from './migrations/0015_outbox_error_code.js';
import * as m0016 from './migrations/0016_leases.js';
import * as m0017 from './migrations/0017_sessions.js';
import * as m0019 from './migrations/0019_interest_history.js';
import * as m0020 from './migrations/0020_bank_files.js';
import * as m0023 from './migrations/0023_first_day.js';
import * as m0021 from './migrations/0021_recurring.js';
import * as m0022 from './migrations/0022_product_sales_account.js';
import * as m0026 from './migrations/0026_series_dates.js';
import * as m0028 from './migrations/0028_fee_refusal_codes.js';
import * as m0025 from './migrations/0025_journal_order.js';
import * as m0024 from './migrations/0024_signup_pow.js';
import * as m0030 from './migrations/0030_outbox_address_index.js';

/** Append-only, in code, so the packaged app carries its migrations without a folder on disk. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_documents': m0002,
  '0003_invoice_list_index': m0003,
  '0004_sending': m0004,
  '0005_dunnings': m0005,
  '0006_events': m0006,
  '0007_first_hour': m0007,
  '0009_overview': m0009,
  '0011_users': m0011,
  '0012_signup_challenges': m0012,
  '0013_customer_number_index': m0013,
  '0014_event_seats_taken': m0014,
  '0015_outbox_error_code': m0015,
  '0016_leases': m0016,
  '0017_sessions': m0017,
  '0019_interest_history': m0019,
  '0020_bank_files': m0020,
  '0023_first_day': m0023,
  '0021_recurring': m0021,
  '0022_product_sales_account': m0022,
  '0026_series_dates': m0026,
  '0028_fee_refusal_codes': m0028,
  '0025_journal_order': m0025,
  '0024_signup_pow': m0024,
  '0030_outbox_address_index': m0030,
};

/** Every migration's name (what a fresh database runs). */
export const migrationNames = (): string[] => Object.keys(migrations);

class InCodeProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/**
 * The migrator only asks which schemas and tables exist: it is answered from the catalog (tableNames), not by Kysely's
 * introspector, which fails while another schema on the same server is being migrated (test/db/migrate-parallel).
 */
function withCatalogNames(db: Db): Db {
  // A Kysely of its own (the same connection and plugins) whose introspection is ours; `db` itself is left as it is.
  const mdb = db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => (await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(mdb)).rows,
    getTables: async () => (await tableNames(mdb)).map((t) => ({ ...t, isView: false, isForeign: false, columns: [] })),
  };
  Object.defineProperty(mdb, 'introspection', { value: introspection });
  return mdb;
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  // PostgreSQL: Kysely's bookkeeping tables in the schema the connection works in (search_path), named explicitly:
  // Kysely looks for them across all schemas, and another schema's tables must not count (tests: one schema each).
  const schema =
    dialectOf(db) === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  // Numbers are handed out to work landing in parallel (0019 may land before 0017): a database that already ran a later
  // one runs the earlier one when it arrives, instead of refusing to start. Each migration stands alone.
  const migrator = new Migrator({
    db: schema ? withCatalogNames(db) : db,
    provider: new InCodeProvider(),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
