/**
 * POST /invoices/{number}/credit-note: credits an issued invoice in full or in part (given items), never more than it
 * has left to credit. Without items, `scope` decides what "the rest" is:
 * - `owed` (the default, "Hele restbeløpet" in the app): what the customer still owes, so the balance becomes 0,00. Before
 *   any payment or credit that is the whole invoice (its own lines); after a payment it is the open balance, split over
 *   the VAT rates in proportion to what each rate still has uncredited.
 * - `uncredited`: everything not yet credited (the invoice's lines, or one line per VAT rate with the base left); after a
 *   payment the balance becomes negative: the customer has money to get back (refund or move it to another invoice).
 * POST …/credit-note/preview answers the same figures without issuing anything, so the dialog shows what will be issued.
 * The credit note is a document of its own (kind credit-note) that references the invoice (credited_document_id) and
 * reduces its balance when issued.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { oreToKr } from '../../domain/money.js';
import { computeTotals, vatOf, type VatCategory } from '../../domain/totals.js';
import { fieldError, FieldErrors, notFound, validationError } from '../../ops/errors.js';
import { inTx, type TxCtx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import { productsByCode } from '../products/index.js';
import type { Settings } from '../settings/index.js';
import { getSettings } from '../settings/index.js';
import {
  computeLines,
  creditableLeft,
  insertDraft,
  issueDraft,
  lineFromItem,
  totalsColumns,
  type CheckedDraft,
  type DocRow,
  type Issued,
  type LineRow,
  type NewLineRow,
} from '../documents/core.js';
import type { CreditNoteInput } from '../documents/core.js';

type Group = { vatCategory: VatCategory; taxRateHundredths: number; baseOre: number; key: string; reason: string | null };

/** Per VAT rate and category: the base the invoice has not yet had credited. */
async function uncreditedByRate(trx: Kysely<Database>, invoiceId: number, invoiceLines: LineRow[]): Promise<Group[]> {
  const credits = await trx
    .selectFrom('document_lines as l')
    .innerJoin('documents as c', 'c.id', 'l.document_id')
    .select(['l.vat_category', 'l.tax_rate', 'l.net'])
    .where('c.kind', '=', 'credit-note')
    .where('c.credited_document_id', '=', invoiceId)
    .where('c.number', 'is not', null)
    .execute();
  const toLine = (l: { vat_category: string; tax_rate: number; net: number }) => ({
    quantityMilli: 1000, unitPriceOre: l.net, discountHundredths: 0, taxRateHundredths: l.tax_rate, vatCategory: l.vat_category as VatCategory,
  });
  const done = computeTotals(credits.map(toLine)).vat;
  const reasons = new Map(invoiceLines.map((l) => [`${l.vat_category}:${l.tax_rate}`, l.exemption_reason]));
  return computeTotals(invoiceLines.map(toLine))
    .vat.map((g) => {
      const key = `${g.vatCategory}:${g.taxRateHundredths}`;
      const credited = done.find((d) => `${d.vatCategory}:${d.taxRateHundredths}` === key)?.baseOre ?? 0;
      return { vatCategory: g.vatCategory, taxRateHundredths: g.taxRateHundredths, baseOre: g.baseOre - credited, key, reason: reasons.get(key) ?? null };
    })
    .filter((g) => g.baseOre > 0);
}

/** The net at a VAT rate whose net + VAT is `gross`; when no net gives it exactly (VAT rounding skips an øre), the next above. */
export function netForGross(gross: number, rateHundredths: number): number {
  const guess = Math.round((gross * 10_000) / (10_000 + rateHundredths));
  for (const n of [guess - 1, guess, guess + 1]) if (n + vatOf(n, rateHundredths) === gross) return n;
  for (let n = guess - 1; ; n++) if (n + vatOf(n, rateHundredths) >= gross) return n;
}

/** Splits a gross amount over the VAT groups in proportion to their gross (largest remainder), as nets per group. */
function splitGross(groups: Group[], gross: number): number[] {
  const weights = groups.map((g) => g.baseOre + vatOf(g.baseOre, g.taxRateHundredths));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((gross * w) / sum));
  let rest = gross - shares.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => ({ i, r: (gross * w) % sum })).sort((a, b) => b.r - a.r);
  for (const { i } of order) if (rest-- > 0) shares[i]++;
  return shares.map((s, i) => netForGross(s, groups[i].taxRateHundredths));
}

const restLine = (g: Group, net: number, description: string): NewLineRow => ({
  product_code: null,
  description,
  quantity_milli: 1000,
  unit: null,
  unit_price: net,
  discount: 0,
  tax_rate: g.taxRateHundredths,
  vat_category: g.vatCategory,
  exemption_reason: g.reason,
  net: 0,
  tax: 0,
  total: 0,
});

