/**
 * On SQLite (a file, WAL) a read does not wait for a bank import in progress: GET /invoices/{n} made while the import's
 * transaction is open (held there after its first chunk by the test seam of the server's context, `ctx.testHooks`) answers, from the last commit, and
 * the import then completes. No timing is asserted: the GET must answer before the import is let go.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHUNK } from '../../main/features/bank/import.service.js';
import { ocrFile, ocrSpec, type OcrPayment } from '../helpers/bank-file-gen.js';
import { invoice, OWN, postFile, startDocServer, type DocServer } from './setup.js';

const folder = mkdtempSync(join(tmpdir(), 'kvitt-read-during-import-'));
let s: DocServer;
beforeAll(async () => {
  s = await startDocServer({ dbFile: join(folder, 'kvitt.sqlite') });
});
afterAll(async () => {
  await s.close();
  rmSync(folder, { recursive: true, force: true });
});

/** `p`, or 'no answer' when it has not settled within 20 s (only a failing run waits that long). */
const within20s = <T>(p: Promise<T>) => Promise.race([p, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 20_000))]);

test('GET /invoices/{n} and GET /bank-files/ answer while the import holds its transaction open; the import then commits', async () => {
  const a = await invoice(s, 500);
  const b = await invoice(s, 700);
  // Two chunks at least: a pays a; the rest are unknown KIDs, unmatched.
  const payments: OcrPayment[] = [{ amountOre: 50_000, kid: a.kid }, ...Array.from({ length: CHUNK + 20 }, (_, i) => ({ amountOre: 100 + i, kid: '99999995' }))];
  const filesBefore = (await s.json('/bank-files/')).body.length;

  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // The hook is this server's own (its context's test seam), awaited inside the import's open transaction.
  const hooks: NonNullable<typeof s.app.ctx.testHooks> = (s.app.ctx.testHooks = {});
  hooks.afterBankImportChunk = async () => {
    hooks.afterBankImportChunk = undefined; // hold once, at the first chunk
    entered();
    await held;
  };
  const importing = postFile(s, ocrFile(ocrSpec(OWN, '2026-03-14', payments)), { name: 'stor.txt' });
  try {
    expect(await within20s(inside)).not.toBe('no answer');

    // The import's first chunk (a's payment among it) is written but not committed: the reads see the last commit.
    const got = await within20s(s.json(`/invoices/${a.number}`));
    expect(got, 'GET /invoices/{n} waited for the import').not.toBe('no answer');
    const inv = got as { status: number; body: any };
    expect(inv.status).toBe(200);
    expect(inv.body.currentBalance).toBe(500);
    const other = await within20s(s.json(`/invoices/${b.number}/payments`));
    expect(other).not.toBe('no answer');
    expect((other as { status: number }).status).toBe(200);
    const files = await within20s(s.json('/bank-files/'));
    expect(files).not.toBe('no answer');
    expect((files as { body: unknown[] }).body.length).toBe(filesBefore);
  } finally {
    release();
  }
  const res = await importing;
  const f = await res.json();
  expect(res.status, JSON.stringify(f)).toBe(201);
  expect(f).toMatchObject({ transactions: payments.length, matched: 1 });
  expect((await s.json(`/invoices/${a.number}`)).body.currentBalance).toBe(0);
  expect((await s.json('/bank-files/')).body.length).toBe(filesBefore + 1);
});

test('a write made meanwhile still waits for the import and is then done (one writer)', async () => {
  const a = await invoice(s, 300);
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const hooks: NonNullable<typeof s.app.ctx.testHooks> = (s.app.ctx.testHooks = {});
  hooks.afterBankImportChunk = async () => {
    hooks.afterBankImportChunk = undefined;
    entered();
    await held;
  };
  const payments: OcrPayment[] = Array.from({ length: CHUNK + 5 }, (_, i) => ({ amountOre: 200 + i, kid: '99999995', serial: 1000 + i }));
  const importing = postFile(s, ocrFile(ocrSpec(OWN, '2026-03-13', payments)), { name: 'andre.txt' });
  let paying: Promise<{ status: number }> | null = null;
  try {
    expect(await within20s(inside)).not.toBe('no answer');
    paying = s.json(`/invoices/${a.number}/payments`, { body: { date: '2026-03-14', amount: 100 } });
    expect((await within20s(s.json(`/invoices/${a.number}`)) as { status: number }).status).toBe(200);
  } finally {
    release();
  }
  expect((await importing).status).toBe(201);
  expect((await paying!).status).toBe(201);
  expect((await s.json(`/invoices/${a.number}`)).body.currentBalance).toBe(200);
});
