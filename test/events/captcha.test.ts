import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DocServer } from '../helpers/documents.js';
import { onPostgres } from '../helpers/database.js';
import { startTestServer } from '../helpers/server.js';
import { createEvent, signup, signupBody, solvedCaptcha, startEventServer } from './setup.js';

// Issued captcha challenges live in the database (migration 0012): two servers on one database stand for a restart and
// for several office server processes; neither holds anything in memory the other needs.
process.env.KVITT_PUBLIC_RATE_LIMIT = '100000';
const dir = mkdtempSync(join(tmpdir(), 'kvitt-captcha-'));
let a: DocServer;
beforeAll(async () => {
  a = await startEventServer({ dbFile: onPostgres() ? undefined : join(dir, 'kvitt.db') });
});
afterAll(async () => {
  await a.close();
  rmSync(dir, { recursive: true, force: true });
});

const ask = solvedCaptcha;
const rows = async () => (await a.app.ctx.db.selectFrom('signup_challenges').select('token').execute()).length;

test('a token survives a restart of the server', async () => {
  const file = onPostgres() ? undefined : join(dir, 'restart.db');
  const first = await startEventServer({ dbFile: file });
  const ev = await createEvent(first, { signupCaptcha: true });
  const c = await ask(first, ev.id);
  expect(c.token).toMatch(/^[\w-]{22}$/);
  // SQLite: the first server closes (the file stays). PostgreSQL: closing would drop the test schema, so the new server
  // opens the same schema beside it, with nothing of the first one's memory.
  if (file) await first.close();
  const again = await startTestServer({ dbFile: file ?? first.target });
  try {
    const ok = await signup(again, ev.id, signupBody({ captcha: c }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const replay = await signup(again, ev.id, signupBody({ email: 'igjen@example.no', captcha: c }));
    expect(replay.status).toBe(400);
    expect(replay.body.fields.map((f: any) => f.field)).toEqual(['captcha']);
  } finally {
    await again.close();
    if (!file) await first.close();
  }
});

test.skipIf(!onPostgres())('office mode: two server processes on one database; a token is answered on either, once', async () => {
  const ev = await createEvent(a, { signupCaptcha: true });
  const b = await startTestServer({ dbFile: a.target });
  try {
    const c = await ask(a, ev.id);
    const [one, two] = await Promise.all([signup(b, ev.id, signupBody({ captcha: c })), signup(a, ev.id, signupBody({ email: 'to@example.no', captcha: c }))]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
    const c2 = await ask(b, ev.id);
    expect((await signup(a, ev.id, signupBody({ email: 'tre@example.no', captcha: c2 }))).status).toBe(200);
  } finally {
    await b.close();
  }
});

test('a wrong answer spends the token; a token is for its own event; expired tokens are refused and cleaned up', async () => {
  const ev = await createEvent(a, { signupCaptcha: true });
  const other = await createEvent(a, { signupCaptcha: true });
  const c = await ask(a, ev.id);
  expect((await signup(a, ev.id, signupBody({ captcha: { ...c, answer: String(Number(c.answer) + 1) } }))).status).toBe(400);
  expect((await signup(a, ev.id, signupBody({ captcha: c }))).status).toBe(400);
  expect((await signup(a, other.id, signupBody({ captcha: await ask(a, ev.id) }))).status).toBe(400);

  const old = await ask(a, ev.id);
  const before = await rows();
  a.clock.set('2026-03-16'); // 24 hours later: past the 20 minutes
  try {
    const r = await signup(a, ev.id, signupBody({ captcha: old }));
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: any) => f.field)).toEqual(['captcha']);
    const pending = await ask(a, ev.id); // issuing deletes every expired challenge
    expect(before).toBeGreaterThan(0);
    expect(await rows()).toBe(1);
    expect((await signup(a, ev.id, signupBody({ email: 'ny@example.no', captcha: pending }))).status).toBe(200);
    expect(await rows()).toBe(0);
  } finally {
    a.clock.set('2026-03-15');
  }
});