interface CreditPlan {
  inv: DocRow;
  checked: CheckedDraft;
  tolerance: number;
  /**
   * What a credit note without items aims at: `balance` (scope owed: the balance becomes 0,00) or `total` (everything
   * credited); null with items. VAT per rate on the credit note's own base can miss it by an øre per rate.
   */
  target: 'balance' | 'total' | null;
  /** Open balance before the credit note (øre, document currency). */
  balance: number;
  left: number;
}

async function planCredit(ctx: AppContext, number: number, input: CreditNoteInput | undefined, settings: Settings): Promise<CreditPlan> {
  const trx = ctx.db;
  const inv = await trx.selectFrom('documents').selectAll().where('kind', '=', 'invoice').where('number', '=', number).executeTakeFirst();
  if (!inv) throw notFound('invoice', { number });
  // PostgreSQL: lock the invoice's balance row before reading what is left, so parallel credits wait (no-op on SQLite).
  await trx.selectFrom('invoice_balances').select('document_id').where('document_id', '=', inv.id).forUpdate().execute();
  const left = await creditableLeft(trx, inv.id);
  if (left.left <= 0) throw validationError([fieldError('(body)', 'CREDITED_IN_FULL', { number })]);
  const { balance } = await trx.selectFrom('invoice_balances').select('balance').where('document_id', '=', inv.id).executeTakeFirstOrThrow();

  const errors = new FieldErrors();
  if (input?.invoiceDate && input.invoiceDate < inv.issue_date!) errors.add('invoiceDate', 'BEFORE_CREDITED_INVOICE');
  if (input?.scope && input.items?.length) errors.add('scope', 'SCOPE_ONLY_WITHOUT_ITEMS');
  let lines: NewLineRow[];
  let tolerance = 0;
  let target: CreditPlan['target'] = input?.items?.length ? null : 'total';
  const invoiceLines = await trx.selectFrom('document_lines').selectAll().where('document_id', '=', inv.id).orderBy('line_no').execute();
  const owed = Math.min(balance, left.left);
  if (input?.items?.length) {
    const products = await productsByCode(ctx, input.items.map((i) => i.productCode?.trim()).filter((x): x is string => !!x));
    lines = input.items.map((item, i) =>
      lineFromItem(item, `items[${i}]`, errors, products.get(item.productCode?.trim() ?? ''), 0, settings.company.vatRegistered),
    );
    // The invoice's VAT treatment rules: a credit note cannot introduce a rate the invoice did not have.
    const rates = new Set(invoiceLines.map((l) => `${l.vat_category}:${l.tax_rate}`));
    lines.forEach((l, i) => {
      if (!rates.has(`${l.vat_category}:${l.tax_rate}`)) errors.add(`items[${i}].taxRate`, 'NO_LINE_WITH_RATE', { number });
    });
  } else if ((input?.scope ?? 'owed') === 'owed' && owed < left.left) {
    if (owed <= 0) {
      throw validationError([fieldError('scope', 'NOTHING_LEFT_TO_PAY', { number })]);
    }
    // What is still owed, over the VAT rates in proportion to what each has uncredited.
    const groups = await uncreditedByRate(trx, inv.id, invoiceLines);
    const nets = splitGross(groups, owed);
    target = 'balance';
    lines = groups.map((g, i) => restLine(g, nets[i], `Kreditering av utestående beløp, faktura ${number}`)).filter((l) => l.unit_price > 0);
    tolerance = lines.length;
  } else if (left.credited === 0) {
    // Full credit: the invoice's own lines, so every figure mirrors it exactly.
    lines = invoiceLines.map(({ document_id: _d, line_no: _n, ...l }) => ({ ...l }));
  } else {
    // The rest after partial credits: one line per VAT rate with the base not yet credited.
    const groups = await uncreditedByRate(trx, inv.id, invoiceLines);
    lines = groups.map((g) => restLine(g, g.baseOre, `Kreditering av resterende beløp, faktura ${number}`));
    tolerance = lines.length;
    if (!lines.length) throw validationError([fieldError('(body)', 'CREDITED_IN_FULL', { number })]);
  }
  errors.throwIfAny();

  const totals = computeLines(lines, inv.exchange_rate_micro);
  if (input?.items?.length && totals.totalOre > left.left) {
    throw validationError([fieldError('items', 'CREDIT_TOO_LARGE', { amount: (totals.totalOre / 100).toFixed(2), left: (left.left / 100).toFixed(2), number })]);
  }
  const checked: CheckedDraft = {
    doc: {
      kind: 'credit-note',
      recipient_number: inv.recipient_number,
      recipient_snapshot: inv.recipient_snapshot,
      order_number: inv.order_number,
      issue_date: input?.invoiceDate ?? ctx.clock.today(),
      due_date: null,
      order_date: inv.order_date,
      delivery_date: inv.delivery_date,
      expiry_date: null,
      our_reference: inv.our_reference,
      your_reference: inv.your_reference,
      invoice_text: input?.invoiceText?.trim() || `Kreditering av faktura ${number}`,
      currency: inv.currency,
      exchange_rate_micro: inv.exchange_rate_micro,
      delivery_address: inv.delivery_address,
      credited_document_id: inv.id,
      ...totalsColumns(totals),
    },
    lines,
  };
  return { inv, checked, tolerance, target, balance, left: left.left };
}

