/**
 * Payments and losses: rows of ledger_entries (append-only: the triggers refuse UPDATE and DELETE) that refer to an
 * issued invoice; invoice_balances is updated in the same transaction, so the issued document row never changes.
 * Mistakes are undone by a reversing entry, never by deleting history.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, LedgerEntriesTable } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { hasAtMostDecimals, krToOre, oreToKr } from '../../domain/money.js';
import { roundDiv } from '../../domain/totals.js';
import { fieldError, FieldErrors, notFound, OpError, validationError } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import { cancelOpenFees } from './claim-effects.js';
import type { PaymentInput } from '../documents/core.js';
import { numbersOf } from '../documents/core.js';
import { inTx } from '../../ops/transaction.js';
import type { LedgerEntryView } from './invoices.output.js';

type Entry = Selectable<LedgerEntriesTable>;
/** refund / credit-transfer-out / credit-transfer-in: refunds.service.ts (a negative balance paid back or moved). */
/** fee-cancellation: unpaid reminder fees waived when the invoice is written off (they leave the claim; main/domain/claim.ts);
 *  rounding: the øre a credit of the rest misses by VAT rounding (credit-notes.service.ts roundOff). */
export type LedgerKind = 'payment' | 'payment-reversal' | 'loss' | 'loss-reversal' | 'refund' | 'credit-transfer-out' | 'credit-transfer-in' | 'fee-cancellation' | 'rounding';

export async function invoiceForUpdate(trx: Kysely<Database>, number: number) {
  const row = await trx
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .select(['d.id', 'd.number', 'd.currency', 'd.exchange_rate_micro', 'd.issue_date', 'b.balance', 'b.paid_total', 'b.lost_total', 'b.lost', 'b.settled_date'])
    .where('d.kind', '=', 'invoice')
    .where('d.number', '=', number)
    .forUpdate(['b']) // PostgreSQL: concurrent payments on one invoice wait for each other (no-op on SQLite; db/dialect.ts)
    .executeTakeFirst();
  if (!row) throw notFound('invoice', { number });
  return row;
}

/** An entry as the API answers it (the op's output schema, invoices.output.ts). */
export type { LedgerEntryView };

type BankTxRef = LedgerEntryView['bankTransaction'];

function entryView(invoiceNumber: number, e: Entry, reversedBy: number | null, bankTransaction: BankTxRef = null): LedgerEntryView {
  const foreign = e.currency_amount !== null;
  const links: LedgerEntryView['_links'] = { self: { uri: `/invoices/${invoiceNumber}/payments/${e.id}` } };
  if (e.kind === 'payment' && reversedBy === null) links.reverse = { uri: `/invoices/${invoiceNumber}/payments/${e.id}/reverse` };
  return {
    id: e.id,
    kind: e.kind as LedgerKind,
    date: e.date,
    amount: oreToKr(foreign ? e.currency_amount! : e.amount),
    currencyAmount: foreign ? oreToKr(e.amount) : null,
    bankFee: e.bank_fee === null ? null : oreToKr(e.bank_fee),
    reason: e.reason,
    reverses: e.reverses_id,
    reversedBy,
    bankTransaction,
    _links: links,
  };
}

export async function listLedger(ctx: AppContext, number: number): Promise<LedgerEntryView[]> {
  const inv = await invoiceForUpdate(ctx.db, number);
  const entries = await ctx.db.selectFrom('ledger_entries').selectAll().where('document_id', '=', inv.id).orderBy('id').execute();
  const reversedBy = new Map(entries.filter((e) => e.reverses_id !== null).map((e) => [e.reverses_id!, e.id]));
  const others = await numbersOf(ctx.db, entries.map((e) => e.counterpart_document_id));
  const bank = await bankTransactionsOf(ctx.db, entries.filter((e) => e.kind === 'payment').map((e) => e.id));
  return entries.map((e) => ({
    ...entryView(number, e, reversedBy.get(e.id) ?? null, bank.get(e.id) ?? null),
    // The other side of a credit transfer is always an issued invoice (refunds.service.ts).
    ...(e.counterpart_document_id !== null ? { otherInvoice: others.get(e.counterpart_document_id)!.number! } : {}),
  }));
}

