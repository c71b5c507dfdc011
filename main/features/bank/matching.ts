/**
 * Matching a payment in to an invoice (docs/bank-files.md): by KID, exactly, for every KID scheme and base the settings
 * allow (the KID stored on the invoice when it was issued, which reminders print too, and otherwise a KID built after the
 * MOD10/MOD11 scheme and INVOICE/CUSTOMER_INVOICE base); what a payment does to an invoice's claim (planPayment), and the
 * open invoices the suggestions and the auto-match look among (one base query, openInvoices).
 */
import { sql } from 'kysely';
import { preparedIn } from '../../../db/fast.js';
import type { AppContext } from '../../context.js';
import { buildKid, isValidKid, type KidSettings } from '../../domain/kid.js';
import { oreToKr } from '../../domain/money.js';
import { roundDiv } from '../../domain/totals.js';
import { fieldError, OpError } from '../../ops/errors.js';
import { isOpen } from '../invoices/index.js';
import type { TxReason } from './bank.schema.js';

export interface InvoiceHit {
  id: number;
  number: number;
}

/** An invoice a KID names, with its claim when the KID look-up read it (a KID stored on the invoice). */
export interface KidHit extends InvoiceHit {
  claim?: Claim;
}

const claimColumns = ['d.id', 'd.number', 'd.kind', 'd.total', 'd.currency', 'd.exchange_rate_micro', 'b.balance', 'b.paid_total', 'b.credited_total', 'b.lost', 'b.settled_date'] as const;

/**
 * The documents with these KIDs and their claims, their balance rows locked for the transaction (PostgreSQL). Only
 * the KID in the WHERE, so the database looks the KIDs up in their index (documents_kid); SQLite took the kind+number
 * index for `kind = 'invoice' and number is not null` and read every invoice. Kind and number are sifted by the caller.
 * Prepared once per list size (db/fast.ts preparedIn): a chunk's 500 KIDs are one statement, not compiled again.
 */
const claimsByKid = preparedIn((db, kids) =>
  db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .select([...claimColumns, 'd.kid'])
    .select(isOpen.as('open'))
    .where('d.kid', 'in', kids as string[])
    .forUpdate(['b']),
);

/** The claims of these invoices, by id, their balance rows locked (PostgreSQL); prepared once per list size. */
const claimsById = preparedIn((db, ids) =>
  db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .select(claimColumns)
    .select(isOpen.as('open'))
    .where('d.id', 'in', ids as number[])
    .forUpdate(['b']),
);

type ClaimRow = Awaited<ReturnType<typeof claimsById.rows>>[number];
const claimOf = (r: ClaimRow): Claim => ({
  id: r.id,
  number: r.number!,
  total: Number(r.total),
  currency: r.currency,
  exchangeRateMicro: Number(r.exchange_rate_micro),
  balance: Number(r.balance),
  paidTotal: Number(r.paid_total),
  creditedTotal: Number(r.credited_total),
  lost: Boolean(r.lost),
  settledDate: r.settled_date,
  open: Boolean(r.open),
});

/**
 * The issued invoices the KIDs name, with their claims (one query for all: `kid in (…)`, with the other zero paddings
 * some banks write), then, for a KID no invoice stores, the invoice whose number it is a MOD10/MOD11 KID of (its claim
 * left to be read). Several invoices with one KID: the first issued.
 */