/** POST /invoices/{n}/credit-note: plans and issues the credit note (in the caller's transaction when there is one). */
export async function creditInvoice(ctx: AppContext, number: number, input: CreditNoteInput | undefined): Promise<Issued> {
  return inTx(ctx, async (tctx) => {
    const settings = await getSettings(tctx);
    const plan = await planCredit(tctx, number, input, settings);
    const id = await insertDraft(tctx, plan.checked);
    const issued = await issueDraft(tctx, id, { settings, creditToleranceOre: plan.tolerance });
    await roundOff(tctx, plan, number);
    return issued;
  });
}

/**
 * Øreavrunding: a credit note of "the rest" computes its VAT per rate on its own base, which can miss what was left by an
 * øre per rate (the invoice's VAT was rounded once on the whole base, the partial credits' on theirs). The difference,
 * never more than the credit note's tolerance, is booked as a `rounding` ledger entry in the same transaction, so a
 * credit in full leaves 0,00 and not an øre to pay or to get back (main/domain/claim.ts).
 */
async function roundOff(ctx: TxCtx, plan: CreditPlan, number: number) {
  if (plan.target === null) return;
  const trx = ctx.db;
  const b = await trx.selectFrom('invoice_balances').select(['balance', 'credited_total', 'settled_date']).where('document_id', '=', plan.inv.id).executeTakeFirstOrThrow();
  const residual = roundingAfter(plan, b.balance, plan.inv.total - b.credited_total);
  if (residual === 0) return;
  const today = ctx.clock.today();
  await trx
    .insertInto('ledger_entries')
    .values({ document_id: plan.inv.id, kind: 'rounding', date: today, amount: residual, currency_amount: null, bank_fee: null, reason: null, reverses_id: null, created_at: ctx.clock.timestamp() })
    .execute();
  const balance = b.balance - residual;
  await trx
    .updateTable('invoice_balances')
    // Counted as credited: "Kreditert" shows the invoice total once the rest is credited.
    .set({ balance, credited_total: b.credited_total + residual, settled_date: balance <= 0 ? (b.settled_date ?? today) : null })
    .where('document_id', '=', plan.inv.id)
    .execute();
  await audit(ctx, 'invoice', number, 'rounding', { amount: residual });
}

/**
 * The øre roundOff books after a credit note (0 when none), from the balance and the creditable rest the credit note
 * leaves: one rule for the issue and its preview, so the dialog shows the balance the issue leaves.
 */
function roundingAfter(plan: CreditPlan, balanceAfter: number, leftAfter: number): number {
  if (plan.target === null) return 0;
  const residual = plan.target === 'balance' ? balanceAfter : leftAfter;
  return residual === 0 || Math.abs(residual) > plan.tolerance ? 0 : residual;
}

/**
 * What a credit note with this body would be, without issuing it: the amount, the balance before and after, and what
 * the customer then has to get back. The figures are the ones POST …/credit-note issues, to the øre.
 */
export async function previewCredit(ctx: AppContext, number: number, input: CreditNoteInput | undefined) {
  const settings = await getSettings(ctx);
  const plan = await planCredit(ctx, number, input, settings);
  const d = plan.checked.doc;
  const after = plan.balance - d.total - roundingAfter(plan, plan.balance - d.total, plan.left - d.total);
  return {
    invoiceNumber: number,
    currency: d.currency,
    amount: oreToKr(d.total),
    tax: oreToKr(d.tax),
    balanceBefore: oreToKr(plan.balance),
    balanceAfter: oreToKr(after),
    /** What the customer has to get back after the credit note (0 when nothing). */
    toRefund: oreToKr(Math.max(0, -after)),
    /** What was left to credit before this credit note. */
    creditableLeft: oreToKr(plan.left),
    items: plan.checked.lines.map((l) => ({ description: l.description, taxRate: l.tax_rate / 100, net: oreToKr(l.net), total: oreToKr(l.total) })),
  };
}
