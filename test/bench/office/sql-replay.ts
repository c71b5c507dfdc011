/**
 * "The same SQL run directly on that database": the statements Kvitt sends to the driver while it answers one request
 * are recorded (better-sqlite3's Statement methods, pg's Client.query), then replayed straight on a connection of the
 * same database — better-sqlite3 prepared statements, or pg named prepared statements ({name, text, values}) — with no
 * HTTP, validation, Kysely or JSON around them. Only for benchmarks.
 */
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { parsePostgresUrl } from '../../../db/connection.js';

export interface Statement {
  sql: string;
  params: unknown[];
}

let recording: Statement[] | null = null;

/** Patches both drivers once: while `record` runs, every statement is kept. */
function patch() {
  const probe = new SqliteDatabase(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown> & { __kvittRecorded?: true };
  probe.close();
  if (proto.__kvittRecorded) return;
  proto.__kvittRecorded = true;
  for (const m of ['all', 'get', 'run', 'iterate']) {
    const orig = proto[m]!;
    proto[m] = function (this: { source: string }, ...args: unknown[]) {
      // a copy: a caller may reuse one parameter array for every row (insertRowsFast)
      recording?.push({ sql: this.source, params: args.length === 1 && Array.isArray(args[0]) ? [...(args[0] as unknown[])] : [...args] });
      return orig.apply(this, args);
    };
  }
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [text, values] = args;
    if (recording && typeof text === 'string') recording.push({ sql: text, params: [...((values as unknown[]) ?? [])] });
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

export async function record<T>(run: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  patch();
  recording = [];
  try {
    const result = await run();
    return { result, statements: recording };
  } finally {
    recording = null;
  }
}

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)/i;

/** A direct connection that replays statements: `replay(list)` runs them in order (in one transaction when `tx`). */
export interface Direct {
  replay(statements: Statement[], opts?: { tx?: 'commit' | 'rollback' }): Promise<void>;
  close(): Promise<void>;
}

export function directSqlite(file: string): Direct {
  const raw = new SqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = FULL');
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    async replay(statements, opts = {}) {
      const runAll = () => {
        for (const s of statements) {
          if (CONTROL.test(s.sql)) continue;
          let st = cache.get(s.sql);
          if (!st) cache.set(s.sql, (st = raw.prepare(s.sql)));
          if (st.reader) st.all(s.params);
          else st.run(s.params);
        }
      };
      if (!opts.tx) return runAll();
      raw.exec('begin');
      try {
        runAll();
      } finally {
        raw.exec(opts.tx);
      }
    },
    async close() {
      raw.close();
    },
  };
}

export async function directPostgres(url: string): Promise<Direct> {
  const { connectionString, schema } = parsePostgresUrl(url);
  const client = new pg.Client({ connectionString, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  await client.connect();
  const names = new Map<string, string>();
  const q = (s: Statement) => {
    let name = names.get(s.sql);
    if (!name) names.set(s.sql, (name = `kvitt_bench_${names.size}`));
    return client.query({ name, text: s.sql, values: s.params });
  };
  return {
    async replay(statements, opts = {}) {
      if (opts.tx) await client.query('begin');
      try {
        for (const s of statements) if (!CONTROL.test(s.sql)) await q(s);
      } finally {
        if (opts.tx) await client.query(opts.tx);
      }
    },
    async close() {
      await client.end();
    },
  };
}
