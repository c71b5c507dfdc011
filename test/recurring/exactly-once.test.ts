/**
 * Exactly once across processes (issue 26): real `serve` processes on one database answer `POST /recurring/run` 20 times
 * at once; every occurrence is issued once (one invoice, one queued e-mail), the invoice numbers have no gap, and the
 * answers together name each occurrence once. PostgreSQL: two processes on one database. SQLite has one process per file
 * (its lock file), so there the 20 runs go to one process at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { COMPANY } from '../helpers/documents.js';
import { onPostgres, testDatabase } from '../helpers/database.js';
import { recipient } from '../helpers/server.js';
import { startProcess, type KvittProcess } from '../office/processes.js';

const dir = mkdtempSync(join(tmpdir(), 'kvitt-recurring-once-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SERIES = 12;

test(`20 concurrent runs on ${onPostgres() ? 'two processes' : 'one process'} issue each occurrence once`, { timeout: 240_000 }, async () => {
  const tdb = onPostgres() ? testDatabase() : testDatabase(join(dir, 'once.sqlite'));
  const procs: KvittProcess[] = [];
  try {
    procs.push(await startProcess(tdb.target)); // KVITT_TODAY=2026-03-15; the first one migrates
    // Both started before there is a series: their start-up runs find nothing, so the 20 runs below do all the work.
    if (onPostgres()) procs.push(await startProcess(tdb.target));
    const first = procs[0];
    const set = await first.call('/originators/current/settings', {
      method: 'PUT',
      body: { company: COMPANY, sending: { smtp: { host: '127.0.0.1', port: 9, security: 'NONE' }, fromAddress: 'faktura@fjordraad.no', fromName: 'Fjordkraft' } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const r = await first.call('/recipients/', { body: recipient() });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const customer = Number(r.location!.split('/').pop());
    // Half monthly from 15 January (January, February, March due), half weekly from 1 March (3 of 3 due).
    for (let i = 0; i < SERIES; i++) {
      const c = await first.call('/recurring/', {
        body: {
          recipientNumber: customer,
          items: [{ description: `Abonnement ${i} {periode}`, quantity: 1, unitPrice: 100 + i, taxRate: 25 }],
          interval: i % 2 ? { unit: 'WEEK', every: 1 } : { unit: 'MONTH', every: 1 },
          startDate: i % 2 ? '2026-03-01' : '2026-01-15',
          shipment: { email: [{ address: `kunde${i}@example.no` }] },
        },
      });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
    }

    const answers = await Promise.all(Array.from({ length: 20 }, (_, k) => procs[k % procs.length].call('/recurring/run', { method: 'POST' })));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const issued = answers.flatMap((a) => a.body.issued as Array<{ recurring: number; period: string; invoiceNumber: number }>);
    const keys = issued.map((i) => `${i.recurring} ${i.period}`);
    expect(new Set(keys).size).toBe(keys.length); // no occurrence twice
    expect(keys).toHaveLength(SERIES * 3);
    const numbers = issued.map((i) => i.invoiceNumber).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]).toBe(numbers.length - 1); // contiguous

    // The database agrees: as many invoices and queued e-mails as occurrences, each series' periods in order.
    const invoices = await first.call('/invoices/?perPage=1000');
    expect(invoices.body, JSON.stringify(invoices.body).slice(0, 300)).toHaveLength(SERIES * 3);
    const outbox = await first.call('/outbox/?perPage=1000');
    expect(outbox.body.filter((o: { method: string }) => o.method === 'email'), JSON.stringify(outbox.body).slice(0, 300)).toHaveLength(SERIES * 3);
    for (let n = 1; n <= SERIES; n++) {
      const got = await procs[n % procs.length].call(`/recurring/${n}`);
      expect(got.body.issuedCount).toBe(3);
      expect(got.body.invoices.map((i: { period: string }) => i.period).reverse()).toEqual(n % 2 ? ['januar 2026', 'februar 2026', 'mars 2026'] : ['uke 9 2026', 'uke 10 2026', 'uke 11 2026']);
    }
    const again = await procs[procs.length - 1].call('/recurring/run', { method: 'POST' });
    expect(again.body.issued).toEqual([]);
  } finally {
    for (const p of procs) await p.kill('SIGTERM');
    await tdb.drop();
  }
});
