/**
 * Two bank files imported at once (two windows, or a client beside the GUI): each import paces itself (its own clock of
 * work since its last pause, import.service.ts Pacer) and both end right: every payment of each file registered once on
 * its invoice, with its ledger entry and audit entry, the balances settled, the unknown KIDs left unmatched, whichever
 * import the server worked on when. Each file spans several chunks, with payments in more than one of them. On SQLite
 * the writes take turns on the one writer; on PostgreSQL the two transactions run side by side.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHUNK } from '../../main/features/bank/import.service.js';
import { ocrFile, ocrSpec, type OcrPayment } from '../helpers/bank-file-gen.js';
import { invoice, invoiceView, OWN, payments, postFile, startDocServer, type DocServer } from './setup.js';

let s: DocServer;
beforeAll(async () => {
  s = await startDocServer();
});
afterAll(async () => {
  await s.close();
});

/** A file of CHUNK * 2 + 40 transactions, unknown KIDs except the invoices' payments at positions 0, CHUNK - 1, CHUNK + 7 and the end. */
function fileFor(date: string, paid: { kid: string; ore: number }[]): string {
  const at = [0, CHUNK - 1, CHUNK + 7, CHUNK * 2 + 39];
  const list: OcrPayment[] = Array.from({ length: CHUNK * 2 + 40 }, (_, i) => ({ amountOre: 1000 + i, kid: '99999995' }));
  paid.forEach((p, k) => (list[at[k]] = { amountOre: p.ore, kid: p.kid }));
  return ocrFile(ocrSpec(OWN, date, list));
}

test('two imports at once both register every payment once, with its entry and audit entry, and leave the rest unmatched', async () => {
  const kr = [400, 500, 600, 700, 800, 900, 1000, 1100];
  const invoices = [];
  for (const k of kr) invoices.push({ ...(await invoice(s, k)), kr: k });
  const a = invoices.slice(0, 4);
  const b = invoices.slice(4);
  // a's four paid in full; b's partly (half each): the balances say which file paid what.
  const fileA = fileFor('2026-03-12', a.map((i) => ({ kid: i.kid, ore: i.kr * 100 })));
  const fileB = fileFor('2026-03-13', b.map((i) => ({ kid: i.kid, ore: i.kr * 50 })));

  const [ra, rb] = await Promise.all([postFile(s, fileA, { name: 'a.txt' }), postFile(s, fileB, { name: 'b.txt' })]);
  const [ja, jb] = [await ra.json(), await rb.json()];
  expect([ra.status, rb.status], JSON.stringify([ja, jb])).toEqual([201, 201]);
  const n = CHUNK * 2 + 40;
  expect(ja).toMatchObject({ fileName: 'a.txt', transactions: n, matched: 4, unmatched: n - 4, duplicates: 0, matchedAmount: 400 + 500 + 600 + 700 });
  expect(jb).toMatchObject({ fileName: 'b.txt', transactions: n, matched: 4, unmatched: n - 4, duplicates: 0, matchedAmount: (800 + 900 + 1000 + 1100) / 2 });

  for (const i of a) {
    expect(await invoiceView(s, i.number)).toMatchObject({ currentBalance: 0 });
    const p = await payments(s, i.number);
    expect(p.map((x) => [x.date, x.amount])).toEqual([['2026-03-12', i.kr]]);
  }
  for (const i of b) {
    expect(await invoiceView(s, i.number)).toMatchObject({ currentBalance: i.kr / 2 });
    const p = await payments(s, i.number);
    expect(p.map((x) => [x.date, x.amount])).toEqual([['2026-03-13', i.kr / 2]]);
  }
  // Each file's transactions: the payments matched to their invoices and entries, every other one unmatched.
  for (const [file, inv] of [[ja, a], [jb, b]] as const) {
    const txs: any[] = [];
    for (let page = 1; txs.length < n; page++) {
      const r = await s.json(`/bank-files/${file.id}/transactions?perPage=500&page=${page}`);
      expect(r.status).toBe(200);
      txs.push(...r.body);
      if (!r.body.length) break;
    }
    expect(txs).toHaveLength(n);
    const matched = txs.filter((t) => t.status === 'MATCHED');
    expect(matched.map((t) => t.invoiceNumber).sort()).toEqual(inv.map((i) => i.number).sort());
    expect(new Set(matched.map((t) => t.paymentId)).size).toBe(4);
    expect(txs.filter((t) => t.status === 'UNMATCHED').every((t) => t.reason === 'UNKNOWN_KID')).toBe(true);
  }
  // One audit entry per payment, none twice, and one per file.
  const db = s.app.ctx.db;
  const audit = await db.selectFrom('audit_log').select(['entity', 'entity_id', 'action']).where('action', 'in', ['payment', 'import']).execute();
  const paymentsLogged = audit.filter((e) => e.entity === 'invoice' && e.action === 'payment').map((e) => Number(e.entity_id));
  expect(paymentsLogged.sort()).toEqual(invoices.map((i) => i.number).sort());
  const filesLogged = audit.filter((e) => e.entity === 'bank-file').map((e) => Number(e.entity_id));
  expect(filesLogged.sort()).toEqual([ja.id, jb.id].sort());
  const entries = await db.selectFrom('ledger_entries').select(['document_id']).where('kind', '=', 'payment').execute();
  expect(entries).toHaveLength(8);
}, 60_000);
