/**
 * The signup's proof-of-work captcha (issue 23, docs/public-signup.md): a script that reads the sum off the page no
 * longer gets through where the proof of work is required (every JSON signup; the form once its hourly share without
 * JavaScript is used, or always with KVITT_SIGNUP_NOSCRIPT_PER_HOUR=0); a solved challenge is used once; an expired, a
 * tampered or another event's challenge is refused; the page's script is the one its CSP hash allows.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { POW_SCRIPT, POW_SCRIPT_CSP } from '../../main/domain/pow-script.js';
import { leadingZeroBits } from '../../main/features/events/pow.js';
import { resetSignupCounts } from '../../main/features/events/signup-rules.js';
import type { DocServer } from '../helpers/documents.js';
import { createEvent, signup, signupBody, solvedCaptcha, solvePow, startEventServer } from './setup.js';

process.env.KVITT_PUBLIC_RATE_LIMIT = '100000';
let s: DocServer;
beforeAll(async () => { s = await startEventServer(); });
afterAll(() => s.close());
afterEach(() => {
  delete process.env.KVITT_SIGNUP_NOSCRIPT_PER_HOUR;
  resetSignupCounts();
});

const fields = (r: { body: { fields?: { field: string; message: string }[] } }) => (r.body.fields ?? []).map((f) => f.field);

/** What a bot does: fetch the page, read the sum with a regular expression, post the form with the answer. */
async function regexBot(id: number, email: string): Promise<{ status: number; html: string }> {
  const page = await (await fetch(`${s.base}/events/${id}`)).text();
  const m = /Hva er (\d+) pluss (\d+)\?/.exec(page)!;
  const token = /name="captchaToken" value="([^"]+)"/.exec(page)![1]!;
  const body = new URLSearchParams({ name: 'Bot Botsen', email, 'invoice.name': 'Bot', 'invoice.address': 'Vei 1', 'invoice.zip': '0150', 'invoice.city': 'OSLO', captchaToken: token, captchaAnswer: String(Number(m[1]) + Number(m[2])) });
  const r = await fetch(`${s.base}/events/${id}/signup`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
  return { status: r.status, html: await r.text() };
}

describe('proof-of-work captcha', () => {
  test('the page carries the challenge and its script; the CSP hash is the hash of that script', async () => {
    expect(POW_SCRIPT_CSP).toBe(`'sha256-${createHash('sha256').update(POW_SCRIPT).digest('base64')}'`);
    const ev = await createEvent(s, { signupCaptcha: true });
    const res = await fetch(`${s.base}/events/${ev.id}`);
    expect(res.headers.get('content-security-policy')).toContain(POW_SCRIPT_CSP);
    const html = await res.text();
    const m = /name="powChallenge" value="(v1\.(\d+)\.\d+\.(\d+)\.[\w-]{16}\.[\w-]{43})" data-bits="(\d+)"/.exec(html);
    expect(m, html.slice(html.indexOf('<form'), html.indexOf('<form') + 2000)).not.toBeNull();
    expect([m![2], m![3]]).toEqual([String(ev.id), m![4]]);
    expect(html).toContain(`<script>${POW_SCRIPT}</script>`);
  });

  test('a script that answers the sum by regular expression: refused over JSON, and on the form once PoW is required', async () => {
    const ev = await createEvent(s, { signupCaptcha: true });
    const c = (await s.json(`/events/${ev.id}/captcha`)).body as { question: string; token: string };
    const answer = String(c.question.match(/\d+/g)!.reduce((x, y) => x + Number(y), 0));
    const json = await signup(s, ev.id, signupBody({ captcha: { token: c.token, answer } }));
    expect(json.status).toBe(400);
    expect(fields(json)).toEqual(['captcha']);
    expect(json.body.fields[0].message).toMatch(/proof-of-work/);

    process.env.KVITT_SIGNUP_NOSCRIPT_PER_HOUR = '0';
    const bot = await regexBot(ev.id, 'bot0@example.no');
    expect(bot.status).toBe(400);
    expect(bot.html).toContain('For mange påmeldinger uten JavaScript');
    expect(bot.html).not.toContain('Takk for påmeldingen!');
  });

  test('without JavaScript the sum still works, a few an hour per event: the 4th regex signup of 3 allowed is refused', async () => {
    process.env.KVITT_SIGNUP_NOSCRIPT_PER_HOUR = '3';
    const ev = await createEvent(s, { signupCaptcha: true });
    for (let i = 0; i < 3; i++) {
      const ok = await regexBot(ev.id, `person${i}@example.no`);
      expect(ok.html, `signup ${i + 1}`).toContain('Takk for påmeldingen!');
    }
    const fourth = await regexBot(ev.id, 'bot3@example.no');
    expect(fourth.status).toBe(400);
    expect(fourth.html).toContain('For mange påmeldinger uten JavaScript');
    // the proof of work is not limited so
    expect((await signup(s, ev.id, signupBody({ email: 'med-js@example.no', captcha: await solvedCaptcha(s, ev.id) }))).status).toBe(200);
  });

  test('a solved challenge is used once: the replay is refused, also for another e-mail address', async () => {
    const ev = await createEvent(s, { signupCaptcha: true });
    const c = await solvedCaptcha(s, ev.id);
    expect((await signup(s, ev.id, signupBody({ captcha: c }))).status).toBe(200);
    const replay = await signup(s, ev.id, signupBody({ email: 'igjen@example.no', captcha: c }));
    expect(replay.status).toBe(400);
    expect(replay.body.fields).toEqual([expect.objectContaining({ field: 'captcha', message: expect.stringMatching(/used already/) })]);
  });

  test('an expired challenge is refused (it lives 20 minutes); a fresh one then works', async () => {
    const ev = await createEvent(s, { signupCaptcha: true });
    const c = await solvedCaptcha(s, ev.id);
    s.clock.set('2026-03-16'); // a day later
    try {
      const late = await signup(s, ev.id, signupBody({ captcha: c }));
      expect(late.status).toBe(400);
      expect(late.body.fields[0].message).toMatch(/expired/);
      expect((await signup(s, ev.id, signupBody({ captcha: await solvedCaptcha(s, ev.id) }))).status).toBe(200);
    } finally {
      s.clock.set('2026-03-15');
    }
  });

  test('a wrong nonce, an easier difficulty written into the challenge, another event\'s challenge: refused', async () => {
    const ev = await createEvent(s, { signupCaptcha: true });
    const other = await createEvent(s, { signupCaptcha: true });
    const c = (await s.json(`/events/${ev.id}/captcha`)).body.pow as { challenge: string; bits: number };
    // a nonce that does not solve it (the first with fewer zero bits than asked)
    let bad = 0;
    while (leadingZeroBits(createHash('sha256').update(c.challenge + bad).digest()) >= c.bits) bad++;
    expect((await signup(s, ev.id, signupBody({ captcha: { challenge: c.challenge, nonce: String(bad) } }))).body.fields[0].message).toMatch(/does not solve/);
    // the difficulty lowered to 1 bit by the client: the signature no longer matches
    const easier = c.challenge.replace(/^(v1\.\d+\.\d+\.)\d+\./, '$11.');
    expect((await signup(s, ev.id, signupBody({ captcha: { challenge: easier, nonce: solvePow(easier, 1) } }))).body.fields[0].message).toMatch(/not one Kvitt issued/);
    // solved, but for another event
    expect((await signup(s, other.id, signupBody({ captcha: { challenge: c.challenge, nonce: solvePow(c.challenge, c.bits) } }))).body.fields[0].message).toMatch(/not one Kvitt issued/);
  });
});
