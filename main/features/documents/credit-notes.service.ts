/**
 * POST /invoices/{number}/credit-note: credits an issued invoice in full (the rest not yet credited) or in part
 * (given items), never more than it has left. The credit note is a document of its own (kind credit-note) that
 * references the invoice (credited_document_id) and reduces its balance when issued.
 */
import type { AppContext } from '../../context.js';
import { computeTotals, type VatCategory } from '../../domain/totals.js';
import { FieldErrors, notFound, validationError } from '../../ops/errors.js';
import { productsByCode } from '../products/products.service.js';
import { getSettings } from '../settings/settings.service.js';
import { totalsColumns, type NewLineRow } from './document-rows.js';
import type { CreditNoteInput } from './documents.schema.js';
import { insertDraft } from './documents.service.js';
import { computeLines, isRealDate, lineFromItem, type CheckedDraft } from './draft-input.js';
import { creditableLeft, issueDraftIn, type Issued } from './issue.service.js';

export async function creditInvoice(ctx: AppContext, number: number, input: CreditNoteInput | undefined): Promise<Issued> {
  return ctx.db.transaction().execute(async (trx) => {
    const inv = await trx.selectFrom('documents').selectAll().where('kind', '=', 'invoice').where('number', '=', number).executeTakeFirst();
    if (!inv) throw notFound(`Invoice ${number}`);
    const settings = await getSettings({ ...ctx, db: trx });
    const left = await creditableLeft(trx, inv.id);
    if (left.left <= 0) throw validationError([{ field: '(body)', message: `invoice ${number} is already credited in full` }]);

    const errors = new FieldErrors();
    if (input?.invoiceDate) {
      if (!isRealDate(input.invoiceDate)) errors.add('invoiceDate', 'must be a real date YYYY-MM-DD');
      else if (input.invoiceDate < inv.issue_date!) errors.add('invoiceDate', 'must not be before the date of the credited invoice');
    }
    let lines: NewLineRow[];
    let tolerance = 0;
    const invoiceLines = await trx.selectFrom('document_lines').selectAll().where('document_id', '=', inv.id).orderBy('line_no').execute();
    if (input?.items?.length) {
      const products = await productsByCode(trx, input.items.map((i) => i.productCode?.trim()).filter((x): x is string => !!x));
      lines = input.items.map((item, i) =>
        lineFromItem(item, `items[${i}]`, errors, products.get(item.productCode?.trim() ?? ''), 0, settings.company.vatRegistered),
      );
      // The invoice's VAT treatment rules: a credit note cannot introduce a rate the invoice did not have.
      const rates = new Set(invoiceLines.map((l) => `${l.vat_category}:${l.tax_rate}`));
      lines.forEach((l, i) => {
        if (!rates.has(`${l.vat_category}:${l.tax_rate}`)) errors.add(`items[${i}].taxRate`, `invoice ${number} has no line with this VAT rate and category`);
      });
    } else if (left.credited === 0) {
      // Full credit: the invoice's own lines, so every figure mirrors it exactly.
      lines = invoiceLines.map(({ document_id: _d, line_no: _n, ...l }) => ({ ...l }));
    } else {
      // The rest after partial credits: one line per VAT rate with the base not yet credited.
      const credits = await trx
        .selectFrom('document_lines as l')
        .innerJoin('documents as c', 'c.id', 'l.document_id')
        .select(['l.vat_category', 'l.tax_rate', 'l.net'])
        .where('c.kind', '=', 'credit-note')
        .where('c.credited_document_id', '=', inv.id)
        .where('c.number', 'is not', null)
        .execute();
      const toLine = (l: { vat_category: string; tax_rate: number; net: number }) => ({
        quantityMilli: 1000, unitPriceOre: l.net, discountHundredths: 0, taxRateHundredths: l.tax_rate, vatCategory: l.vat_category as VatCategory,
      });
      const invoiced = computeTotals(invoiceLines.map(toLine)).vat;
      const done = computeTotals(credits.map(toLine)).vat;
      const reasons = new Map(invoiceLines.map((l) => [`${l.vat_category}:${l.tax_rate}`, l.exemption_reason]));
      lines = invoiced
        .map((g) => {
          const key = `${g.vatCategory}:${g.taxRateHundredths}`;
          const credited = done.find((d) => `${d.vatCategory}:${d.taxRateHundredths}` === key)?.baseOre ?? 0;
          return { g, key, rest: g.baseOre - credited };
        })
        .filter((x) => x.rest > 0)
        .map(({ g, key, rest }) => ({
          product_code: null,
          description: `Kreditering av resterende beløp, faktura ${number}`,
          quantity_milli: 1000,
          unit: null,
          unit_price: rest,
          discount: 0,
          tax_rate: g.taxRateHundredths,
          vat_category: g.vatCategory,
          exemption_reason: reasons.get(key) ?? null,
          net: 0,
          tax: 0,
          total: 0,
        }));
      tolerance = lines.length;
      if (!lines.length) throw validationError([{ field: '(body)', message: `invoice ${number} is already credited in full` }]);
    }
    errors.throwIfAny();

    const totals = computeLines(lines, inv.exchange_rate_micro);
    if (input?.items?.length && totals.totalOre > left.left) {
      throw validationError([
        { field: 'items', message: `credits ${(totals.totalOre / 100).toFixed(2)} but invoice ${number} has only ${(left.left / 100).toFixed(2)} left to credit` },
      ]);
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
    const id = await insertDraft(trx, ctx, checked);
    return issueDraftIn(trx, ctx, id, { settings, creditToleranceOre: tolerance });
  });
}
