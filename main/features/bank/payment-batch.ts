/**
 * Payments in from the bank, registered in bulk (docs/bank-files.md): the claims of a chunk's invoices read in one query,
 * each payment planned in memory (matching.ts planPayment, as POST /invoices/{n}/payments would register it), then the
 * ledger entries, the invoices' balances and the payments' audit entries written with prepared statements, many rows an
 * INSERT, in the caller's transaction. The same rows, in the same order, as registering each payment through the
 * payments service (test/bank/import-equivalence.test.ts). A match by hand is a batch of one.
 */
import { insertRows, prepared } from '../../../db/fast.js';
import type { AppContext } from '../../context.js';
import { auditMany, type AuditEntry } from '../audit/index.js';
import { claimsOf, planPayment, type Claim, type InvoiceHit, type PaymentPlan } from './matching.js';
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

/** An invoice's balance after a payment: one prepared UPDATE, built once (a 100,000-payment file runs it 100,000 times). */
const updateBalance = prepared((db, balance: number, paidTotal: number, settledDate: string | null, documentId: number) =>
  db.updateTable('invoice_balances').set({ balance, paid_total: paidTotal, settled_date: settledDate }).where('document_id', '=', documentId),
);

export class PaymentBatch {
  private claims = new Map<number, Claim>();
  /** Invoices paid since their claim was read: read again (after a flush) before another payment. */
  private paid = new Set<number>();
  private pending: Pending[] = [];

  constructor(private readonly tctx: AppContext) {}

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
      const group = pending.slice(i, i + ROWS_PER_INSERT);
      const rows = group.map(({ claim, plan }) => ({
        document_id: claim.id,
        kind: 'payment',
        date: plan.input.date,
        amount: plan.settles,
        currency_amount: plan.nok,
        bank_fee: null,
        reason: null,
        reverses_id: null,
        created_at: now,
      }));
      const result = await insertRows<{ id: number }>(db, 'ledger_entries', rows, ['id']);
      // One INSERT numbers its rows in the order of its VALUES (SQLite rowid, PostgreSQL sequence).
      const ids = result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
      if (ids.length !== group.length) throw new Error(`ledger_entries: ${ids.length} ids for ${group.length} rows`);
      group.forEach((p, k) => (p.entry.entryId = ids[k]));
    }
    for (const { claim, plan } of pending) {
      const balance = claim.balance - plan.settles;
      await updateBalance.execute(db, balance, claim.paidTotal + plan.settles, balance <= 0 ? (claim.settledDate ?? plan.input.date) : null, claim.id);
    }
    const entries: AuditEntry[] = pending.map(({ claim, plan, entry }) => ({ entity: 'invoice', entityId: claim.number, action: 'payment', data: { entry: entry.entryId, ...plan.input } }));
    await auditMany(db, this.tctx.clock, entries);
  }

  /** Forgets the claims read (after a flush): the next chunk reads its own. */
  forget(): void {
    if (this.pending.length) throw new Error('PaymentBatch.forget before flush');
    this.claims.clear();
    this.paid.clear();
  }
}

/** One payment (a match by hand): planned and written at once; its ledger entry's id, or why it takes nothing. */
export async function payInvoice(tctx: AppContext, invoice: InvoiceHit, tx: { amount: number; currency: string; date: string }): Promise<{ status: 'MATCHED'; entryId: number } | { status: 'UNMATCHED'; reason: TxReason }> {
  const batch = new PaymentBatch(tctx);
  const out = await batch.pay(invoice, tx);
  await batch.flush();
  return out.status === 'MATCHED' ? { status: 'MATCHED', entryId: out.entry.entryId } : out;
}
