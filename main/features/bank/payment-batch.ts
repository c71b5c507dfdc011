/**
 * Payments in from the bank, registered in bulk (docs/bank-files.md): the claims of a chunk's invoices read in one query,
 * each payment planned in memory (matching.ts planPayment, as POST /invoices/{n}/payments would register it), then the
 * ledger entries, the invoices' balances and the payments' audit entries written with prepared statements, many rows an
 * INSERT, in the caller's transaction. The same rows, in the same order, as registering each payment through the
 * payments service (test/bank/import-equivalence.test.ts). A match by hand is a batch of one.
 */
import { insertValues, prepared } from '../../../db/fast.js';
import type { TxCtx } from '../../ops/transaction.js';
import { auditMany, type AuditEntry } from '../audit/index.js';
import { claimsOf, planPayment, type Claim, type InvoiceHit, type KidHit, type PaymentPlan } from './matching.js';
import type { TxReason } from './bank.schema.js';

/** The ledger entry of a planned payment: its id once the batch is flushed. */
export interface EntryRef {
  entryId: number;
}

export type BatchOutcome = { status: 'MATCHED'; entry: EntryRef } | { status: 'UNMATCHED'; reason: TxReason };

interface Pending {
  claim: Claim;
  plan: PaymentPlan;
  entry: EntryRef;
}

const ROWS_PER_INSERT = 20;
const LEDGER_COLUMNS = ['document_id', 'kind', 'date', 'amount', 'currency_amount', 'bank_fee', 'reason', 'reverses_id', 'created_at'] as const;

/** An invoice's balance after a payment: one prepared UPDATE, built once (a 100,000-payment file runs it 100,000 times). */
const updateBalance = prepared((db, balance: number, paidTotal: number, settledDate: string | null, documentId: number) =>
  db.updateTable('invoice_balances').set({ balance, paid_total: paidTotal, settled_date: settledDate }).where('document_id', '=', documentId),
);

export class PaymentBatch {
  private claims = new Map<number, Claim>();
  /** Invoices paid since their claim was read: read again (after a flush) before another payment. */
  private paid = new Set<number>();
  private pending: Pending[] = [];

  constructor(private readonly tctx: TxCtx) {}

  /** Takes the claims the KID look-up read with its hits (matching.ts invoicesByKid); reads the others' (load). */
  async seed(hits: Iterable<KidHit>): Promise<void> {
    const unread: number[] = [];
    for (const h of hits) {
      if (h.claim && !this.claims.has(h.id)) this.claims.set(h.id, h.claim);
      else if (!h.claim) unread.push(h.id);
    }
    await this.load(unread);
  }

  /** Reads the claims of these invoices (one query for those not read yet, or paid since). */
  async load(ids: Iterable<number>): Promise<void> {
    const need = [...new Set(ids)].filter((id) => !this.claims.has(id) || this.paid.has(id));
    if (!need.length) return;
    if (need.some((id) => this.paid.has(id))) await this.flush();
    for (const c of await claimsOf(this.tctx, need)) {
      this.claims.set(c.id, c);
      this.paid.delete(c.id);
    }
  }

  /** Plans the payment of `invoice` by the transaction; written at the next flush. */
  async pay(invoice: InvoiceHit, tx: { amount: number; currency: string; date: string }): Promise<BatchOutcome> {
    await this.load([invoice.id]);
    const claim = this.claims.get(invoice.id);
    if (!claim) throw new Error(`invoice ${invoice.number} has no balance row`);
    const plan = planPayment(claim, tx);
    if (plan.status !== 'MATCHED') return plan;
    const entry = { entryId: 0 };
    this.pending.push({ claim, plan, entry });
    this.paid.add(claim.id);
    return { status: 'MATCHED', entry };
  }

  /** Writes the planned payments: ledger entries (their ids into the refs), balances, audit entries. */
  async flush(): Promise<void> {
    const pending = this.pending;
    if (!pending.length) return;
    this.pending = [];
    const { db } = this.tctx;
    const now = this.tctx.clock.timestamp();
    for (let i = 0; i < pending.length; i += ROWS_PER_INSERT) {
      const n = Math.min(ROWS_PER_INSERT, pending.length - i);
      const values: unknown[] = [];
      for (let k = i; k < i + n; k++) {
        const { claim, plan } = pending[k];
        values.push(claim.id, 'payment', plan.input.date, plan.settles, plan.nok, null, null, null, now);
      }
      const result = await insertValues<{ id: number }>(db, 'ledger_entries', LEDGER_COLUMNS, values, n, ['id']);
      // One INSERT numbers its rows in the order of its VALUES (SQLite rowid, PostgreSQL sequence).
      const ids = result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
      if (ids.length !== n) throw new Error(`ledger_entries: ${ids.length} ids for ${n} rows`);
      for (let k = 0; k < n; k++) pending[i + k].entry.entryId = ids[k];
    }
    for (const { claim, plan } of pending) {
      const balance = claim.balance - plan.settles;
      await updateBalance.execute(db, balance, claim.paidTotal + plan.settles, balance <= 0 ? (claim.settledDate ?? plan.input.date) : null, claim.id);
    }
    const entries: AuditEntry[] = pending.map(({ claim, plan, entry }) => ({ entity: 'invoice', entityId: claim.number, action: 'payment', data: { entry: entry.entryId, ...plan.input } }));
    await auditMany(this.tctx, entries);
  }

  /** Forgets the claims read (after a flush): the next chunk reads its own. */
  forget(): void {
    if (this.pending.length) throw new Error('PaymentBatch.forget before flush');
    this.claims.clear();
    this.paid.clear();
  }
}

/** One payment (a match by hand): planned and written at once; its ledger entry's id, or why it takes nothing. */
export async function payInvoice(tctx: TxCtx, invoice: InvoiceHit, tx: { amount: number; currency: string; date: string }): Promise<{ status: 'MATCHED'; entryId: number } | { status: 'UNMATCHED'; reason: TxReason }> {
  const batch = new PaymentBatch(tctx);
  const out = await batch.pay(invoice, tx);
  await batch.flush();
  return out.status === 'MATCHED' ? { status: 'MATCHED', entryId: out.entry.entryId } : out;
}
