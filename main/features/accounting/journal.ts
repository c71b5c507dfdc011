/**
 * The journal: balanced vouchers (NOK øre, debit positive) derived from the claim's movements (journal.sources.ts).
 * Every voucher has one receivable line for the customer whose amount is the change of what the customer owes in NOK
 * (a foreign-currency invoice counts at its own rate, rounded once, as claim.sql.ts inNok: each movement is the change
 * of that rounded figure), so the receivable account's balance at any day is the sum of the open items the reports show.
 * The other lines by kind (docs/accounting.md has the table):
 *   invoice / credit note   sales per VAT code (and product account), output VAT per rate (with TaxInformation); the
 *                           øre a foreign document's NOK rounding leaves go to rounding
 *   dunning                 reminder fee and late interest income
 *   payment, reversal,      bank (the NOK received or paid back); the difference to the receivable's NOK is an
 *   refund                  exchange gain or loss
 *   credit transfer         out and in as one voucher on the customer; an exchange difference as above
 *   loss, loss reversal     losses on receivables
 *   fee waiver              reminder fees (income reduced)
 *   øreavrunding            rounding
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { TAX_CODES, taxCodeOf, type AccountKind, type AccountMapping } from '../../domain/accounting.js';
import { toNok, vatOf } from '../../domain/totals.js';
import { claimMoves, type DocumentMove, type DunningMove, type LedgerMove, type Move } from './journal.sources.js';

export type JournalId = 'SALG' | 'BANK' | 'TAP';

export interface TaxInfo {
  code: string;
  percent: number;
  /** NOK øre, positive on a sale, negative on a credit note. */
  base: number;
  /** NOK øre VAT, positive on a sale (credit), negative on a credit note (debit). */
  amount: number;
}

export interface JournalLine {
  account: string;
  kind: AccountKind;
  /** NOK øre: > 0 debit, < 0 credit. */
  amount: number;
  description: string;
  /** The customer (recipient number) on receivable lines. */
  customer?: number;
  tax?: TaxInfo;
  /** The amount in the invoice's currency when it is not NOK. */
  currency?: { code: string; amount: number; rateMicro: number };
}

export interface Voucher {
  journal: JournalId;
  /** Unique in the file: F<invoice>, K<credit note>, P<dunning>, B<ledger entry>. */
  id: string;
  date: string;
  /** When it was entered (YYYY-MM-DD). */
  systemDate: string;
  type: string;
  description: string;
  customer: number;
  lines: JournalLine[];
}

export interface JournalOptions {
  accounts: Readonly<Record<AccountKind, Readonly<AccountMapping>>>;
  /** A product's own sales account (products.sales_account), by product code. */
  productAccounts?: ReadonlyMap<string, string>;
}

/** SQL's round(x * rate / 1e6), half away from zero (claim.sql.ts inNok). */
const nokAt = (amount: number, rateMicro: number) => toNok(amount, rateMicro);

const LEDGER_TEXT: Record<string, { type: string; text: string; journal: JournalId }> = {
  payment: { type: 'Innbetaling', text: 'Innbetaling', journal: 'BANK' },
  'payment-reversal': { type: 'Innbetaling', text: 'Tilbakeført innbetaling', journal: 'BANK' },
  refund: { type: 'Utbetaling', text: 'Tilbakebetalt til kunde', journal: 'BANK' },
  'credit-transfer-out': { type: 'Ompostering', text: 'Kreditt flyttet mellom fakturaer', journal: 'BANK' },
  'credit-transfer-in': { type: 'Ompostering', text: 'Kreditt flyttet mellom fakturaer', journal: 'BANK' },
  loss: { type: 'Tap', text: 'Tap på fordring', journal: 'TAP' },
  'loss-reversal': { type: 'Tap', text: 'Tilbakeført tap', journal: 'TAP' },
  'fee-cancellation': { type: 'Tap', text: 'Purregebyr frafalt ved tap', journal: 'TAP' },
  rounding: { type: 'Kreditnota', text: 'Øreavrunding', journal: 'SALG' },
};