export async function invoicesByKid(ctx: AppContext, kids: readonly string[], s: KidSettings): Promise<Map<string, KidHit>> {
  const out = new Map<string, KidHit>();
  const unique = [...new Set(kids)];
  if (!unique.length) return out;
  const paddings = (kid: string) => {
    const bare = kid.replace(/^0+/, '');
    return bare && bare !== kid ? [bare, bare.padStart(s.kidLength, '0')] : [];
  };
  // The KIDs as written first; the other zero paddings only for those no invoice stores (usually none).
  const rows = await claimsByKid.rows(ctx.db, unique);
  const asked = new Set(unique);
  const hits = new Set(rows.filter((r) => r.kind === 'invoice' && r.number !== null).map((r) => r.kid));
  const padded = [...new Set(unique.filter((k) => !hits.has(k)).flatMap(paddings))].filter((k) => !asked.has(k));
  if (padded.length) rows.push(...(await claimsByKid.rows(ctx.db, padded)));
  const byKid = new Map<string, KidHit>();
  for (const r of rows.sort((a, b) => a.id - b.id)) {
    if (r.kind === 'invoice' && r.number !== null && !byKid.has(r.kid!)) byKid.set(r.kid!, { id: r.id, number: r.number, claim: claimOf(r) });
  }
  for (const kid of unique) {
    let hit: KidHit | null | undefined = byKid.get(kid);
    if (!hit) {
      for (const k of paddings(kid)) {
        const h = byKid.get(k);
        if (h && (!hit || h.id < hit.id)) hit = h;
      }
    }
    hit ??= await inferredFromScheme(ctx, kid, s);
    if (hit) out.set(kid, hit);
  }
  return out;
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

/** An invoice's claim now, as a payment needs it; `open` is claim.sql.ts isOpen. */
export interface Claim {
  id: number;
  number: number;
  total: number;
  currency: string;
  exchangeRateMicro: number;
  balance: number;
  paidTotal: number;
  creditedTotal: number;
  lost: boolean;
  settledDate: string | null;
  open: boolean;
}

/** The claims of these invoices, their balance rows locked for the transaction (PostgreSQL). */
export async function claimsOf(tctx: AppContext, ids: readonly number[]): Promise<Claim[]> {
  if (!ids.length) return [];
  return (await claimsById.rows(tctx.db, ids)).map(claimOf);
}

/** A payment to register: NOK received (øre), what it settles of the invoice (its currency, øre), the payment's input. */
export interface PaymentPlan {
  status: 'MATCHED';
  /** ledger_entries.amount: what the payment settles, in the invoice's currency. */
  settles: number;
  /** ledger_entries.currency_amount: NOK received for a foreign-currency invoice, else null. */
  nok: number | null;
  /** As POST /invoices/{n}/payments takes it (kroner): the audit entry's data. */
  input: { date: string; amount: number; currencyAmount?: number };
}

export type PlanOutcome = PaymentPlan | { status: 'UNMATCHED'; reason: TxReason };

/**
 * What a payment in does to the claim, as a manual payment would (partial and overpayments alike), or why it takes
 * nothing: the invoice is not open (paid, credited, written off), the currency fits neither NOK nor the invoice.
 * A NOK payment of a foreign-currency invoice settles its currency at the invoice's rate; a payment in the invoice's own
 * currency settles that amount, its NOK at the invoice's rate.
 */
export function planPayment(c: Claim, tx: { amount: number; currency: string; date: string }): PlanOutcome {
  if (!c.open) {
    if (c.lost) return { status: 'UNMATCHED', reason: 'INVOICE_WRITTEN_OFF' };
    const credited = c.creditedTotal > 0 && c.creditedTotal >= c.total - Math.max(0, c.paidTotal);
    return { status: 'UNMATCHED', reason: credited ? 'INVOICE_CREDITED' : 'INVOICE_PAID' };
  }
  let nok: number;
  let inCurrency: number | null = null;
  if (tx.currency === 'NOK') nok = tx.amount;
  else if (tx.currency === c.currency && c.exchangeRateMicro > 0) {
    inCurrency = tx.amount;
    nok = Number((BigInt(tx.amount) * BigInt(c.exchangeRateMicro) + 500_000n) / 1_000_000n);
  } else return { status: 'UNMATCHED', reason: 'CURRENCY' };
  const foreign = c.currency !== 'NOK';
  if (foreign && inCurrency === null && !(c.exchangeRateMicro > 0)) return { status: 'UNMATCHED', reason: 'NO_EXCHANGE_RATE' };
  if (nok <= 0) return { status: 'UNMATCHED', reason: 'CURRENCY' };
  const settles = !foreign ? nok : inCurrency !== null ? inCurrency : Number(roundDiv(BigInt(nok) * 1_000_000n, BigInt(c.exchangeRateMicro)));
  return {
    status: 'MATCHED',
    settles,
    nok: foreign ? nok : null,
    input: { date: tx.date, amount: oreToKr(nok), ...(inCurrency !== null ? { currencyAmount: oreToKr(inCurrency) } : {}) },
  };
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
  return new OpError('INVOICE_NOT_OPEN', message, [fieldError('invoiceNumber', 'INVOICE_NOT_OPEN', { number, reason })], { number, reason });
}

/** Open invoices (claim.sql.ts isOpen) with their customer's name, by number: the base the suggestions and the auto-match narrow. */
export function openInvoices(ctx: AppContext) {
  return ctx.db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .select(['d.id', 'd.number', 'r.name'])
    .where('d.kind', '=', 'invoice')
    .where(isOpen)
    .orderBy('d.number');
}

/** Open NOK invoices whose balance is exactly `amount` øre (at most `limit`), with their customer's name. */
export async function openInvoicesWithAmount(ctx: AppContext, amount: number, limit: number) {
  return openInvoices(ctx).where('d.currency', '=', 'NOK').where('b.balance', '=', amount).limit(limit).execute();
}

/** Open invoices of customers whose name has `word` (lower case), at most `limit`. */
export async function openInvoicesOfName(ctx: AppContext, word: string, limit: number) {
  return openInvoices(ctx)
    .where(sql<boolean>`lower(r.name) like ${'%' + word.replace(/[%_\\]/g, '') + '%'}`)
    .limit(limit)
    .execute();
}

/** Open invoices among these numbers (an invoice number written in a payment's message). */
export async function openInvoicesNumbered(ctx: AppContext, numbers: number[]) {
  return openInvoices(ctx).where('d.number', 'in', numbers).execute();
}
