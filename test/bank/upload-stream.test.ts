/**
 * POST /bank-files/ streams its body to a temporary file in the data folder's temp area and reads the bank file from
 * there piece by piece: the file is gone after success, refusal, an upload broken off, and a crash (the next start
 * sweeps it); a body over the limit is 413 naming the limit in MB; the encodings are still told apart (ISO 8859-1,
 * UTF-8 with a character split between two pieces, a BOM).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registerUploadParsers, uploadDir } from '../../main/http/upload.js';
import { UploadedFile } from '../../main/ops/raw-body.js';
import { camtFile, ocrFile, ocrSpec, type OcrPayment } from '../helpers/bank-file-gen.js';
import { TEST_KEY } from '../helpers/server.js';
import { invoice, OWN, postFile, startDocServer, transactions, type DocServer } from './setup.js';

const folder = mkdtempSync(join(tmpdir(), 'kvitt-upload-test-'));
const tmp = uploadDir(folder);
const uploads = () => {
  try {
    return readdirSync(tmp).filter((n) => n.startsWith('upload-'));
  } catch {
    return [];
  }
};
/** Polls (at most 10 s) until `cond` holds; answers whether it did. */
async function eventually(cond: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return cond();
}

/** A process id no process has: one of a child that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

let s: DocServer;
let stale: string;
beforeAll(async () => {
  // What a crashed Kvitt left: swept when the server starts.
  mkdirSync(tmp, { recursive: true });
  stale = `upload-${deadPid()}-0123456789abcdef`;
  writeFileSync(join(tmp, stale), 'NY000010 half a file');
  s = await startDocServer({ dbFile: join(folder, 'kvitt.sqlite') });
});
afterAll(async () => {
  await s.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the upload in the data folder', () => {
  test('an upload a crashed process left is removed when the server starts', () => {
    expect(uploads()).not.toContain(stale);
  });

  test('imported from the temporary file, which is gone afterwards; refused, it is gone too', async () => {
    const a = await invoice(s, 150);
    const ok = await postFile(s, ocrFile(ocrSpec(OWN, '2026-03-14', [{ amountOre: 15_000, kid: a.kid }])), { name: 'ocr.txt' });
    expect(ok.status).toBe(201);
    expect((await ok.json()).matched).toBe(1);
    expect(uploads()).toEqual([]);
    const bad = await postFile(s, ocrFile(ocrSpec(OWN, '2026-03-14', [{ amountOre: 100, kid: a.kid }], { skew: { amountOre: 1 } })));
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields[0].code).toBe('BANK_FILE_TOTALS');
    expect(uploads()).toEqual([]);
  });

  test('an upload broken off half way: the partial file is removed and nothing imported', async () => {
    const before = (await s.json('/bank-files/')).body.length;
    const req = request(`${s.base}/bank-files/`, { method: 'POST', headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'text/plain', 'content-length': String(10 * 1024 * 1024) } });
    req.on('error', () => {});
    req.write(Buffer.alloc(512 * 1024, 'NY0000'));
    // The body is being written to a file of the temp area while it comes …
    expect(await eventually(() => uploads().length === 1)).toBe(true);
    req.destroy();
    // … and that file goes when the connection does.
    expect(await eventually(() => uploads().length === 0)).toBe(true);
    expect((await s.json('/bank-files/')).body.length).toBe(before);
  });

  test('a Content-Length over the limit: 413 naming the limit in MB, before the body is read', async () => {
    const got = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(`${s.base}/bank-files/`, { method: 'POST', headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/octet-stream', 'content-length': String(300 * 1024 * 1024) } });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, body: JSON.parse(text) });
        });
      });
      req.on('error', reject);
      req.write(Buffer.alloc(16 * 1024, 'x'));
    });
    expect(got.status).toBe(413);
    expect(got.body).toMatchObject({ code: 'FILE_TOO_LARGE', params: { maxMb: 256 } });
    expect(got.body.message).toMatch(/256 MB/);
    expect(uploads()).toEqual([]);
  });
});

describe('encodings, read piece by piece', () => {
  const PIECE = 128 * 1024;
  const text = 'ØØØ Søren Ærø på Ås, blåbær øl ååå øøø';

  /** A UTF-8 OCR file of text payments, as many as it takes for a two-byte character to straddle the first piece boundary. */
  function straddlingUtf8(kid: string): { file: Buffer; n: number } {
    for (let n = 500; n < 1000; n++) {
      const payments: OcrPayment[] = Array.from({ length: n }, (_, i) => ({ amountOre: 100 + i, type: 21, text, ...(i === 0 ? { kid } : {}) }));
      const file = Buffer.from(ocrFile(ocrSpec(OWN, '2026-03-14', payments)), 'utf8');
      if (file[PIECE - 1] >= 0xc0) return { file, n }; // the lead byte ends the first piece, its continuation starts the next
    }
    throw new Error('no layout found');
  }

  test('UTF-8 OCR with a character split between two pieces is read as UTF-8, every text whole', async () => {
    const a = await invoice(s, 1);
    const { file, n } = straddlingUtf8(a.kid);
    const res = await postFile(s, file, { name: 'utf8.txt' });
    const f = await res.json();
    expect(res.status, JSON.stringify(f)).toBe(201);
    expect(f.transactions).toBe(n);
    const txs = [];
    for (let page = 1; txs.length < n; page++) txs.push(...(await s.json(`/bank-files/${f.id}/transactions?perPage=500&page=${page}`)).body);
    expect(new Set(txs.map((t) => t.message))).toEqual(new Set([text]));
  });

  test('ISO 8859-1 OCR (as Nets delivers) and a camt.054 with a UTF-8 BOM', async () => {
    const a = await invoice(s, 2);
    const latin = Buffer.from(ocrFile(ocrSpec(OWN, '2026-03-15', [{ amountOre: 200, kid: a.kid, type: 21, text: 'Bjørn Ærlig' }])), 'latin1');
    const r1 = await postFile(s, latin);
    const f1 = await r1.json();
    expect(r1.status, JSON.stringify(f1)).toBe(201);
    expect((await transactions(s, f1.id))[0]).toMatchObject({ message: 'Bjørn Ærlig', status: 'MATCHED' });

    const b = await invoice(s, 3);
    const xml = camtFile({ accounts: [{ account: OWN, entries: [{ bookingDate: '2026-03-10', transactions: [{ amountOre: 300, kid: b.kid, partyName: 'Åse Øvrebø' }] }] }] });
    const r2 = await postFile(s, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]), { type: 'application/xml' });
    const f2 = await r2.json();
    expect(r2.status, JSON.stringify(f2)).toBe(201);
    expect((await transactions(s, f2.id))[0]).toMatchObject({ payerName: 'Åse Øvrebø', status: 'MATCHED' });
  });

  test("the file's SHA-256 (bank_files and the audit entry) is the whole file's", async () => {
    const a = await invoice(s, 4);
    const file = Buffer.from(ocrFile(ocrSpec(OWN, '2026-03-15', Array.from({ length: 2000 }, (_, i) => ({ amountOre: 400 + i, ...(i === 0 ? { kid: a.kid } : {}) })))), 'latin1');
    expect(file.length).toBeGreaterThan(2 * PIECE);
    const f = await (await postFile(s, file)).json();
    const sha = createHash('sha256').update(file).digest('hex');
    const row = await s.app.ctx.db.selectFrom('bank_files').select('sha256').where('id', '=', f.id).executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha);
    const entry = await s.app.ctx.db.selectFrom('audit_log').selectAll().where('entity', '=', 'bank-file').where('entity_id', '=', String(f.id)).where('action', '=', 'import').executeTakeFirstOrThrow();
    expect(JSON.stringify(entry)).toContain(sha);
  });
});

