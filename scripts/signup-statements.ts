/**
 * Dev script: lists the SQL statements one paid signup (and one free signup) runs, with SQLite's query plan for each,
 * flagging full scans. `npx tsx scripts/signup-statements.ts` (a temporary file database; nothing else is touched).
 */
import SqliteDatabase from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp } from '../main/app.js';
import { fixedClock } from '../main/clock.js';
import { buildHttpServer } from '../main/http/server.js';
import { allOps } from '../main/op-table.js';

const KEY = 'statements-key-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'kvitt-stmts-'));
const app = await openApp({ dbFile: join(dir, 'db.sqlite'), clock: fixedClock('2026-03-15'), apiKey: KEY });
const { app: http } = await buildHttpServer({ ctx: app.ctx, ops: allOps, apiKey: () => KEY, port: () => 0, publicRateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });

// Every statement run on the connection passes through one of these Statement methods.
const proto = Object.getPrototypeOf(app.database.raw.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
let log: string[] | null = null;
for (const m of ['run', 'get', 'all', 'iterate']) {
  const orig = proto[m]!;
  proto[m] = function (this: SqliteDatabase.Statement, ...args: unknown[]) {
    log?.push(this.source);
    return orig.apply(this, args);
  };
}
const inject = async (method: 'POST' | 'PUT', url: string, payload: unknown, key = true) => {
  const r = await http.inject({ method, url, payload: payload as object, headers: key ? { authorization: `Bearer ${KEY}` } : {} });
  if (r.statusCode >= 300) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json();
};
try {
  await inject('PUT', '/originators/current/settings', { company: { name: 'Bench AS', orgNumber: '923609016', vatRegistered: true, bankAccount: '86011117947', address1: 'Gate 1', zip: '0155', city: 'OSLO' } });
  await inject('POST', '/products/', { code: 'KURS', description: 'Kurs', unitPrice: 1000, taxRate: 25 });
  for (const price of [1000, 0]) {
    const ev = await inject('POST', '/host/events/', { name: `Ev ${price}`, date: '2026-06-01 09:00', location: { name: 'Sal' }, price, taxRate: 25, productNumber: price ? 'KURS' : null, contactPerson: { name: 'K', email: 'k@example.no' }, participantLimit: 100 });
    const body = (i: number) => ({ name: `Deltaker ${i}`, email: `d${i}@example.no`, invoice: { name: `Deltaker ${i}`, address: 'Vei 1', zip: '0150', city: 'OSLO' } });
    await inject('POST', `/events/${ev.id}/signup`, body(0), false); // warm-up: series rows, caches
    log = [];
    await inject('POST', `/events/${ev.id}/signup`, body(1), false);
    const stmts = log;
    log = null;
    console.log(`\n== ${price ? 'paid' : 'free'} signup: ${stmts.length} statements`);
    for (const sql of stmts) {
      let plan = '';
      if (/^\s*(select|update|delete|insert)/i.test(sql) && !/^\s*insert/i.test(sql.trim()) || /^\s*(update|delete)/i.test(sql)) {
        try {
          const n = (sql.match(/\?/g) ?? []).length;
          const rows = app.database.raw.prepare(`explain query plan ${sql}`).all(...Array(n).fill(null)) as { detail: string }[];
          plan = rows.map((r) => r.detail).join(' | ');
        } catch (e) { plan = `(plan: ${(e as Error).message})`; }
      }
      const scan = /\bSCAN\b(?! CONSTANT)/.test(plan) && !/USING (COVERING )?INDEX/.test(plan.split('|').find((p) => /SCAN/.test(p)) ?? '') ? '  <-- SCAN' : '';
      console.log(`- ${sql.replace(/\s+/g, ' ').slice(0, 230)}${plan ? `\n    plan: ${plan}` : ''}${scan}`);
    }
  }
} finally {
  await http.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