/** The bank transactions (bank_transactions, docs/bank-files.md) behind payments matched from a bank file, by ledger entry. */
async function bankTransactionsOf(db: Kysely<Database>, entryIds: number[]): Promise<Map<number, NonNullable<BankTxRef>>> {
  if (!entryIds.length) return new Map();
  const rows = await db
    .selectFrom('bank_transactions as t')
    .innerJoin('bank_files as f', 'f.id', 't.bank_file_id')
    .select(['t.id', 't.bank_file_id', 't.ledger_entry_id', 't.reference', 't.date', 'f.file_name'])
    .where('t.ledger_entry_id', 'in', entryIds)
    .execute();
  return new Map(rows.map((r) => [r.ledger_entry_id!, { id: r.id, bankFileId: r.bank_file_id, fileName: r.file_name, reference: r.reference, date: r.date }]));
}

export async function getLedgerEntry(ctx: AppContext, number: number, id: number): Promise<LedgerEntryView> {
  const all = await listLedger(ctx, number);
  const e = all.find((x) => x.id === id);
  if (!e) throw notFound('payment', { id, invoice: number });
  return e;
}

export async function setBalance(
  trx: Kysely<Database>,
  id: number,
  next: { balance: number; paid_total?: number; lost_total?: number; lost?: number },
  date: string,
  previousSettled: string | null,
) {
  await trx
    .updateTable('invoice_balances')
    .set({ ...next, settled_date: next.balance <= 0 ? (previousSettled ?? date) : null })
    .where('document_id', '=', id)
    .execute();
}

/** A payment: partial payments add up; an overpayment leaves a negative balance (never an error). */
export async function registerPayment(ctx: AppContext, number: number, input: PaymentInput): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const inv = await invoiceForUpdate(trx, number);
    const errors = new FieldErrors();
    if (!hasAtMostDecimals(input.amount, 2)) errors.add('amount', 'TOO_MANY_DECIMALS', { max: 2 });
    if (input.currencyAmount != null) {
      if (inv.currency === 'NOK') errors.add('currencyAmount', 'ONLY_FOREIGN_CURRENCY');
      else if (!hasAtMostDecimals(input.currencyAmount, 2)) errors.add('currencyAmount', 'TOO_MANY_DECIMALS', { max: 2 });
    }
    if (input.bankFee != null && !hasAtMostDecimals(input.bankFee, 2)) errors.add('bankFee', 'TOO_MANY_DECIMALS', { max: 2 });
    // An invoice issued at rate 0 (stored before rates were checked) cannot convert NOK: the amount in its currency is needed.
    if (inv.currency !== 'NOK' && input.currencyAmount == null && !(inv.exchange_rate_micro > 0)) {
      errors.add('currencyAmount', 'NO_USABLE_EXCHANGE_RATE', { number, currency: inv.currency });
    }
    errors.throwIfAny();
    const nok = krToOre(input.amount);
    const foreign = inv.currency !== 'NOK';
    const settles = !foreign
      ? nok
      : input.currencyAmount != null
        ? krToOre(input.currencyAmount)
        : Number(roundDiv(BigInt(nok) * 1_000_000n, BigInt(inv.exchange_rate_micro)));
    const { id } = await trx
      .insertInto('ledger_entries')
      .values({
        document_id: inv.id,
        kind: 'payment',
        date: input.date,
        amount: settles,
        currency_amount: foreign ? nok : null,
        bank_fee: input.bankFee == null ? null : krToOre(input.bankFee),
        reason: null,
        reverses_id: null,
        created_at: ctx.clock.timestamp(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setBalance(trx, inv.id, { balance: inv.balance - settles, paid_total: inv.paid_total + settles }, input.date, inv.settled_date);
    await audit(tctx, 'invoice', number, 'payment', { entry: id, ...input });
    return id;
  });
}

