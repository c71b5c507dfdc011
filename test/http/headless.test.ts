import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'kvitt-headless-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY = 'headless-test-key-0123456789abcdef';
/**
 * Each test starts `tsx main/headless.ts` processes, which compile the app as they start: seconds on a quiet machine,
 * a minute or more on a loaded 2-core one (CI beside other work). Bounds for a process that never gets there, not speed.
 */
const START_MS = 120_000;
const TEST_MS = 300_000;

function headless(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'main/headless.ts', ...args], {
    cwd: root,
    env: { ...process.env, KVITT_API_KEY: KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, signal) => res({ code, signal }));
  });
}

describe('npm run serve (main/headless.ts serve)', () => {
  test('prints the URL, serves the API with KVITT_API_KEY and KVITT_TODAY, stops cleanly on SIGTERM', async () => {
    const child = headless(['serve', '--db', join(dir, 'serve', 'k.sqlite'), '--port', '0'], { KVITT_TODAY: '2026-01-31' });
    let out = '';
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    try {
      const base = await new Promise<string>((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`no URL printed in ${START_MS / 1000} s\n${out}\n${err}`)), START_MS);
        child.stdout!.on('data', (d) => {
          out += d;
          const m = /API:\s+(http:\/\/127\.0\.0\.1:(\d+))\//.exec(out);
          if (m && Number(m[2]) > 0 && /GUI:.*\n/.test(out)) {
            clearTimeout(timer);
            res(m[1]);
          }
        });
        child.once('exit', (code) => rej(new Error(`exited with ${code} before printing the URL\n${out}\n${err}`)));
      });
      expect(out).toMatch(/GUI:\s+http:\/\/127\.0\.0\.1:\d+\/app\/login\?token=\S+/);

      expect((await fetch(`${base}/recipients/`)).status).toBe(401);
      const created = await fetch(`${base}/recipients/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Hodeløs AS', contact: { address: { zip: '0150', city: 'OSLO' } } }),
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toMatch(new RegExp(`^${base}/recipients/\\d+$`));
      const list = (await (await fetch(`${base}/recipients/`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as Array<{ name: string }>;
      expect(list.map((r) => r.name)).toEqual(['Hodeløs AS']);

      // the GUI login link from the output works
      const login = /GUI:\s+(\S+)/.exec(out)![1];
      const r = await fetch(login, { redirect: 'manual' });
      expect(r.headers.get('set-cookie')).toMatch(/HttpOnly/);

      child.kill('SIGTERM');
      // It ends by itself (an open timer or socket would keep it running: reported, not waited out to the test's
      // timeout); how fast is not asserted, a loaded machine may take seconds.
      const stillRunning = new Promise<'still running'>((r) => setTimeout(() => r('still running'), 20_000).unref());
      const outcome = await Promise.race([exited(child), stillRunning]);
      expect(outcome, 'still running 20 s after SIGTERM').not.toBe('still running');
      expect((outcome as { code: number | null }).code).toBe(0);
      await expect(fetch(`${base}/recipients/`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }

    // KVITT_TODAY reached the clock: the audit entry of the creation carries that date
    const db = new Database(join(dir, 'serve', 'k.sqlite'), { readonly: true });
    try {
      const audit = db.prepare("select at from audit_log where entity = 'recipient'").all() as Array<{ at: string }>;
      expect(audit.length).toBeGreaterThan(0);
      for (const a of audit) expect(a.at.startsWith('2026-01-31 ')).toBe(true);
    } finally {
      db.close();
    }
  }, TEST_MS);

  test('a bad KVITT_TODAY stops the start with a message and a non-zero exit', async () => {
    const child = headless(['serve', '--db', join(dir, 'bad', 'k.sqlite'), '--port', '0'], { KVITT_TODAY: '2026-02-30' });
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const { code } = await exited(child);
    expect(code).not.toBe(0);
    expect(err).toMatch(/KVITT_TODAY/);
  }, TEST_MS);
});

describe('npm run seed (main/headless.ts seed)', () => {
  async function seed(name: string, seedValue: number): Promise<unknown[]> {
    const file = join(dir, name, 'k.sqlite');
    const child = headless(['seed', '--db', file, '--recipients', '200', '--seed', String(seedValue)]);
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    const { code } = await exited(child);
    expect(code, err).toBe(0);
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('select * from recipients order by number').all() as Array<Record<string, unknown>>;
      return rows.map(({ created_at: _c, updated_at: _u, ...rest }) => rest);
    } finally {
      db.close();
    }
  }

  test('the same seed in two fresh databases gives identical recipients; another seed differs', async () => {
    const [a, b, c] = await Promise.all([seed('seed-a', 7), seed('seed-b', 7), seed('seed-c', 8)]);
    expect(a).toHaveLength(200);
    expect(b).toEqual(a);
    expect(c).toHaveLength(200);
    expect(c).not.toEqual(a);
    // realistic data: valid-looking names, Norwegian postcodes, several organisation forms
    const forms = new Set(a.map((r: any) => r.org_form));
    expect(forms.size).toBeGreaterThan(2);
    for (const r of a as any[]) expect(r.zip).toMatch(/^\d{4}$/);
  }, TEST_MS);
});
