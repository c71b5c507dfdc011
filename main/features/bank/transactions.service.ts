/**
 * The user's hand on a bank transaction (docs/bank-files.md): match it to an invoice (the payment registered as
 * POST /invoices/{n}/payments would, dated the transaction's date), unmatch it (the payment reversed; an ignored one
 * back to the list), ignore it. Each change and its audit entry in one transaction.
 */
import type { AppContext } from '../../context.js';
import { notFound, OpError } from '../../ops/errors.js';
import { inTx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import { reversePayment } from '../invoices/index.js';
import { getBankTransaction } from './bank.read.js';
import { notOpenError } from './matching.js';
import { payInvoice } from './payment-batch.js';

async function rowForUpdate(tctx: AppContext, id: number) {
  const row = await tctx.db.selectFrom('bank_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('bank-transaction', { id });
  return row;
}

export async function matchTransaction(ctx: AppContext, id: number, invoiceNumber: number) {
  await inTx(ctx, async (tctx) => {
    const t = await rowForUpdate(tctx, id);
    if (t.status === 'MATCHED') throw new OpError('ALREADY_MATCHED', `Bank transaction ${id} is already matched; unmatch it first`, [], { id });
    if (t.credit !== 1) throw new OpError('NOT_MONEY_IN', `Bank transaction ${id} is money out, not a payment`, [], { id });
    const invoice = await tctx.db
      .selectFrom('documents')
      .select(['id', 'number'])
      .where('kind', '=', 'invoice')
      .where('number', '=', invoiceNumber)
      .executeTakeFirst();
    if (!invoice) throw notFound('invoice', { number: invoiceNumber });
    const paid = await payInvoice(tctx, { id: invoice.id, number: invoiceNumber }, t);
    if (paid.status !== 'MATCHED') throw notOpenError(invoiceNumber, paid.reason);
    await tctx.db
      .updateTable('bank_transactions')
      .set({ status: 'MATCHED', reason: null, document_id: invoice.id, ledger_entry_id: paid.entryId, updated_at: ctx.clock.timestamp() })
      .where('id', '=', id)
      .execute();
    await audit(tctx, 'bank-transaction', id, 'match', { invoiceNumber, payment: paid.entryId });
  });
  return getBankTransaction(ctx, id);
}

/** A matched transaction: its payment reversed (unless the user already reversed it on the invoice); an ignored one: back to UNMATCHED. */
export async function unmatchTransaction(ctx: AppContext, id: number) {
  await inTx(ctx, async (tctx) => {
    const t = await rowForUpdate(tctx, id);
    if (t.status === 'UNMATCHED') throw new OpError('NOT_MATCHED', `Bank transaction ${id} is neither matched nor ignored`, [], { id });
    let reversal: number | null = null;
    if (t.status === 'MATCHED' && t.ledger_entry_id !== null && t.document_id !== null) {
      const inv = await tctx.db.selectFrom('documents').select('number').where('id', '=', t.document_id).executeTakeFirstOrThrow();
      const done = await tctx.db.selectFrom('ledger_entries').select('id').where('reverses_id', '=', t.ledger_entry_id).executeTakeFirst();
      reversal = done ? done.id : await reversePayment(tctx, inv.number!, t.ledger_entry_id);
    }
    await tctx.db
      .updateTable('bank_transactions')
      .set({ status: 'UNMATCHED', reason: 'BY_USER', document_id: null, ledger_entry_id: null, updated_at: ctx.clock.timestamp() })
      .where('id', '=', id)
      .execute();
    await audit(tctx, 'bank-transaction', id, t.status === 'MATCHED' ? 'unmatch' : 'unignore', { payment: t.ledger_entry_id, reversal });
  });
  return getBankTransaction(ctx, id);
}

export async function ignoreTransaction(ctx: AppContext, id: number) {
  await inTx(ctx, async (tctx) => {
    const t = await rowForUpdate(tctx, id);
    if (t.status === 'MATCHED') throw new OpError('ALREADY_MATCHED', `Bank transaction ${id} is matched; unmatch it first`);
    if (t.status === 'IGNORED') throw new OpError('ALREADY_IGNORED', `Bank transaction ${id} is already ignored`, [], { id });
    await tctx.db
      .updateTable('bank_transactions')
      .set({ status: 'IGNORED', reason: 'BY_USER', updated_at: ctx.clock.timestamp() })
      .where('id', '=', id)
      .execute();
    await audit(tctx, 'bank-transaction', id, 'ignore');
  });
  return getBankTransaction(ctx, id);
}
