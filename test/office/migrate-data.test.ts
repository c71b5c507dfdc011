/**
 * `kvitt migrate-data`: a seeded SQLite file → PostgreSQL → a new SQLite file, every table's count and checksum equal,
 * and the API on the migrated database answering like the source. On PostgreSQL (KVITT_TEST_DATABASE, `npm run
 * test:pg`) the middle is a fresh schema of that database; in the SQLite pass the middle is a second SQLite file, so the
 * same copy, refusal and argument checks run there too (the PostgreSQL leg then is what test:pg adds).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAnyDatabase } from '../../db/connection.js';
import { describeTables } from '../../db/dialect.js';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { runMigrateData } from '../../main/migrate-data/cli.js';
import { tableSum } from '../../main/migrate-data/table-rows.js';
import { seedAll } from '../../main/seed/seed.js';
import { onPostgres, testDatabase, type TestDatabase } from '../helpers/database.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

const TODAY = '2026-03-15';
const dir = mkdtempSync(join(tmpdir(), 'kvitt-migrate-'));
const sourceFile = join(dir, 'source.sqlite');
const backFile = join(dir, 'back.sqlite');
let middle: TestDatabase;
/** The middle as migrate-data takes it: the PostgreSQL URL (with its test schema) or sqlite:FILE. */
let middleArg: string;
let middleTarget: string;

const run = async (args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMigrateData(args, (l) => out.push(l), (l) => err.push(l));
  return { code, out: out.join('\n'), err: err.join('\n') };
};

/** Count and checksum of every table of a database (what migrate-data compares), read independently of the copy. */
async function sums(target: string): Promise<Record<string, string>> {
  const d = await openAnyDatabase(target);
  try {
    const out: Record<string, string> = {};
    for (const t of await describeTables(d.db)) {
      const s = await tableSum(d.db, t);
      out[t.name] = `${s.rows}:${s.checksum}`;
    }
    return out;
  } finally {
    await d.close();
  }
}

beforeAll(async () => {
  // The source: a SQLite file filled through the services on a fixed day, plus an office user and a dunning-free mix.
  const app = await openApp({ dbFile: sourceFile, clock: fixedClock(TODAY), apiKey: TEST_KEY });
  await seedAll(app.ctx, { seed: 3, recipients: 40, invoices: 160 });
  await app.close();
  middle = onPostgres() ? testDatabase() : { target: join(dir, 'middle.sqlite'), drop: async () => {} };
  middleTarget = middle.target;
  middleArg = onPostgres() ? middle.target : `sqlite:${middle.target}`;
}, 120_000);

afterAll(async () => {
  await middle?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`migrate-data (${onPostgres() ? 'SQLite → PostgreSQL → SQLite' : 'SQLite → SQLite → SQLite; the PostgreSQL leg runs in npm run test:pg'})`, () => {
  it('copies every table there and back with equal counts and checksums, printed per table', async () => {
    const there = await run(['--from', `sqlite:${sourceFile}`, '--to', middleArg, '--chunk', '50']);
    expect(there.err).toBe('');
    expect(there.code).toBe(0);
    expect(there.out).toMatch(/^documents\s+[\d,]+\s+[\d,]+\s+[0-9a-f]{16}\s+[0-9a-f]{16}\s+ok$/m);
    expect(there.out).toMatch(/All \d+ tables match/);
    expect(there.out).not.toMatch(/DIFFERENT/);

    const back = await run(['--from', middleArg, '--to', `sqlite:${backFile}`, '--chunk', '70']);
    expect(back.code).toBe(0);

    const [a, m, b] = [await sums(sourceFile), await sums(middleTarget), await sums(backFile)];
    expect(Object.keys(a).length).toBeGreaterThanOrEqual(20);
    expect(m).toEqual(a);
    expect(b).toEqual(a);
    expect(Number(a.documents!.split(':')[0])).toBeGreaterThan(160);
    expect(Number(a.ledger_entries!.split(':')[0])).toBeGreaterThan(50);
  }, 120_000);

  it('the API on the migrated database answers like the source, and new keys continue after the copied ones', async () => {
    const servers: TestServer[] = [];
    try {
      for (const dbFile of [sourceFile, middleTarget]) servers.push(await startTestServer({ today: TODAY, dbFile }));
      const paths = [
        '/invoices/?perPage=50',
        '/invoices/?perPage=50&page=3',
        '/invoices/due?perPage=50',
        '/recipients/?perPage=20',
        '/recipients/7',
        '/overview/invoices/summary',
        '/overview/sales-ledger/balance',
        '/invoices/sums',
      ];
      for (const path of paths) {
        const [src, dst] = [await servers[0]!.json(path), await servers[1]!.json(path)];
        expect(src.status, path).toBe(200);
        expect(dst.body, path).toEqual(src.body);
      }
      // Counters: the next recipient on the migrated database gets the source's next number, not a taken one.
      const next = await Promise.all(servers.map((s) => s.json('/recipients/', { body: { name: 'Ny Kunde AS', contact: { address: { address1: 'Gata 1', zip: '0150', city: 'OSLO' } } } })));
      expect(next[1]!.status).toBe(201);
      expect(next[1]!.body.number).toBe(next[0]!.body.number);
    } finally {
      for (const s of servers) await s.close();
    }
  }, 120_000);

  it('refuses a target that holds data, with a clear message, and writes nothing', async () => {
    const before = await sums(backFile);
    const again = await run(['--from', `sqlite:${sourceFile}`, '--to', `sqlite:${backFile}`]);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/target database is not empty: .*documents \(\d+ rows\).*nothing was written/);
    expect(await sums(backFile)).toEqual(before);
    // the migrated middle (PostgreSQL in test:pg) likewise
    const middleBefore = await sums(middleTarget);
    const intoMiddle = await run(['--from', `sqlite:${sourceFile}`, '--to', middleArg]);
    expect(intoMiddle.code).toBe(1);
    expect(intoMiddle.err).toMatch(/not empty: .*recipients \(\d+ rows\)/);
    expect(await sums(middleTarget)).toEqual(middleBefore);
  }, 60_000);

  it('bad arguments: the usage message and exit 2 (also from the npm script)', async () => {
    for (const args of [[], ['--from', 'source.sqlite', '--to', 'sqlite:x'], ['--from', `sqlite:${sourceFile}`], ['--from', 'sqlite:a', '--to', 'sqlite:a'], ['--from', 'sqlite:a', '--to', 'sqlite:b', '--chunk', '0'], ['--bogus']]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/usage: kvitt migrate-data --from sqlite:FILE --to postgres:/);
    }
    const missing = await run(['--from', `sqlite:${join(dir, 'nope.sqlite')}`, '--to', `sqlite:${join(dir, 'n2.sqlite')}`]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/nope\.sqlite does not exist/);
    const proc = spawnSync('npx', ['tsx', 'main/headless.ts', 'migrate-data', '--from', 'nothing'], { encoding: 'utf8' });
    expect(proc.status).toBe(2);
    expect(proc.stderr).toMatch(/--from must be sqlite:FILE or postgres:\/\/…\nusage: kvitt migrate-data/);
  }, 60_000);
});
