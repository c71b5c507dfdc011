/**
 * The desktop GUI sends a bank file over IPC as bytes in memory (not streamed as HTTP does): its size is bounded by the
 * operation's limit, 256 MB, on every transport. The service refuses a larger body before reading it (413
 * FILE_TOO_LARGE naming the limit, nothing written), the desktop GUI refuses such a file before reading it, with the
 * same limit (renderer/src/features/bank/bank-limits.ts), and a file within the limit is read as over HTTP.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openApp, type OpenedApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { createIpcHandler } from '../../main/ipc-handler.js';
import { opTable } from '../../main/op-table.js';
import { rawBodyOf, rawBodySize, UploadedFile } from '../../main/ops/raw-body.js';
import { MAX_FILE_BYTES as GUI_MAX_FILE_BYTES } from '../../renderer/src/features/bank/bank-limits.js';
import { ocrFile, ocrSpec } from '../helpers/bank-file-gen.js';

/** The limit as the operation declares it (RawFileBody's maxBytes), which runOp holds every transport to. */
const MAX_FILE_BYTES = rawBodyOf(opTable.get('bankFiles.import')!.body)!.maxBytes;

const APP = 'file:///opt/kvitt/resources/app/out/renderer/';
const trusted = { senderFrame: { url: `${APP}index.html#/bank` } };
let app: OpenedApp;
let handler: ReturnType<typeof createIpcHandler>;

beforeAll(async () => {
  app = await openApp({ dbFile: ':memory:', clock: fixedClock('2026-03-15'), apiKey: 'ipc-test-key-0123456789' });
  handler = createIpcHandler(opTable, app.ctx, (url) => url.startsWith(APP));
});
afterAll(async () => {
  await app.close();
});

const files = async () => Number((await app.ctx.db.selectFrom('bank_files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('a bank file over IPC', () => {
  test('the limit is 256 MB, the same in the service and the desktop GUI', () => {
    expect(MAX_FILE_BYTES).toBe(256 * 1024 * 1024);
    expect(GUI_MAX_FILE_BYTES).toBe(MAX_FILE_BYTES);
  });

  test('one byte over the limit is refused, 413 FILE_TOO_LARGE naming it, nothing written', async () => {
    // Zero-filled and never read: the pages are not touched, so the test does not hold 256 MB.
    const body = new Uint8Array(MAX_FILE_BYTES + 1);
    const r = await handler(trusted, 'bankFiles.import', { query: { name: 'stor.xml' }, body });
    expect(r).toMatchObject({ ok: false, error: { status: 413, code: 'FILE_TOO_LARGE', params: { maxMb: 256 } } });
    if (!r.ok) expect(r.error.message).toBe('The file is larger than 256 MB, the most this operation takes');
    expect(await files()).toBe(0);
  });

  test('a file of exactly the limit is read (here: refused for what it holds, not for its size)', async () => {
    const r = await handler(trusted, 'bankFiles.import', { query: { name: 'nuller.bin' }, body: new Uint8Array(MAX_FILE_BYTES) });
    expect(r).toMatchObject({ ok: false, error: { status: 400 } });
    if (!r.ok) expect(r.error.fields?.[0]).toMatchObject({ field: '(body)', code: 'BANK_FILE_UNKNOWN_FORMAT' });
    expect(await files()).toBe(0);
  });

  test('a bank file within the limit is imported over IPC as over HTTP', async () => {
    const body = new TextEncoder().encode(ocrFile(ocrSpec('86011117947', '2026-03-14', [{ amountOre: 12_345, kid: '99999995' }])));
    const r = await handler(trusted, 'bankFiles.import', { query: { name: 'ocr.txt' }, body });
    expect(r).toMatchObject({ ok: true, value: { created: expect.stringMatching(/^\/bank-files\/\d+$/), body: { format: 'OCR', transactions: 1, unmatched: 1 } } });
    expect(await files()).toBe(1);
  });
});

describe('rawBodySize: what runOp measures, before anything reads or decodes the body', () => {
  test('bytes, an uploaded file and base64 text (padding not counted) measure as their decoded size', () => {
    for (const n of [0, 1, 2, 3, 10, 11, 12]) {
      expect(rawBodySize(new Uint8Array(n))).toBe(n);
      expect(rawBodySize(Buffer.alloc(n).toString('base64'))).toBe(n);
    }
    expect(rawBodySize(new UploadedFile('/nonexistent/never-opened', 11))).toBe(11);
    expect(rawBodySize({ not: 'a file' })).toBeNull();
  });
});
