import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DocServer } from '../helpers/documents.js';
import { onPostgres } from '../helpers/database.js';
import { startTestServer } from '../helpers/server.js';
import { createEvent, signup, signupBody, solvedCaptcha, solvedSum, startEventServer } from './setup.js';

/** The signup page's form posted without JavaScript: the sum instead of the proof of work. */
const form = (id: number, fields: Record<string, string>) =>
  fetch(`${a.base}/events/${id}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Uten Skript', email: 'uten@example.no', 'invoice.name': 'Uten Skript', 'invoice.address': 'Vei 1', 'invoice.zip': '0150', 'invoice.city': 'OSLO', ...fields }).toString(),
  });

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
  expect(c.challenge).toMatch(/^v1\./);
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

test('a wrong sum spends the token (the form without JavaScript); a token is for its own event; expired tokens are refused and cleaned up', async () => {
  const ev = await createEvent(a, { signupCaptcha: true });
  const other = await createEvent(a, { signupCaptcha: true });
  const c = await solvedSum(a, ev.id);
  expect((await form(ev.id, { captchaToken: c.token, captchaAnswer: String(Number(c.answer) + 1) })).status).toBe(400);
  expect((await form(ev.id, { captchaToken: c.token, captchaAnswer: c.answer })).status).toBe(400);
  const forOther = await solvedSum(a, ev.id);
  expect((await form(other.id, { captchaToken: forOther.token, captchaAnswer: forOther.answer })).status).toBe(400);

  const old = await solvedSum(a, ev.id);
  const before = await rows();
  a.clock.set('2026-03-16'); // 24 hours later: past the 20 minutes
  try {
    expect((await form(ev.id, { captchaToken: old.token, captchaAnswer: old.answer })).status).toBe(400);
    // issuing deletes every expired challenge: left are the one the refused form's page asked, and this one
    const pending = await solvedSum(a, ev.id);
    expect(before).toBeGreaterThan(2);
    expect(await rows()).toBe(2);
    const ok = await form(ev.id, { email: 'ny@example.no', captchaToken: pending.token, captchaAnswer: pending.answer });
    expect(await ok.text()).toContain('Takk for påmeldingen!');
    expect(await rows()).toBe(1);
  } finally {
    a.clock.set('2026-03-15');
  }
});
