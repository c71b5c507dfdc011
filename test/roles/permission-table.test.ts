/**
 * The permission table (main/op-permissions.ts) holds on every transport: every operation, as every role, over REST
 * (owner key, owner user's key, bookkeeper's key, no key), the browser GUI's /_ops (an owner's and a bookkeeper's
 * session) and IPC (the desktop app, the owner), answers what the table says: 403 FORBIDDEN_ROLE exactly where the role
 * may not run it, 401 without a key exactly where it is not public. Fast by design: the role is checked before the
 * operation runs, so every call carries a probe input the operation refuses (400) when it is allowed to look at it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createIpcHandler } from '../../main/ipc-handler.js';
import { accessOf, OP_ACCESS } from '../../main/op-permissions.js';
import { allOps, opTable } from '../../main/op-table.js';
import { startProgress } from '../../main/features/reports/report-progress.js';
import type { Op } from '../../main/ops/define.js';
import { ROLES_DOC, withCurrentTable } from '../../scripts/roles-doc.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

let s: TestServer;
let ownerUser: { id: number; key: string };
let kari: { id: number; key: string };
const cookies: Record<'owner' | 'bookkeeper', string> = { owner: '', bookkeeper: '' };

beforeAll(async () => {
  s = await startTestServer();
  const make = async (name: string, role: string) => (await s.json('/users/', { body: { name, role } })).body as { id: number; key: string };
  ownerUser = await make('Ola Eier', 'owner');
  kari = await make('Kari Bokfører', 'bookkeeper');
  for (const [role, key] of [['owner', TEST_KEY], ['bookkeeper', kari.key]] as const) {
    const r = await fetch(`${s.base}/app/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key }) });
    cookies[role] = r.headers.get('set-cookie')!.split(';')[0];
  }
}, 60_000);
afterAll(async () => s?.close());

/** A value no parameter accepts as it is (not a number, outside every pattern of the table's path parameters). */
const BAD = 'x!';
const paramNames = (op: Op) => [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const probePath = (op: Op) => op.path.replace(/\{\w+\}/g, encodeURIComponent(BAD)) + (op.method === 'GET' ? '?permissionProbe=1' : '');
const probeBody = { permissionProbe: true };
const probeEnvelope = (op: Op) => ({
  params: Object.fromEntries(paramNames(op).map((p) => [p, BAD])),
  query: op.method === 'GET' ? { permissionProbe: '1' } : {},
  ...(op.method === 'GET' ? {} : { body: probeBody }),
});

type Answer = { status: number; code: string | undefined };
const codeOf = (body: unknown): string | undefined => {
  const b = body as { error?: string | { code?: string }; code?: string } | undefined;
  return typeof b?.error === 'object' ? b.error.code : (b?.code ?? (typeof b?.error === 'string' ? b.error : undefined));
};

async function overRest(op: Op, key: string | null): Promise<Answer> {
  const res = await fetch(s.base + probePath(op), {
    method: op.method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    body: op.method === 'GET' ? undefined : JSON.stringify(probeBody),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined; // a file or a page
  }
  return { status: res.status, code: codeOf(body) };
}

async function overOps(op: Op, cookie: string): Promise<Answer> {
  const res = await fetch(`${s.base}/_ops/${op.name}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-kvitt-client': '1' }, body: JSON.stringify(probeEnvelope(op)) });
  const body = (await res.json()) as { ok: boolean; error?: { status: number; code: string } };
  return res.status === 200 && body.ok === false ? { status: body.error!.status, code: body.error!.code } : { status: res.status, code: codeOf(body) };
}

/** What the table says a caller must see: refused for its role, refused for want of a key, or let through. */
function expected(op: Op, who: 'owner' | 'bookkeeper' | 'nobody'): 'FORBIDDEN_ROLE' | 'UNAUTHORIZED' | 'through' {
  const access = accessOf(op);
  if (who === 'nobody') return access === 'public' ? 'through' : 'UNAUTHORIZED';
  return who === 'bookkeeper' && access === 'owner' ? 'FORBIDDEN_ROLE' : 'through';
}
function seen(a: Answer): 'FORBIDDEN_ROLE' | 'UNAUTHORIZED' | 'through' {
  if (a.status === 403 && a.code === 'FORBIDDEN_ROLE') return 'FORBIDDEN_ROLE';
  if (a.status === 401) return 'UNAUTHORIZED';
  return 'through';
}

describe('the table', () => {
  test('names every operation of the op table, and only those', () => {
    const names = allOps.map((op) => op.name);
    expect(Object.keys(OP_ACCESS).sort()).toEqual([...names].sort());
    for (const op of allOps) expect(accessOf(op) === 'public', op.name).toBe(!!op.public);
  });

  test('bookkeepers change no settings or rates and delete nothing; the daily work is theirs', () => {
    const owners = new Set(allOps.filter((op) => accessOf(op) === 'owner').map((op) => op.name));
    for (const op of allOps.filter((o) => o.method === 'DELETE' && o.name !== 'reports.cancel')) expect(owners, op.name).toContain(op.name);
    for (const n of ['dunnings.createInterestRate', 'dunnings.updateInterestRate', 'common.setExchangeRate', 'settings.update', 'settings.getApiKey', 'settings.regenerateApiKey', 'users.create', 'sessions.list', 'backups.restore', 'labels.create', 'customFields.create']) {
      expect(owners, n).toContain(n);
    }
    for (const n of ['settings.get', 'recipients.create', 'invoices.issue', 'invoices.registerPayment', 'dunnings.run', 'dunnings.create', 'reports.email', 'reports.cancel', 'me.get']) {
      expect(owners, n).not.toContain(n);
    }
  });

  test('docs/office-sessions-roles.md shows the table as it is (npx tsx scripts/roles-doc.ts writes it)', () => {
    const doc = readFileSync(ROLES_DOC, 'utf8');
    expect(withCurrentTable(doc) === doc, 'the role table in docs/office-sessions-roles.md is stale: run npx tsx scripts/roles-doc.ts').toBe(true);
  });
});

describe('every operation, every role, every transport', () => {
  test('REST: the owner key, an owner user, a bookkeeper, and no key', async () => {
    const wrong: string[] = [];
    for (const op of allOps) {
      const callers = [['owner', TEST_KEY], ['owner', ownerUser.key], ['bookkeeper', kari.key], ['nobody', null]] as const;
      const answers = await Promise.all(callers.map(([, key]) => overRest(op, key)));
      callers.forEach(([who, key], i) => {
        const a = answers[i];
        if (seen(a) !== expected(op, who) || a.status >= 500) wrong.push(`${op.name} as ${who}${key === ownerUser.key ? ' user' : ''}: ${a.status} ${a.code}`);
      });
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  test('/_ops: an owner session and a bookkeeper session', async () => {
    const wrong: string[] = [];
    for (const op of allOps) {
      for (const who of ['owner', 'bookkeeper'] as const) {
        const a = await overOps(op, cookies[who]);
        if (seen(a) !== expected(op, who) || a.status >= 500) wrong.push(`${op.name} as ${who}: ${a.status} ${a.code}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  test('IPC: the desktop app is the owner', async () => {
    const APP = 'file:///opt/kvitt/resources/app/out/renderer/';
    const handler = createIpcHandler(opTable, s.app.ctx, (url) => url.startsWith(APP));
    const wrong: string[] = [];
    for (const op of allOps) {
      const r = await handler({ senderFrame: { url: `${APP}index.html` } }, op.name, probeEnvelope(op));
      const a = r.ok ? { status: 200, code: undefined } : { status: r.error.status, code: r.error.code };
      if (seen(a) !== expected(op, 'owner') || a.status >= 500) wrong.push(`${op.name}: ${a.status} ${a.code}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe('what the issue found', () => {
  test('a bookkeeper cannot set a late-interest rate (POST /dunnings/interest-rates) or an exchange rate; nothing is stored', async () => {
    const before = (await s.json('/dunnings/interest-rates')).body;
    const rate = await fetch(`${s.base}/dunnings/interest-rates`, { method: 'POST', headers: { authorization: `Bearer ${kari.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ from: '2026-01-01', rate: 99 }) });
    expect(rate.status).toBe(403);
    expect(((await rate.json()) as { error: string }).error).toBe('FORBIDDEN_ROLE');
    expect((await s.json('/dunnings/interest-rates')).body).toEqual(before);
    const fx = await fetch(`${s.base}/common/currency/exchangeRates`, { method: 'PUT', headers: { authorization: `Bearer ${kari.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ currency: 'EUR', rate: 11.5 }) });
    expect(fx.status).toBe(403);
  });

  test('a bookkeeper cancels the report download she started, not another person’s; an owner cancels any', async () => {
    const actorOf = async (key: string) => (await (await fetch(`${s.base}/me`, { headers: { authorization: `Bearer ${key}` } })).json()) as { id: number; name: string; role: 'owner' | 'bookkeeper' };
    const kariActor = await actorOf(kari.key);
    const ola = (await s.json('/users/', { body: { name: 'Ola Bokfører', role: 'bookkeeper' } })).body as { key: string };
    const cancel = (token: string, key: string) => fetch(`${s.base}/reports/progress/${token}`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });

    const hers = startProgress({ ...s.app.ctx, actor: kariActor }, 'kari-export-1')!;
    const refused = await cancel('kari-export-1', ola.key);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('NOT_YOUR_EXPORT');
    expect(hers.cancelled).toBe(false);
    expect((await cancel('kari-export-1', kari.key)).status).toBe(204);
    expect(hers.cancelled).toBe(true);
    hers.finish('cancelled');

    const another = startProgress({ ...s.app.ctx, actor: kariActor }, 'kari-export-2')!;
    expect((await cancel('kari-export-2', TEST_KEY)).status).toBe(204);
    expect(another.cancelled).toBe(true);
    another.finish('cancelled');
  });
});
