/**
 * POST /bank-files/ checks the key or session before it reads the body: a large upload without one is refused while
 * the client is still sending, after the first 64 kB of a 200 MB body.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const DECLARED = 200 * 1024 * 1024;
const SENT = 64 * 1024;

/**
 * Starts a POST of DECLARED bytes, writes only SENT of them and waits for an answer (the client never sends the rest).
 * Resolves with the status and body, or 'no answer' when none came within 20 s of waiting on the unsent body.
 */
function partialUpload(path: string, headers: Record<string, string>): Promise<{ status: number; body: any; sent: number } | 'no answer'> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = request(`${s.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': String(DECLARED), ...headers } });
    const timer = setTimeout(() => {
      req.destroy();
      resolve('no answer');
    }, 20_000);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null, sent });
      });
    });
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    const chunk = Buffer.alloc(SENT, 'NY0000');
    req.write(chunk, () => (sent += chunk.length));
  });
}

describe('the key or session before the body', () => {
  test('no key: 401 while the body is still being sent (64 kB of 200 MB)', async () => {
    const got = await partialUpload('/bank-files/?name=stor.txt', {});
    expect(got).not.toBe('no answer');
    const r = got as Exclude<typeof got, 'no answer'>;
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('UNAUTHORIZED');
    expect(r.sent).toBeLessThanOrEqual(SENT);
  });

  test('a wrong key and a session cookie that is no session: 401 the same way', async () => {
    const cases: Record<string, string>[] = [{ authorization: 'Bearer wrong-key' }, { cookie: 'kvitt_session=not-a-session', 'x-kvitt-client': '1' }];
    for (const headers of cases) {
      const got = await partialUpload('/bank-files/', headers);
      expect(got, JSON.stringify(headers)).not.toBe('no answer');
      expect((got as { status: number }).status).toBe(401);
    }
  });

  test('the GUI transport too: /_ops/bankFiles.import without a session is refused before its body', async () => {
    const got = await partialUpload('/_ops/bankFiles.import', { 'content-type': 'application/json' });
    expect(got).not.toBe('no answer');
    expect((got as { status: number }).status).toBe(401);
  });

  test('a foreign Origin is 403 before the body, even with the key', async () => {
    const got = await partialUpload('/bank-files/', { authorization: `Bearer ${TEST_KEY}`, origin: 'https://evil.example' });
    expect(got).not.toBe('no answer');
    expect((got as { status: number; body: any }).status).toBe(403);
    expect((got as { body: any }).body.code).toBe('FORBIDDEN_ORIGIN');
  });
});
