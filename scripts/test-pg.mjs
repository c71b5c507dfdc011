#!/usr/bin/env node
// `npm run test:pg`: the whole unit/integration suite again on PostgreSQL (vitest.pg.config.ts), each test server in a
// fresh schema of the database at KVITT_TEST_PG_URL (or KVITT_TEST_DATABASE). CI (.ci/run) always sets it; without a URL
// the run is skipped with a message, never silently.
import { spawnSync } from 'node:child_process';

const url = process.env.KVITT_TEST_PG_URL || process.env.KVITT_TEST_DATABASE;
if (!url || !/^postgres(ql)?:\/\//i.test(url)) {
  console.log('test:pg SKIPPED: no PostgreSQL URL. Set KVITT_TEST_PG_URL=postgres://user@host:port/db to run the suite on PostgreSQL too (.ci/run does).');
  process.exit(0);
}
const args = ['vitest', 'run', '--config', 'vitest.pg.config.ts', ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, KVITT_TEST_DATABASE: url } });
process.exit(r.status ?? 1);