/** Undoes a payment with a reversing entry dated today; the original stays in the history. */
export async function reversePayment(ctx: AppContext, number: number, entryId: number): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const inv = await invoiceForUpdate(trx, number);
    const e = await trx.selectFrom('ledger_entries').selectAll().where('id', '=', entryId).where('document_id', '=', inv.id).executeTakeFirst();
    if (!e) throw notFound('payment', { id: entryId, invoice: number });
    if (e.kind !== 'payment') throw new OpError('NOT_A_PAYMENT', `Entry ${entryId} is a ${e.kind}, not a payment`, [], { id: entryId });
    const done = await trx.selectFrom('ledger_entries').select('id').where('reverses_id', '=', entryId).executeTakeFirst();
    if (done) throw new OpError('ALREADY_REVERSED', `Payment ${entryId} was already reversed (entry ${done.id})`, [], { id: entryId, reversal: Number(done.id) });
    const today = ctx.clock.today();
    const { id } = await trx
      .insertInto('ledger_entries')
      .values({
        document_id: inv.id,
        kind: 'payment-reversal',
        date: today,
        amount: -e.amount,
        currency_amount: e.currency_amount === null ? null : -e.currency_amount,
        bank_fee: e.bank_fee === null ? null : -e.bank_fee,
        reason: null,
        reverses_id: e.id,
        created_at: ctx.clock.timestamp(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setBalance(trx, inv.id, { balance: inv.balance + e.amount, paid_total: inv.paid_total - e.amount }, today, inv.settled_date);
    await audit(tctx, 'invoice', number, 'payment-reversal', { entry: id, reverses: e.id });
    return id;
  });
}

/** Writes the open balance off: the invoice leaves due/not due and is in state lost until the loss is reversed. */
export async function markLost(ctx: AppContext, number: number, reason: string): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const inv = await invoiceForUpdate(trx, number);
    if (inv.lost) throw new OpError('ALREADY_LOST', `Invoice ${number} is already marked as lost`, [], { number });
    if (inv.balance <= 0) throw new OpError('NOTHING_TO_WRITE_OFF', `Invoice ${number} has no open balance to write off`, [], { number });
    const trimmed = reason.trim();
    if (!trimmed) throw validationError([fieldError('reason', 'EMPTY')]);
    const today = ctx.clock.today();
    const feesCancelled = await cancelOpenFees(trx, inv.id);
    if (feesCancelled > 0) {
      // Dated like the loss, so the claim rebuilt at any day (claim.sql.ts balanceAt) leaves the waived fees out from then on.
      await trx
        .insertInto('ledger_entries')
        .values({ document_id: inv.id, kind: 'fee-cancellation', date: today, amount: feesCancelled, currency_amount: null, bank_fee: null, reason: trimmed, reverses_id: null, created_at: ctx.clock.timestamp() })
        .execute();
    }
    const amount = inv.balance - feesCancelled;
    const { id } = await trx
      .insertInto('ledger_entries')
      .values({ document_id: inv.id, kind: 'loss', date: today, amount, currency_amount: null, bank_fee: null, reason: trimmed, reverses_id: null, created_at: ctx.clock.timestamp() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('invoice_balances')
      .set({ balance: 0, lost_total: inv.lost_total + amount, lost: 1, settled_date: today })
      .where('document_id', '=', inv.id)
      .execute();
    await audit(tctx, 'invoice', number, 'lost', { entry: id, amount, reason: trimmed, ...(feesCancelled ? { feesCancelled } : {}) });
    return id;
  });
}

export async function reverseLost(ctx: AppContext, number: number): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const inv = await invoiceForUpdate(trx, number);
    if (!inv.lost) throw new OpError('NOT_LOST', `Invoice ${number} is not marked as lost`, [], { number });
    const loss = await trx
      .selectFrom('ledger_entries as l')
      .selectAll('l')
      .where('l.document_id', '=', inv.id)
      .where('l.kind', '=', 'loss')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('ledger_entries as r').select('r.id').whereRef('r.reverses_id', '=', 'l.id'))))
      .orderBy('l.id', 'desc')
      .executeTakeFirstOrThrow();
    const today = ctx.clock.today();
    const { id } = await trx
      .insertInto('ledger_entries')
      .values({ document_id: inv.id, kind: 'loss-reversal', date: today, amount: -loss.amount, currency_amount: null, bank_fee: null, reason: null, reverses_id: loss.id, created_at: ctx.clock.timestamp() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const balance = inv.balance + loss.amount;
    await trx
      .updateTable('invoice_balances')
      .set({ balance, lost_total: inv.lost_total - loss.amount, lost: 0, settled_date: balance <= 0 ? inv.settled_date : null })
      .where('document_id', '=', inv.id)
      .execute();
    await audit(tctx, 'invoice', number, 'lost-reversal', { entry: id, reverses: loss.id });
    return id;
  });
}
