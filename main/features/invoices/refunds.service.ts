/**
 * A negative balance (an overpayment, or a credit note after payment) is money the customer has to get back. Two ways
 * to settle it, both ledger entries (append-only, history kept), both bringing the balance towards 0,00:
 * - a refund (tilbakebetaling): kind `refund`, the money paid back (it reduces what was received, paid_total);
 * - moving the credit to another open invoice of the same customer and currency: `credit-transfer-out` on this
 *   invoice and `credit-transfer-in` on the other, each naming the other invoice (the payment is re-allocated).
 */
import type { AppContext } from '../../context.js';
import { formatDecimal2 } from '../../render/format.js';
import { hasAtMostDecimals, krToOre } from '../../domain/money.js';
import { FieldErrors, OpError } from '../../ops/errors.js';
import { audit } from '../audit/index.js';
import type { CreditTransferInput, RefundInput } from '../documents/core.js';
import { invoiceForUpdate, setBalance } from './payments.service.js';
import { inTx } from '../../ops/transaction.js';

const nothingToGiveBack = (number: number) =>
  new OpError('NOTHING_TO_REFUND', `Invoice ${number} has no negative balance: the customer has nothing to get back`, [], { number });

/** POST /invoices/{n}/refunds: records money paid back to the customer; returns the ledger entry's id. */
export async function registerRefund(ctx: AppContext, number: number, input: RefundInput): Promise<number> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const inv = await invoiceForUpdate(trx, number);
    if (inv.balance >= 0) throw nothingToGiveBack(number);
    const errors = new FieldErrors();
    if (input.date < inv.issue_date!) errors.add('date', 'BEFORE_INVOICE_DATE');
    let amount = -inv.balance;
    if (input.amount !== undefined) {
      if (!hasAtMostDecimals(input.amount, 2)) errors.add('amount', 'TOO_MANY_DECIMALS', { max: 2 });
      else if (krToOre(input.amount) > amount) errors.add('amount', 'REFUND_TOO_LARGE', { most: formatDecimal2(amount) });
      else amount = krToOre(input.amount);
    }
    errors.throwIfAny();
    const note = input.note?.trim() || null;
    const { id } = await trx
      .insertInto('ledger_entries')
      .values({ document_id: inv.id, kind: 'refund', date: input.date, amount: -amount, currency_amount: null, bank_fee: null, reason: note, reverses_id: null, created_at: ctx.clock.timestamp() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setBalance(trx, inv.id, { balance: inv.balance + amount, paid_total: inv.paid_total - amount }, input.date, inv.settled_date);
    await audit(tctx, 'invoice', number, 'refund', { entry: id, amount, note });
    return id;
  });
}

/** POST /invoices/{n}/credit-transfer: moves the customer's credit on invoice n to another open invoice; returns both entry ids. */
export async function transferCredit(ctx: AppContext, number: number, input: CreditTransferInput): Promise<{ out: number; in: number }> {
  return inTx(ctx, async (tctx) => {
    const trx = tctx.db;
    const from = await invoiceForUpdate(trx, number);
    if (from.balance >= 0) throw nothingToGiveBack(number);
    const errors = new FieldErrors();
    const owners = await trx
      .selectFrom('documents')
      .select(['number', 'recipient_number'])
      .where('kind', '=', 'invoice')
      .where('number', 'in', [number, input.toInvoice])
      .execute();
    const toOwner = owners.find((o) => o.number === input.toInvoice);
    const fromOwner = owners.find((o) => o.number === number)!;
    if (input.toInvoice === number) errors.add('toInvoice', 'SAME_INVOICE');
    else if (!toOwner) errors.add('toInvoice', 'NO_SUCH_TARGET_INVOICE', { number: input.toInvoice });
    else if (toOwner.recipient_number !== fromOwner.recipient_number) errors.add('toInvoice', 'OTHER_CUSTOMER', { number: input.toInvoice });
    errors.throwIfAny();
    const to = await invoiceForUpdate(trx, input.toInvoice);
    if (to.currency !== from.currency) errors.add('toInvoice', 'OTHER_CURRENCY', { number: input.toInvoice, currency: to.currency, own: from.currency });
    else if (to.lost) errors.add('toInvoice', 'WRITTEN_OFF', { number: input.toInvoice });
    else if (to.balance <= 0) errors.add('toInvoice', 'NOTHING_OPEN', { number: input.toInvoice });
    errors.throwIfAny();
    const most = Math.min(-from.balance, to.balance);
    let amount = most;
    if (input.amount !== undefined) {
      if (!hasAtMostDecimals(input.amount, 2)) errors.add('amount', 'TOO_MANY_DECIMALS', { max: 2 });
      else if (krToOre(input.amount) > most) errors.add('amount', 'MOVE_TOO_LARGE', { most: formatDecimal2(most) });
      else amount = krToOre(input.amount);
    }
    errors.throwIfAny();
    const today = ctx.clock.today();
    const entry = (documentId: number, kind: string, signed: number, other: number) => ({
      document_id: documentId, kind, date: today, amount: signed, currency_amount: null, bank_fee: null, reason: null, reverses_id: null,
      created_at: ctx.clock.timestamp(), counterpart_document_id: other,
    });
    const out = await trx.insertInto('ledger_entries').values(entry(from.id, 'credit-transfer-out', -amount, to.id)).returning('id').executeTakeFirstOrThrow();
    const into = await trx.insertInto('ledger_entries').values(entry(to.id, 'credit-transfer-in', amount, from.id)).returning('id').executeTakeFirstOrThrow();
    await setBalance(trx, from.id, { balance: from.balance + amount, paid_total: from.paid_total - amount }, today, from.settled_date);
    await setBalance(trx, to.id, { balance: to.balance - amount, paid_total: to.paid_total + amount }, today, to.settled_date);
    await audit(tctx, 'invoice', number, 'credit-transfer-out', { entry: out.id, toInvoice: input.toInvoice, amount });
    await audit(tctx, 'invoice', input.toInvoice, 'credit-transfer-in', { entry: into.id, fromInvoice: number, amount });
    return { out: out.id, in: into.id };
  });
}
