/**
 * Utboks → "Åpne EHF-mappen" in the desktop app (main/ipc-ehf-folder.ts, wired to Electron's shell.openPath in
 * main/ipc.ts): the folder opened is the data folder's outbox/ehf — where the sender writes the EHF files — made when no
 * EHF was written yet; the window cannot name another folder; another frame is refused; a folder the system cannot open
 * comes back with the system's reason; an in-memory Kvitt has none.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createEhfFolderHandler, ehfFolderOf } from '../../main/ipc-ehf-folder.js';

const APP = 'file:///opt/kvitt/resources/app/out/renderer/';
const trusted = { senderFrame: { url: `${APP}index.html#/outbox/delivered` } };
const isAppUrl = (url: string) => url.startsWith(APP);
const dir = mkdtempSync(join(tmpdir(), 'kvitt-ehf-folder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('opens the data folder’s outbox/ehf, made if missing; the answer names it', async () => {
  const opened: string[] = [];
  const handler = createEhfFolderHandler({ dataDir: dir }, isAppUrl, async (p) => (opened.push(p), ''));
  const want = join(dir, 'outbox', 'ehf');
  expect(existsSync(want)).toBe(false);
  const r = await handler(trusted);
  expect(r).toEqual({ ok: true, value: { path: want } });
  expect(opened).toEqual([want]);
  expect(statSync(want).isDirectory()).toBe(true);
  expect(ehfFolderOf(dir)).toBe(want);
  // the window's arguments are not a path: whatever it sends, the same folder opens
  await (handler as (e: typeof trusted, ...rest: unknown[]) => Promise<unknown>)(trusted, '/etc');
  expect(opened).toEqual([want, want]);
});

test('another frame is refused and nothing is opened', async () => {
  const opened: string[] = [];
  const handler = createEhfFolderHandler({ dataDir: dir }, isAppUrl, async (p) => (opened.push(p), ''));
  const r = await handler({ senderFrame: { url: 'https://evil.example/' } });
  expect(r).toMatchObject({ ok: false, error: { status: 403, code: 'FORBIDDEN_SENDER' } });
  expect(await handler({ senderFrame: null })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  expect(opened).toEqual([]);
});

test('the system’s reason when the folder cannot be opened; an in-memory Kvitt has no folder', async () => {
  const failing = createEhfFolderHandler({ dataDir: dir }, isAppUrl, async () => 'No application is registered for folders');
  const r = await failing(trusted);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe('FOLDER_NOT_OPENED');
    expect(r.error.message).toContain('No application is registered for folders');
    expect(r.error.message).toContain(join(dir, 'outbox', 'ehf'));
  }
  const opened: string[] = [];
  const memory = createEhfFolderHandler({ dataDir: null }, isAppUrl, async (p) => (opened.push(p), ''));
  expect(await memory(trusted)).toMatchObject({ ok: false, error: { status: 409, code: 'EHF_NEEDS_DATA_FOLDER' } });
  expect(opened).toEqual([]);
});