export class JournalBuilder {
  /** Open amount (invoice currency) of each foreign-currency invoice so far. */
  private readonly foreign = new Map<number, number>();
  /** A credit-transfer-out waiting for its -in (written in the same transaction, next in order). */
  private pendingTransfer: { move: LedgerMove; r: number } | null = null;

  constructor(private readonly opts: JournalOptions) {}

  private acct(kind: AccountKind): string {
    return this.opts.accounts[kind].account;
  }

  /** The change of the customer's NOK claim by a movement of `delta` (invoice currency øre, + raises the claim). */
  private receivable(m: Move, delta: number): number {
    if (m.currency === 'NOK') return delta;
    const before = this.foreign.get(m.invoiceId) ?? 0;
    const after = before + delta;
    this.foreign.set(m.invoiceId, after);
    return nokAt(after, m.rate) - nokAt(before, m.rate);
  }

  private receivableLine(m: Move, r: number, delta: number, description: string): JournalLine {
    return {
      account: this.acct('receivables'),
      kind: 'receivables',
      amount: r,
      description,
      customer: m.recipientNumber,
      ...(m.currency !== 'NOK' ? { currency: { code: m.currency, amount: delta, rateMicro: m.rate } } : {}),
    };
  }

  /** Balances a voucher on `kind` with what its lines leave (nothing when they balance). */
  private rest(lines: JournalLine[], kind: AccountKind, description: string): void {
    const sum = lines.reduce((s, l) => s + l.amount, 0);
    if (sum !== 0) lines.push({ account: this.acct(kind), kind, amount: -sum, description });
  }

  private document(m: DocumentMove): Voucher {
    const sign = m.kind === 'invoice' ? 1 : -1;
    const label = m.kind === 'invoice' ? `Faktura ${m.number}` : `Kreditnota ${m.number} til faktura ${m.invoiceNumber}`;
    const r = this.receivable(m, sign * m.total);
    const lines: JournalLine[] = [this.receivableLine(m, r, sign * m.total, label)];
    // VAT per category and rate on the sum of its nets (main/domain/totals.ts); the sales lines per product account.
    const byRate = new Map<string, { code: string; rate: number; base: number; parts: Map<string, number> }>();
    for (const g of m.groups) {
      const code = taxCodeOf(g.category, g.rate, m.buyerCountry);
      const key = `${g.category}:${g.rate}`;
      let e = byRate.get(key);
      if (!e) byRate.set(key, (e = { code, rate: g.rate, base: 0, parts: new Map() }));
      e.base += g.base;
      const account = (g.productCode && this.opts.productAccounts?.get(g.productCode)) || this.acct(TAX_CODES[code].sales);
      e.parts.set(account, (e.parts.get(account) ?? 0) + g.base);
    }
    for (const e of byRate.values()) {
      const info = TAX_CODES[e.code];
      const baseNok = nokAt(e.base, m.ownRate);
      const vatNok = info.vat ? vatOf(baseNok, e.rate) : 0;
      const tax: TaxInfo = { code: e.code, percent: e.rate / 100, base: sign * baseNok, amount: sign * vatNok };
      const parts = [...e.parts];
      let left = baseNok;
      parts.forEach(([account, base], i) => {
        const nok = i === parts.length - 1 ? left : nokAt(base, m.ownRate);
        left -= nok;
        lines.push({ account, kind: info.sales, amount: -sign * nok, description: `${label}: ${info.nb}`, ...(info.vat ? {} : i === 0 ? { tax } : {}) });
      });
      if (info.vat) lines.push({ account: this.acct(info.vat), kind: info.vat, amount: -sign * vatNok, description: `${label}: ${info.nb} ${e.rate / 100} %`, tax });
    }
    this.rest(lines, 'rounding', `${label}: øreavrunding ved omregning til NOK`);
    return {
      journal: 'SALG',
      id: `${m.kind === 'invoice' ? 'F' : 'K'}${m.number}`,
      date: m.date,
      systemDate: m.createdAt.slice(0, 10),
      type: m.kind === 'invoice' ? 'Faktura' : 'Kreditnota',
      description: label,
      customer: m.recipientNumber,
      lines,
    };
  }

