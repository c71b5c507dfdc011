import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openApp, type OpenedApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { createIpcSaveHandler, writeFileResult } from '../../main/ipc-files.js';
import { forwardPush, PUSH_CHANNEL } from '../../main/ipc-push.js';
import { defineOp, FileResult, type Op } from '../../main/ops/define.js';
import { opTable } from '../../main/op-table.js';
import { createPushBus } from '../../main/push/bus.js';

const APP = 'file:///opt/kvitt/resources/app/out/renderer/';
const trusted = { senderFrame: { url: `${APP}index.html#/rapporter` } };
const MB = 1024 * 1024;
const CHUNKS = 48;
let app: OpenedApp;
let dir: string;
/** On-disk size of the partial file each time the operation's stream produced a chunk. */
const sizesSeen: number[] = [];
let target = '';

/** A 48 MB report produced chunk by chunk, recording how much of it is already on disk when each chunk is made. */
const bigReport = defineOp({
  name: 'test.bigReport',
  method: 'GET',
  path: '/test/big',
  summary: 'a large streamed file',
  run: () =>
    new FileResult('text/csv', 'stor.csv', Buffer.alloc(0), async function* () {
      for (let i = 0; i < CHUNKS; i++) {
        sizesSeen.push(existsSync(`${target}.part`) ? statSync(`${target}.part`).size : 0);
        yield Buffer.alloc(MB, 48 + (i % 10));
      }
    }),
});
const failing = defineOp({
  name: 'test.failing',
  method: 'GET',
  path: '/test/failing',
  summary: 'a stream that breaks half-way',
  run: () =>
    new FileResult('text/csv', 'halv.csv', Buffer.alloc(0), async function* () {
      yield Buffer.alloc(MB, 49);
      throw new Error('the database went away');
    }),
});
const table = new Map<string, Op>([...opTable, [bigReport.name, bigReport as Op], [failing.name, failing as Op]]);

beforeAll(async () => {
  app = await openApp({ dbFile: ':memory:', clock: fixedClock('2026-03-15'), apiKey: 'ipc-test-key-0123456789' });
  dir = mkdtempSync(join(tmpdir(), 'kvitt-ipc-save-'));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('IPC save: an operation\'s file written to the chosen path chunk by chunk', () => {
  test('a streamed 48 MB file is on disk while it is produced, complete at the end, under the chosen name', async () => {
    target = join(dir, 'valgt.csv');
    const asked: string[] = [];
    const save = createIpcSaveHandler(table, app.ctx, (u) => u.startsWith(APP), async (_e, name) => (asked.push(name), target));
    const r = await save(trusted, 'test.bigReport', {});
    expect(r).toEqual({ ok: true, value: { saved: target, filename: 'stor.csv', bytes: CHUNKS * MB } });
    expect(asked).toEqual(['stor.csv']);
    const data = readFileSync(target);
    expect(data.length).toBe(CHUNKS * MB);
    expect(data[0]).toBe(48);
    expect(data[data.length - 1]).toBe(48 + ((CHUNKS - 1) % 10));
    // Written as it came: when the last chunks were made, most of the file was already on disk (not gathered in memory).
    expect(sizesSeen[CHUNKS - 1]).toBeGreaterThan((CHUNKS - 16) * MB);
    expect(existsSync(`${target}.part`)).toBe(false);
  });

  test('a whole-buffer result (a PDF) is saved as it is; cancelling the dialog writes nothing', async () => {
    const pdfOp = defineOp({ name: 'test.pdf', method: 'GET', path: '/test/pdf', summary: 'a small file', run: () => new FileResult('application/pdf', 'faktura-1.pdf', Buffer.from('%PDF-1.7 x')) });
    const t = new Map<string, Op>([[pdfOp.name, pdfOp as Op]]);
    const path = join(dir, 'faktura.pdf');
    expect(await createIpcSaveHandler(t, app.ctx, () => true, async () => path)(trusted, 'test.pdf', {})).toMatchObject({ ok: true, value: { saved: path, bytes: 10 } });
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.7 x');
    const before = readdirSync(dir).length;
    expect(await createIpcSaveHandler(t, app.ctx, () => true, async () => null)(trusted, 'test.pdf', {})).toEqual({ ok: true, value: { saved: null } });
    expect(readdirSync(dir).length).toBe(before);
  });

  test('a stream that fails half-way leaves neither the file nor a .part behind, and says so', async () => {
    const path = join(dir, 'halv.csv');
    const r = await createIpcSaveHandler(table, app.ctx, () => true, async () => path)(trusted, 'test.failing', {});
    expect(r).toMatchObject({ ok: false, error: { status: 500, message: expect.stringContaining('the database went away') } });
    expect(existsSync(path)).toBe(false);
    expect(existsSync(`${path}.part`)).toBe(false);
  });

  test('other frames, unknown operations, operations that answer no file and bad input are refused before any dialog', async () => {
    let asked = 0;
    const save = createIpcSaveHandler(table, app.ctx, (u) => u.startsWith(APP), async () => (asked++, join(dir, 'x')));
    expect(await save({ senderFrame: { url: 'https://evil.example/' } }, 'test.bigReport', {})).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await save(trusted, 'nope.nothing', {})).toMatchObject({ ok: false, error: { status: 404, code: 'UNKNOWN_OPERATION' } });
    expect(await save(trusted, 'recipients.list', {})).toMatchObject({ ok: false, error: { status: 400, code: 'NOT_A_FILE' } });
    expect(await save(trusted, 'recipients.get', { params: { number: 'x' } })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(asked).toBe(0);
  });

  test('writeFileResult counts the bytes it wrote', async () => {
    const path = join(dir, 'liten.txt');
    expect(await writeFileResult(new FileResult('text/plain', 'liten.txt', Buffer.from('hei')), path)).toBe(3);
  });
});

describe('IPC push: events forwarded to the window until it closes', () => {
  test('each event goes to the window on its channel; none after close or once the window is destroyed', () => {
    const bus = createPushBus();
    const sent: unknown[][] = [];
    let closed: (() => void) | null = null;
    let destroyed = false;
    const win = { isDestroyed: () => destroyed, webContents: { send: (...a: unknown[]) => void sent.push(a) }, once: (_e: 'closed', fn: () => void) => (closed = fn) };
    forwardPush(bus, win);
    bus.publish({ type: 'shipment', id: 3, status: 'DELIVERED' });
    expect(sent).toEqual([[PUSH_CHANNEL, { type: 'shipment', id: 3, status: 'DELIVERED' }]]);
    destroyed = true;
    bus.publish({ type: 'progress', job: 'x', done: 1, total: 2, phase: 'rows', state: 'running' });
    expect(sent).toHaveLength(1);
    closed!();
    expect(bus.listeners).toBe(0);
  });
});
