import { expect } from 'vitest';
import { recipient, startTestServer, type TestServer } from './server.js';

export const COMPANY = {
  name: 'Fjordkraft Rådgivning AS',
  orgNumber: '923609016',
  orgForm: 'as',
  vatRegistered: true,
  address1: 'Storgata 1',
  zip: '0155',
  city: 'OSLO',
  bankAccount: '86011117947',
  iban: 'NO9386011117947',
  bic: 'DNBANOKK',
  email: 'faktura@fjordraad.no',
};

/**
 * For test files that date invoices freely to test something else (exchange rates of a date, interest periods, list
 * order): the back-dating window a user who invoices old work would set. The date rule itself is tested in
 * test/documents/document-dates.test.ts.
 */
export const BACKDATING = { backdatingDays: 365 } as const;

export interface DocServer extends TestServer {
  /** Recipient numbers: company (org number, creditDays 10, discount 0) and person (no org number). */
  company: number;
  person: number;
}

/** A test server with the originator set up, two recipients and three products (A1 25 %, MAT 15 %, BOK 0 % Z). */
export async function startDocServer(opts: { today?: string; settings?: Record<string, unknown>; invoicing?: Record<string, unknown>; dbFile?: string } = {}): Promise<DocServer> {
  const s = await startTestServer({ today: opts.today ?? '2026-03-15', dbFile: opts.dbFile });
  const set = await s.json('/originators/current/settings', { method: 'PUT', body: { company: { ...COMPANY, ...(opts.settings ?? {}) }, invoicing: { kidScheme: 'MOD10', kidLength: 8, ...(opts.invoicing ?? {}) } } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const r1 = await s.json('/recipients/', { body: recipient({ customerNumber: '42', settings: { creditDays: 10 }, yourReference: 'Per Ærlig' }) });
  expect(r1.status, JSON.stringify(r1.body)).toBe(201);
  const r2 = await s.json('/recipients/', {
    body: { name: 'Ola Nordmann', contact: { address: { address1: 'Lillevegen 3', zip: '2000', city: 'LILLESTRØM' } }, settings: { discount: 10 } },
  });
  expect(r2.status, JSON.stringify(r2.body)).toBe(201);
  const p = await s.json('/products/', {
    body: [
      { code: 'A1', description: 'Konsulenttime', unitPrice: 1250, taxRate: 25, unit: 'timer' },
      { code: 'MAT', description: 'Smørbrød', unitPrice: 89.5, taxRate: 15, unit: 'stk' },
      { code: 'BOK', description: 'Bok', unitPrice: 300, taxRate: 0, vatCategory: 'Z', unit: 'stk' },
    ],
  });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  const num = (loc: string | null) => Number(loc!.split('/').pop());
  return Object.assign(s, { company: num(r1.res.headers.get('location')), person: num(r2.res.headers.get('location')) });
}

export const numberOf = (res: Response) => Number(res.headers.get('location')!.split('/').pop());

/** Issues an invoice directly; returns its number. */
export async function issueInvoice(s: TestServer, body: Record<string, unknown>): Promise<number> {
  const r = await s.json('/invoices/', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return numberOf(r.res);
}
