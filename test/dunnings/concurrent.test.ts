/**
 * Dunnings made at once (issue 22): the same answer on SQLite and PostgreSQL. Ten clicks on "Send purring" for one
 * invoice make one reminder and nine 409s with the catalogue code; four automatic runs at once (on two servers of one
 * PostgreSQL database in the pg pass) remind each due invoice once. No answer carries a database message.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_KEY } from '../helpers/server.js';
import { peersOf, type Peer } from '../office/servers.js';
import { owe, startDocServer, type DocServer } from './setup.js';

let s: DocServer;
let peers: Peer[];
beforeAll(async () => {
  s = await startDocServer({ today: '2026-03-15' });
  peers = await peersOf(s, 2, 4);
});
afterAll(async () => {
  for (const p of peers.slice(1)) await p.close();
  await s.close();
});

const RAW = /duplicate key|unique|constraint|SQLITE_|violates/i;

/** POST without a body on one server (the run takes none). */
async function run(p: Peer): Promise<{ status: number; body: any }> {
  const res = await fetch(`${p.base}/dunnings/run`, { method: 'POST', headers: { authorization: `Bearer ${TEST_KEY}` } });
  return { status: res.status, body: await res.json() };
}

describe('dunnings made at once', () => {
  test('10 reminders for one invoice at once: one made, nine 409 DUNNED_TODAY, no database text', async () => {
    const inv = await owe(s, 5_000, '2026-02-01');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => peers[i % peers.length].json('/dunnings/', { invoiceNumber: inv })));
    const made = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(made).toHaveLength(1);
    expect(refused.map((a) => a.status)).toEqual(Array(9).fill(409));
    for (const a of refused) {
      expect(a.body.fields).toEqual([expect.objectContaining({ field: 'invoiceNumber', code: 'DUNNED_TODAY', params: { number: inv, dunning: made[0].body.number } })]);
      expect(JSON.stringify(a.body)).not.toMatch(RAW);
    }
    const listed = (await s.json(`/dunnings/?invoiceNumber=${inv}`)).body as Array<{ invoiceNumber: number }>;
    expect(listed.filter((d) => d.invoiceNumber === inv)).toHaveLength(1);
    expect((await s.json(`/invoices/${inv}`)).body).toMatchObject({ currentBalance: 5_000 + 35 + 69.04 });
  });

  test('four automatic runs at once: every due invoice reminded once, every answer a 200 without database text', async () => {
    const due = [];
    for (let i = 0; i < 6; i++) due.push(await owe(s, 1_000 + i, '2026-02-01'));
    const runs = await Promise.all(Array.from({ length: 4 }, (_, i) => run(peers[i % peers.length])));
    for (const r of runs) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(JSON.stringify(r.body)).not.toMatch(RAW);
    }
    expect(runs.reduce((n, r) => n + r.body.created, 0)).toBe(due.length);
    const all = (await s.json('/dunnings/?perPage=500')).body as Array<{ invoiceNumber: number }>;
    for (const inv of due) expect(all.filter((d) => d.invoiceNumber === inv), `invoice ${inv}`).toHaveLength(1);
  });
});
