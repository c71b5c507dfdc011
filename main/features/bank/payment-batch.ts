/**
 * Payments in from the bank, registered in bulk (docs/bank-files.md): the claims of a chunk's invoices read in one query,
 * each payment planned in memory (matching.ts planPayment, as POST /invoices/{n}/payments would register it), then the
 * ledger entries, the invoices' balances and the payments' audit entries written with prepared statements, many rows an
 * INSERT, in the caller's transaction. The same rows, in the same order, as registering each payment through the
 * payments service (test/bank/import-equivalence.test.ts). A match by hand is a batch of one.
 */
import { sql } from 'kysely';
import { insertValuesIds, prepared } from '../../../db/fast.js';
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

/** Balances updated by one statement: a flush of 500 payments is five UPDATEs, not 500. */
const BALANCES_PER_UPDATE = 100;

/**
 * The balances of `count` invoices after their payments, one UPDATE … FROM (VALUES …) (SQLite and PostgreSQL alike; the
 * values cast so PostgreSQL knows their types), built once per count. Each invoice at most once a flush (pay() flushes
 * before an invoice's second payment), so every row is matched by one row of the values.
 */
const updateBalancesOf = new Map<number, ReturnType<typeof balancesUpdate>>();
function balancesUpdate(count: number) {
  return prepared(
    (db, ...p: unknown[]) =>
      db
        .updateTable('invoice_balances')
        .set({ balance: sql`v.column2`, paid_total: sql`v.column3`, settled_date: sql`v.column4` })
        .from(
          sql<{ column1: number }>`(values ${sql.join(
            Array.from({ length: count }, (_, r) => sql`(cast(${p[r * 4]} as bigint), cast(${p[r * 4 + 1]} as bigint), cast(${p[r * 4 + 2]} as bigint), cast(${p[r * 4 + 3]} as text))`),
          )})`.as('v'),
        )
        .whereRef('invoice_balances.document_id', '=', sql.ref('v.column1')),
    count * 4,
  );
}
const updateBalances = (count: number) => {
  let u = updateBalancesOf.get(count);
  if (!u) updateBalancesOf.set(count, (u = balancesUpdate(count)));
  return u;
};

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
      const ids = await insertValuesIds(db, 'ledger_entries', LEDGER_COLUMNS, values, n);
      for (let k = 0; k < n; k++) pending[i + k].entry.entryId = ids[k];
    }
    for (let i = 0; i < pending.length; i += BALANCES_PER_UPDATE) {
      const n = Math.min(BALANCES_PER_UPDATE, pending.length - i);
      const values: unknown[] = [];
      for (let k = i; k < i + n; k++) {
        const { claim, plan } = pending[k];
        const balance = claim.balance - plan.settles;
        values.push(claim.id, balance, claim.paidTotal + plan.settles, balance <= 0 ? (claim.settledDate ?? plan.input.date) : null);
      }
      const r = await updateBalances(n).executeWith(db, values);
      if (Number(r.numAffectedRows) !== n) throw new Error(`invoice_balances: ${r.numAffectedRows} rows updated for ${n} payments`);
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