  private dunning(m: DunningMove): Voucher {
    const label = `${m.debtCollectionNotice ? 'Inkassovarsel' : 'Purring'} ${m.number} på faktura ${m.invoiceNumber}`;
    const delta = m.fee + m.interest;
    const r = this.receivable(m, delta);
    const lines: JournalLine[] = [this.receivableLine(m, r, delta, label)];
    if (m.fee) lines.push({ account: this.acct('reminderFees'), kind: 'reminderFees', amount: -nokAt(m.fee, m.rate), description: `${label}: gebyr` });
    if (m.interest) lines.push({ account: this.acct('interestIncome'), kind: 'interestIncome', amount: -nokAt(m.interest, m.rate), description: `${label}: forsinkelsesrente` });
    this.rest(lines, 'rounding', `${label}: øreavrunding ved omregning til NOK`);
    return { journal: 'SALG', id: `P${m.number}`, date: m.date, systemDate: m.createdAt.slice(0, 10), type: 'Purring', description: label, customer: m.recipientNumber, lines };
  }

  private ledger(m: LedgerMove): Voucher | null {
    const t = LEDGER_TEXT[m.kind] ?? { type: 'Annet', text: m.kind, journal: 'BANK' as JournalId };
    const label = `${t.text}, faktura ${m.invoiceNumber}`;
    const r = this.receivable(m, -m.amount);
    if (m.kind === 'credit-transfer-out') {
      this.pendingTransfer = { move: m, r };
      return null;
    }
    const lines: JournalLine[] = [this.receivableLine(m, r, -m.amount, label)];
    let id = `B${m.id}`;
    switch (m.kind) {
      case 'payment':
      case 'payment-reversal':
      case 'refund': {
        const cash = m.currencyAmount ?? (m.currency === 'NOK' ? m.amount : nokAt(m.amount, m.rate));
        lines.push({ account: this.acct('bank'), kind: 'bank', amount: cash, description: label });
        const sum = lines.reduce((s, l) => s + l.amount, 0);
        if (sum !== 0) lines.push({ account: this.acct(sum > 0 ? 'exchangeGains' : 'exchangeLosses'), kind: sum > 0 ? 'exchangeGains' : 'exchangeLosses', amount: -sum, description: `${label}: ${sum > 0 ? 'agio' : 'disagio'}` });
        break;
      }
      case 'credit-transfer-in': {
        const out = this.pendingTransfer;
        this.pendingTransfer = null;
        if (out) {
          lines.unshift(this.receivableLine(out.move, out.r, -out.move.amount, `Kreditt flyttet fra faktura ${out.move.invoiceNumber} til faktura ${m.invoiceNumber}`));
          id = `B${out.move.id}`;
        }
        const sum = lines.reduce((s, l) => s + l.amount, 0);
        if (sum !== 0) lines.push({ account: this.acct(sum > 0 ? 'exchangeGains' : 'exchangeLosses'), kind: sum > 0 ? 'exchangeGains' : 'exchangeLosses', amount: -sum, description: `${label}: kursdifferanse` });
        break;
      }
      case 'loss':
      case 'loss-reversal':
        this.rest(lines, 'losses', label);
        break;
      case 'fee-cancellation':
        this.rest(lines, 'reminderFees', label);
        break;
      default:
        this.rest(lines, 'rounding', label);
    }
    return { journal: t.journal, id, date: m.date, systemDate: m.createdAt.slice(0, 10), type: t.type, description: label, customer: m.recipientNumber, lines };
  }

  /** The voucher of a movement (null: a transfer's first half, completed by the next). */
  voucherOf(m: Move): Voucher | null {
    if (m.source === 'document') return this.document(m);
    if (m.source === 'dunning') return this.dunning(m);
    return this.ledger(m);
  }
}

/** Every voucher dated up to `to`, in date order. */
export async function* journal(db: Kysely<Database>, to: string, opts: JournalOptions): AsyncGenerator<Voucher> {
  const b = new JournalBuilder(opts);
  for await (const m of claimMoves(db, to)) {
    const v = b.voucherOf(m);
    if (v && v.lines.some((l) => l.amount !== 0)) yield { ...v, lines: v.lines.filter((l) => l.amount !== 0 || l.tax) };
  }
}
