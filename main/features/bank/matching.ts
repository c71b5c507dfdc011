/**
 * Matching a payment in to an invoice (docs/bank-files.md): by KID, exactly, for every KID scheme and base the settings
 * allow (the KID stored on the invoice when it was issued, which reminders print too, and otherwise a KID built after the
 * MOD10/MOD11 scheme and INVOICE/CUSTOMER_INVOICE base); the payment registered through the payments service, dated the
 * transaction's date, in the same transaction as the bank transaction's row.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { buildKid, isValidKid, type KidSettings } from '../../domain/kid.js';
import { oreToKr } from '../../domain/money.js';
import { fieldError, OpError } from '../../ops/errors.js';
import { registerPayment } from '../invoices/payments.service.js';
import type { TxReason } from './bank.schema.js';

export interface InvoiceHit {
  id: number;
  number: number;
}

/** The issued invoice a KID names, or null. */
export async function invoiceByKid(ctx: AppContext, kid: string, kidSettings: KidSettings): Promise<InvoiceHit | null> {
  const direct = await ctx.db
    .selectFrom('documents')
    .select(['id', 'number'])
    .where('kind', '=', 'invoice')
    .where('kid', '=', kid)
    .where('number', 'is not', null)
    .executeTakeFirst();
  if (direct) return { id: direct.id, number: direct.number! };
  // A KID written with other zero padding than the invoice's (some banks strip or add leading zeros).
  const bare = kid.replace(/^0+/, '');
  if (bare && bare !== kid) {
    const padded = await ctx.db
      .selectFrom('documents')
      .select(['id', 'number', 'kid'])
      .where('kind', '=', 'invoice')
      .where('number', 'is not', null)
      .where('kid', 'in', [bare, bare.padStart(kidSettings.kidLength, '0')])
      .executeTakeFirst();
    if (padded) return { id: padded.id, number: padded.number! };
  }
  return inferredFromScheme(ctx, kid, kidSettings);
}

/**
 * An invoice without a stored KID (issued while the scheme was NONE, or before a change of scheme): the KID is checked
 * against MOD10 and MOD11 and each base; the invoice number it would carry is looked up and its KID rebuilt to compare.
 */
async function inferredFromScheme(ctx: AppContext, kid: string, s: KidSettings): Promise<InvoiceHit | null> {
  const schemes = (['MOD10', 'MOD11'] as const).filter((scheme) => isValidKid(kid, scheme));
  if (!schemes.length) return null;
  const base = kid.slice(0, -1).replace(/^0+/, '');
  const candidates = new Set<number>();
  for (let len = 1; len <= Math.min(9, base.length); len++) {
    const n = Number(base.slice(-len));
    if (n > 0) candidates.add(n);
  }
  if (!candidates.size) return null;
  const rows = await ctx.db
    .selectFrom('documents as d')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .select(['d.id', 'd.number', 'r.number as recipientNumber', 'r.customer_number'])
    .where('d.kind', '=', 'invoice')
    .where('d.number', 'in', [...candidates])
    .execute();
  for (const row of rows) {
    const customer = row.customer_number && /^\d+$/.test(row.customer_number) ? row.customer_number : row.recipientNumber;
    for (const scheme of schemes) {
      for (const kidBase of ['INVOICE', 'CUSTOMER_INVOICE'] as const) {
        try {
          if (buildKid({ kidScheme: scheme, kidBase, kidLength: kid.length }, row.number!, customer) === kid) return { id: row.id, number: row.number! };
        } catch {
          // a base too long for a KID: not this one
        }
      }
    }
  }
  return null;
}

export type PayOutcome = { status: 'MATCHED'; entryId: number } | { status: 'UNMATCHED'; reason: TxReason };

/**
 * Registers the transaction as a payment of the invoice (partial and overpayments as a manual payment does), or says
 * why not: the invoice is paid, credited or written off; the currency fits neither NOK nor the invoice. Runs inside the
 * caller's transaction.
 */