describe('the limit while the body streams', () => {
  test('a chunked body over the limit is cut off at the limit: 413 in MB, no file left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kvitt-upload-limit-'));
    const app = Fastify();
    app.removeAllContentTypeParsers();
    registerUploadParsers(app, ['application/octet-stream'], dir);
    app.setErrorHandler((err: any, _req, reply) => reply.code(err.status ?? 500).send({ code: err.code, message: err.message, params: err.params }));
    app.post('/f', { config: { rawBody: ['application/octet-stream'], rawBodyMax: 1024 * 1024 } }, async (req) => {
      const file = req.body as UploadedFile;
      return { size: file.size, sha: createHash('sha256').update(readFileSync(file.path)).digest('hex') };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const small = Buffer.alloc(700 * 1024, 'abc');
      const ok = await fetch(`${base}/f`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(small) });
      expect(await ok.json()).toEqual({ size: small.length, sha: createHash('sha256').update(small).digest('hex') });
      // Chunked (no Content-Length): counted as it comes.
      const big = new ReadableStream({
        start(c) {
          for (let i = 0; i < 40; i++) c.enqueue(new Uint8Array(64 * 1024));
          c.close();
        },
      });
      const res = await fetch(`${base}/f`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: big, duplex: 'half' } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', params: { maxMb: 1 }, message: expect.stringMatching(/1 MB/) });
      expect(await eventually(() => readdirSync(join(dir, 'tmp')).length === 0)).toBe(true);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
