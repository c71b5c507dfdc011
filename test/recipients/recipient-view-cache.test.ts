/**
 * GET /recipients/{n} keeps its answers on a SQLite file until the file changes (main/features/recipients/view-cache.ts):
 * every way a recipient's answer can change shows in the very next GET. On a file: the API's own writes (the recipient,
 * its label's and custom field's names, a deletion), a write by another connection in this process (as a worker thread
 * makes), a write by another process, a restore. On PostgreSQL (office mode; nothing is kept there): a write through
 * another server on the same database. Each case first reads the answer twice (the second one kept), so a kept answer
 * that outlived the change would be what the GET after it shows.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { onPostgres } from '../helpers/database.js';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');

/** Creates a recipient with a label and a custom field value; answers its number and the label's and field's. */
async function seeded(s: TestServer, name: string) {
  const label = (await s.json('/labels/', { body: { name: `Gruppe ${name}` } })).body.number as number;
  const field = (await s.json('/custom-fields/', { body: { name: `Felt ${name}`, type: 'TEXT' } })).body.number as number;
  const made = await s.json('/recipients/', { body: recipient({ name, labels: [label], customFields: [{ number: field, value: 'verdi' }] }) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { number: made.body.number as number, label, field };
}

/** GET /recipients/{n} twice (the second answer is the kept one where answers are kept); both must be the same. */
async function readTwice(s: TestServer, number: number) {
  const first = await s.json(`/recipients/${number}`);
  const second = await s.json(`/recipients/${number}`);
  expect(first.status).toBe(200);
  expect(second.body).toEqual(first.body);
  return second.body;
}

describe('on a SQLite file (answers kept until the file changes)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-view-cache-'));
  const file = join(dir, 'kvitt.sqlite');
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dbFile: file });
    expect(s.app.ctx.readDb, 'a file database has the read-only connection the answers are kept on').toBeDefined();
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the answer is the same bytes every time, read or kept', async () => {
    const { number } = await seeded(s, 'Bytes AS');
    const texts = [];
    for (let i = 0; i < 3; i++) texts.push(await (await s.api(`/recipients/${number}`)).text());
    expect(new Set(texts).size).toBe(1);
    const res = await s.api(`/recipients/${number}`);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(await res.text()).name).toBe('Bytes AS');
  });

  test("the API's writes: the recipient, its label's name, its custom field's name, a deletion", async () => {
    const r = await seeded(s, 'Skrivar AS');
    await readTwice(s, r.number);
    const put = await s.json(`/recipients/${r.number}`, { method: 'PUT', body: recipient({ name: 'Skrivar Nytt Namn AS', labels: [r.label], customFields: [{ number: r.field, value: 'ny' }] }) });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    let got = await readTwice(s, r.number);
    expect(got.name).toBe('Skrivar Nytt Namn AS');
    expect(got.customFields).toEqual([expect.objectContaining({ number: r.field, value: 'ny' })]);

    expect((await s.json(`/labels/${r.label}`, { method: 'PUT', body: { name: 'Omdøypt gruppe' } })).status).toBe(200);
    got = await readTwice(s, r.number);
    expect(got.labels).toEqual([{ number: r.label, name: 'Omdøypt gruppe' }]);

    expect((await s.json(`/custom-fields/${r.field}`, { method: 'PUT', body: { name: 'Omdøypt felt', type: 'TEXT' } })).status).toBe(200);
    got = await readTwice(s, r.number);
    expect(got.customFields).toEqual([expect.objectContaining({ number: r.field, name: 'Omdøypt felt' })]);

    expect((await s.api(`/recipients/${r.number}`, { method: 'DELETE' })).status).toBe(204);
    const after = await s.json(`/recipients/${r.number}`);
    expect(after.status === 404 || after.body.deleted === true, JSON.stringify(after.body)).toBe(true);
  });

  test('a write by another connection in this process (as a worker thread has)', async () => {
    const r = await seeded(s, 'Tråd AS');
    await readTwice(s, r.number);
    const worker = new Worker(
      `const D = require(${JSON.stringify(betterSqlite)}); const db = new D(${JSON.stringify(file)});
       db.pragma('busy_timeout = 5000'); db.prepare('update recipients set name = ? where number = ?').run('Endra i tråd AS', ${r.number}); db.close();`,
      { eval: true },
    );
    await new Promise<void>((res, rej) => worker.once('exit', (code) => (code === 0 ? res() : rej(new Error(`worker exited with ${code}`)))).on('error', rej));
    expect((await readTwice(s, r.number)).name).toBe('Endra i tråd AS');
  });

  test('a write by another process', async () => {
    const r = await seeded(s, 'Prosess AS');
    await readTwice(s, r.number);
    execFileSync(process.execPath, [
      '-e',
      `const D = require(${JSON.stringify(betterSqlite)}); const db = new D(process.argv[1]); db.pragma('busy_timeout = 5000');
       db.prepare('update labels set name = ? where number = ?').run('Endra av prosess', Number(process.argv[2])); db.close();`,
      file,
      String(r.label),
    ]);
    expect((await readTwice(s, r.number)).labels).toEqual([{ number: r.label, name: 'Endra av prosess' }]);
  });

  test('a restore of a backup', async () => {
    const r = await seeded(s, 'Før Kopi AS');
    const made = await s.json('/originators/current/backups', { method: 'POST', body: {} });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const put = await s.json(`/recipients/${r.number}`, { method: 'PUT', body: recipient({ name: 'Etter Kopi AS' }) });
    expect(put.status).toBe(200);
    expect((await readTwice(s, r.number)).name).toBe('Etter Kopi AS');
    const backup = String(made.body.path).split('/').pop();
    const restored = await s.json(`/originators/current/backups/${backup}/restore`, { method: 'POST', body: {} });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await readTwice(s, r.number)).name).toBe('Før Kopi AS');
  });
});

describe('on the pass database (PostgreSQL in office mode: nothing kept; SQLite in memory)', () => {
  let s: TestServer;
  let other: TestServer | null = null;
  beforeAll(async () => {
    s = await startTestServer();
    // Office mode: a second server on the same PostgreSQL database, as another office machine's process.
    if (onPostgres()) other = await startTestServer({ dbFile: s.target });
  });
  afterAll(async () => {
    await other?.close();
    await s.close();
  });

  test('a write through the API shows in the next GET', async () => {
    const r = await seeded(s, 'Kontor AS');
    await readTwice(s, r.number);
    expect((await s.json(`/recipients/${r.number}`, { method: 'PUT', body: recipient({ name: 'Kontor Nytt AS' }) })).status).toBe(200);
    expect((await readTwice(s, r.number)).name).toBe('Kontor Nytt AS');
  });

  test.runIf(onPostgres())('a write through another server on the same PostgreSQL database shows in the next GET here', async () => {
    const r = await seeded(s, 'Fjernkontor AS');
    await readTwice(s, r.number);
    const put = await other!.json(`/recipients/${r.number}`, { method: 'PUT', body: recipient({ name: 'Endra på annan maskin AS', labels: [r.label] }) });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await readTwice(s, r.number)).name).toBe('Endra på annan maskin AS');
    expect((await other!.json(`/labels/${r.label}`, { method: 'PUT', body: { name: 'Annan gruppe' } })).status).toBe(200);
    expect((await readTwice(s, r.number)).labels).toEqual([{ number: r.label, name: 'Annan gruppe' }]);
  });
});