export async function payInvoice(tctx: AppContext, invoice: InvoiceHit, tx: { amount: number; currency: string; date: string }): Promise<PayOutcome> {
  const inv = await tctx.db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .select(['d.total', 'd.currency', 'd.exchange_rate_micro', 'b.balance', 'b.lost', 'b.credited_total', 'b.paid_total'])
    .where('d.id', '=', invoice.id)
    .executeTakeFirstOrThrow();
  if (inv.lost) return { status: 'UNMATCHED', reason: 'INVOICE_WRITTEN_OFF' };
  if (inv.balance <= 0) return { status: 'UNMATCHED', reason: inv.credited_total > 0 && inv.credited_total >= inv.total - Math.max(0, inv.paid_total) ? 'INVOICE_CREDITED' : 'INVOICE_PAID' };
  let amount: number;
  let currencyAmount: number | null = null;
  if (tx.currency === 'NOK') amount = tx.amount;
  else if (tx.currency === inv.currency && inv.exchange_rate_micro > 0) {
    // Paid in the invoice's own currency: that amount settles it; NOK at the invoice's rate, as the ledger keeps NOK.
    currencyAmount = tx.amount;
    amount = Number((BigInt(tx.amount) * BigInt(inv.exchange_rate_micro) + 500_000n) / 1_000_000n);
  } else return { status: 'UNMATCHED', reason: 'CURRENCY' };
  if (inv.currency !== 'NOK' && currencyAmount === null && !(inv.exchange_rate_micro > 0)) return { status: 'UNMATCHED', reason: 'NO_EXCHANGE_RATE' };
  if (amount <= 0) return { status: 'UNMATCHED', reason: 'CURRENCY' };
  const entryId = await registerPayment(tctx, invoice.number, {
    date: tx.date,
    amount: oreToKr(amount),
    ...(currencyAmount !== null ? { currencyAmount: oreToKr(currencyAmount) } : {}),
  });
  return { status: 'MATCHED', entryId };
}

/** The reason as an error for a match asked for by hand (POST /bank-transactions/{id}/match). */
export function notOpenError(number: number, reason: TxReason): OpError {
  const words: Partial<Record<TxReason, string>> = {
    INVOICE_PAID: 'it is paid',
    INVOICE_CREDITED: 'it is credited',
    INVOICE_WRITTEN_OFF: 'it is written off',
    CURRENCY: 'the payment is in a currency that is neither NOK nor the invoice’s',
    NO_EXCHANGE_RATE: 'the invoice has no exchange rate to convert NOK with',
  };
  const message = `Invoice ${number} takes no payment: ${words[reason] ?? reason}`;
  return new OpError(409, 'INVOICE_NOT_OPEN', message, [fieldError('invoiceNumber', 'INVOICE_NOT_OPEN', { number, reason })], { number, reason });
}

/** Open NOK invoices whose balance is exactly `amount` øre (at most `limit`), with their customer's name. */
export async function openInvoicesWithAmount(ctx: AppContext, amount: number, limit: number) {
  return ctx.db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .select(['d.id', 'd.number', 'r.name'])
    .where('d.kind', '=', 'invoice')
    .where('d.currency', '=', 'NOK')
    .where('b.balance', '=', amount)
    .where('b.lost', '=', 0)
    .orderBy('d.number')
    .limit(limit)
    .execute();
}

/** Open invoices of customers whose name has `word` (lower case), at most `limit`. */
export async function openInvoicesOfName(ctx: AppContext, word: string, limit: number) {
  return ctx.db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .select(['d.id', 'd.number', 'r.name'])
    .where('d.kind', '=', 'invoice')
    .where('b.balance', '>', 0)
    .where('b.lost', '=', 0)
    .where(sql<boolean>`lower(r.name) like ${'%' + word.replace(/[%_\\]/g, '') + '%'}`)
    .orderBy('d.number')
    .limit(limit)
    .execute();
}
