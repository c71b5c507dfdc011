/**
 * Holds the paid-signup floor (signup-floor.ts) to Kvitt's content (not a benchmark itself): two fresh databases set up
 * alike, three paid signups through Kvitt's HTTP API in one and three through the floor in the other, then every row of
 * every table the signup writes compared column by column (the Message-IDs aside: random). events.bench.ts runs it
 * first and stops when a row differs, so the floor it times writes exactly what Kvitt writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { openApp } from '../../main/app.js';
import { fixedClock } from '../../main/clock.js';
import { buildHttpServer } from '../../main/http/server.js';
import { allOps } from '../../main/op-table.js';
import { KEY } from './lib.js';
import { type FloorEvent, type FloorSeller, paidSignupFloor } from './signup-floor.js';

export const SELLER: FloorSeller = { name: 'Bench AS', orgNumber: '923609016', address1: 'Gate 1', zip: '0155', city: 'OSLO', bankAccount: '86011117947', iban: 'NO9386011117947' };
export const SETTINGS = { company: { name: SELLER.name, orgNumber: SELLER.orgNumber, vatRegistered: true, bankAccount: SELLER.bankAccount, address1: SELLER.address1, zip: SELLER.zip, city: SELLER.city } };
export const PRODUCT = { code: 'KURS', description: 'Kurs', unitPrice: 1000, taxRate: 25 };
export const eventBody = (price: number, limit: number) => ({
  name: `Bench ${price}`, date: '2026-06-01 09:00', location: { name: 'Sal' }, price, taxRate: 25, productNumber: price ? 'KURS' : null,
  contactPerson: { name: 'K', email: 'k@example.no' }, participantLimit: limit,
});
export const signupBody = (i: number, tag: string) => ({
  name: `Deltaker ${i}`, email: `d${tag}${i}@example.no`, invoice: { name: `Deltaker ${i}`, address: 'Vei 1', zip: '0150', city: 'OSLO' },
});
/** The floor's view of an event made with eventBody(price). */
export const floorEvent = (number: number, price: number): FloorEvent => ({
  number, name: `Bench ${price}`, startsAt: '2026-06-01 09:00', locationName: 'Sal', price: price * 100, taxRate: 2500, productCode: 'KURS',
});

const TABLES = ['events', 'number_series', 'recipients', 'documents', 'document_lines', 'invoice_balances', 'outbox', 'event_participants', 'audit_log'];

async function oneSide(kvitt: boolean): Promise<Record<string, unknown[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'kvitt-floor-check-'));
  const app = await openApp({ dbFile: join(dir, 'check.sqlite'), clock: fixedClock('2026-03-15'), apiKey: KEY, sender: false });
  const { app: http } = await buildHttpServer({ ctx: app.ctx, ops: allOps, apiKey: () => KEY, port: () => 0, publicRateLimit: { max: 1_000_000, timeWindowMs: 60_000 } });
  try {
    const inject = async (method: 'POST' | 'PUT', url: string, payload: object, key = true) => {
      const r = await http.inject({ method, url, payload, headers: key ? { authorization: `Bearer ${KEY}` } : {} });
      if (r.statusCode >= 300) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r.json();
    };
    await inject('PUT', '/originators/current/settings', SETTINGS);
    await inject('POST', '/products/', PRODUCT);
    const ev = await inject('POST', '/host/events/', eventBody(1000, 10));
    const floor = kvitt ? null : paidSignupFloor(app.database.raw, floorEvent(ev.number, 1000), SELLER);
    // Kvitt's three signups one after the other (a COMMIT each); the floor's the same, then two in one COMMIT.
    for (let i = 0; i < 3; i++) if (!floor) await inject('POST', `/events/${ev.id}/signup`, signupBody(i, 'check'), false);
    floor?.([signupBody(0, 'check')]);
    floor?.([signupBody(1, 'check'), signupBody(2, 'check')]);
    const dump: Record<string, unknown[]> = {};
    for (const t of TABLES) {
      dump[t] = app.database.raw.prepare(`select * from ${t} order by rowid`).all().map((r) => {
        const { message_id: _m, public_id: _p, ...rest } = r as Record<string, unknown>;
        return rest;
      });
    }
    return dump;
  } finally {
    await http.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The differences between Kvitt's rows and the floor's (empty when the floor writes the same). */
export async function floorDifferences(): Promise<string[]> {
  const [kvitt, floor] = [await oneSide(true), await oneSide(false)];
  const out: string[] = [];
  for (const t of TABLES) {
    if (kvitt[t].length !== floor[t].length) out.push(`${t}: Kvitt ${kvitt[t].length} rows, floor ${floor[t].length}`);
    kvitt[t].forEach((row, i) => {
      if (!isDeepStrictEqual(row, floor[t][i])) out.push(`${t}[${i}]: Kvitt ${JSON.stringify(row)}\n   floor ${JSON.stringify(floor[t][i])}`);
    });
  }
  return out;
}
