import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { ibanFromAccount } from '../../domain/bank-account.js';
import { buildKid } from '../../domain/kid.js';
import { formatDecimal2 } from '../../render/format.js';
import { FieldErrors, notFound, OpError, validationError } from '../../ops/errors.js';
import { audit } from '../audit/audit.service.js';
import { rateOn } from '../common/exchange-rates.service.js';
import type { Settings } from '../settings/settings.schema.js';
import { getSettings } from '../settings/settings.service.js';
import { contentHash } from './content-hash.js';
import type { DocumentKind } from './document-kinds.js';
import { draftRow, totalsColumns, type DocRow, type NewLineRow } from './document-rows.js';
import type { DraftInput } from './documents.schema.js';
import { insertDraft, insertLines, kindsServedWith } from './documents.service.js';
import { addDays, checkDraft, computeLines } from './draft-input.js';
import { missingOriginatorFields, originatorSnapshot, recipientSnapshot } from './party.js';
import { seriesOf, takeNextNumber } from './numbering.js';

export interface Issued {
  id: number;
  kind: DocumentKind;
  number: number;
}

/** What an invoice still has to be credited: its total less the credit notes already issued against it. */
export async function creditableLeft(db: Kysely<Database>, invoiceId: number): Promise<{ total: number; credited: number; left: number }> {
  const inv = await db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .select(['d.total', 'b.credited_total'])
    .where('d.id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return { total: inv.total, credited: inv.credited_total, left: inv.total - inv.credited_total };
}

/**
 * Issues a draft inside the caller's transaction: checks the originator, takes the next number of the series,
 * fixes dates, KID, exchange rate, snapshots and totals, hashes the content and freezes the row (from here the
 * triggers refuse any change); invoices get their balance row, credit notes reduce the credited invoice's balance.
 */
export interface IssueOptions {
  kinds?: readonly DocumentKind[];
  settings?: Settings;
  /** Crediting "the rest" after partial credits: VAT rounded per credit note may pass the rest by an øre per rate. */
  creditToleranceOre?: number;
}

export async function issueDraftIn(
  trx: Kysely<Database>,
  ctx: AppContext,
  id: number,
  kindsOrOpts: readonly DocumentKind[] | IssueOptions = {},
  settingsArg?: Settings,
): Promise<Issued> {
  const opts: IssueOptions = Array.isArray(kindsOrOpts) ? { kinds: kindsOrOpts as readonly DocumentKind[], settings: settingsArg } : (kindsOrOpts as IssueOptions);
  const kinds = opts.kinds;
  const preloaded = opts.settings ?? settingsArg;
  const draft = await draftRow(trx, id, kinds);
  if (!draft) throw notFound(`Draft ${id}`);
  const kind = draft.kind as DocumentKind;
  const settings = preloaded ?? (await getSettings({ ...ctx, db: trx }));
  const missing = missingOriginatorFields(settings, kind === 'invoice');
  if (missing.length) {
    throw validationError(missing, `Set ${missing.map((m) => m.field).join(', ')} in Settings (PUT /originators/current/settings) before issuing`);
  }
  const recipient = await trx.selectFrom('recipients').selectAll().where('number', '=', draft.recipient_number).executeTakeFirstOrThrow();
  const stored = await trx.selectFrom('document_lines').selectAll().where('document_id', '=', id).orderBy('line_no').execute();

  const errors = new FieldErrors();
  if (recipient.deleted && kind !== 'credit-note') errors.add('recipient.number', `recipient ${recipient.number} is deleted`);
  if (!stored.length) errors.add('items', 'a document needs at least one line');
  const vatRegistered = settings.company.vatRegistered;
  const lines: NewLineRow[] = stored.map(({ document_id: _d, line_no: _n, ...l }, i) => {
    if (!vatRegistered) return { ...l, tax_rate: 0, vat_category: 'O', exemption_reason: null };
    if (l.vat_category === 'O') errors.add(`items[${i}].taxRate`, 'the draft was written without VAT; save it again with a VAT rate now that the originator is VAT registered');
    return { ...l };
  });

  const issueDate = draft.issue_date ?? ctx.clock.today();
  let dueDate: string | null = null;
  let expiryDate: string | null = draft.expiry_date;
  if (kind === 'invoice') {
    dueDate = draft.due_date ?? addDays(issueDate, recipient.credit_days ?? settings.invoicing.defaultCreditDays);
    if (dueDate < issueDate) errors.add('dueDate', 'must not be before the invoice date');
  } else if (kind === 'offer') {
    expiryDate = draft.expiry_date ?? addDays(issueDate, settings.invoicing.offerValidDays);
  } else if (kind === 'order-confirmation') {
    dueDate = draft.due_date;
  }
  // A credit note reverses the invoice's figures, so it keeps the invoice's exchange rate (VAT in NOK mirrors it).
  const credited =
    kind === 'credit-note' && draft.credited_document_id !== null
      ? await trx.selectFrom('documents').select(['exchange_rate_micro', 'issue_date']).where('id', '=', draft.credited_document_id).executeTakeFirst()
      : undefined;
  const rate = credited ? { rateMicro: credited.exchange_rate_micro, date: credited.issue_date! } : await rateOn({ ...ctx, db: trx }, draft.currency, issueDate);
  if (!rate) errors.add('currency', `there is no exchange rate for ${draft.currency}`);
  errors.throwIfAny();

  const rateMicro = rate!.rateMicro;
  const totals = computeLines(lines, rateMicro);
  if (kind === 'invoice' && totals.totalOre < 0) {
    throw validationError([{ field: 'items', message: 'an invoice cannot have a negative total: issue a credit note instead' }]);
  }
  if (kind === 'credit-note') {
    if (totals.totalOre <= 0) throw validationError([{ field: 'items', message: 'a credit note must credit a positive amount' }]);
    // PostgreSQL: the credited invoice's balance row locked before reading what is left (no-op on SQLite; db/dialect.ts).
    await trx.selectFrom('invoice_balances').select('document_id').where('document_id', '=', draft.credited_document_id!).forUpdate().execute();
    const left = await creditableLeft(trx, draft.credited_document_id!);
    if (totals.totalOre > left.left + (opts.creditToleranceOre ?? 0)) {
      throw validationError([
        {
          field: 'items',
          message: `credits ${formatDecimal2(totals.totalOre)} but the invoice has only ${formatDecimal2(left.left)} left to credit`,
        },
      ]);
    }
  }

  const series = seriesOf(kind, settings);
  const number = await takeNextNumber(trx, series, settings);
  let kid: string | null = null;
  if (kind === 'invoice') {
    const customer = recipient.customer_number && /^\d+$/.test(recipient.customer_number) ? recipient.customer_number : recipient.number;
    try {
      kid = buildKid(settings.invoicing, number, customer);
    } catch (e) {
      throw new OpError(400, 'KID_TOO_LONG', (e as Error).message, [{ field: 'invoicing.kidLength', message: 'the KID would be longer than 25 digits' }]);
    }
  }
  const c = settings.company;
  const international =
    draft.currency !== 'NOK'
      ? JSON.stringify({ bic: c.bic, iban: c.iban ?? ibanFromAccount(c.bankAccount), vatNumber: c.vatRegistered && c.orgNumber ? `NO${c.orgNumber}MVA` : null })
      : null;

  const final: Omit<DocRow, 'id' | 'content_hash' | 'created_at' | 'updated_at'> = {
    kind,
    series,
    number,
    recipient_number: recipient.number,
    recipient_snapshot: JSON.stringify(recipientSnapshot(recipient)),
    originator_snapshot: JSON.stringify(originatorSnapshot(settings)),
    order_number: draft.order_number,
    issue_date: issueDate,
    due_date: dueDate,
    order_date: draft.order_date,
    // Bokføringsforskriften asks for the delivery date on an invoice: without one, the invoice date is the delivery date.
    delivery_date: draft.delivery_date ?? (kind === 'invoice' ? issueDate : null),
    expiry_date: kind === 'offer' ? expiryDate : null,
    our_reference: draft.our_reference,
    your_reference: draft.your_reference,
    kid,
    invoice_text: draft.invoice_text,
    currency: draft.currency,
    exchange_rate_micro: rateMicro,
    international,
    delivery_address: draft.delivery_address,
    credited_document_id: draft.credited_document_id,
    source_document_id: draft.source_document_id,
    ...totalsColumns(totals),
    issued_at: ctx.clock.timestamp(),
  };
  const hash = contentHash(final, lines.map((l, i) => ({ ...l, line_no: i + 1 })));

  // Lines first: once the row has its number the triggers refuse any change to them.
  await trx.deleteFrom('document_lines').where('document_id', '=', id).execute();
  await insertLines(trx, id, lines);
  const res = await trx
    .updateTable('documents')
    .set({ ...final, content_hash: hash, updated_at: final.issued_at! })
    .where('id', '=', id)
    .where('number', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new OpError(409, 'CONFLICT', `Draft ${id} was issued meanwhile`);

  if (kind === 'invoice') {
    await trx.insertInto('invoice_balances').values({ document_id: id, balance: totals.totalOre, paid_total: 0, credited_total: 0, lost_total: 0, lost: 0, settled_date: null }).execute();
  } else if (kind === 'credit-note') {
    await applyCredit(trx, draft.credited_document_id!, totals.totalOre, issueDate);
  }
  await audit(trx, ctx.clock, kind, number, 'issue', { draft: id, series, total: totals.totalOre, kid, contentHash: hash });
  return { id, kind, number };
}

async function applyCredit(trx: Kysely<Database>, invoiceId: number, amount: number, date: string): Promise<void> {
  const b = await trx.selectFrom('invoice_balances').selectAll().where('document_id', '=', invoiceId).forUpdate().executeTakeFirstOrThrow();
  const balance = b.balance - amount;
  await trx
    .updateTable('invoice_balances')
    .set({ balance, credited_total: b.credited_total + amount, settled_date: balance <= 0 ? (b.settled_date ?? date) : null })
    .where('document_id', '=', invoiceId)
    .execute();
}

/** POST /invoices/drafts/{n}/issue and the like: one transaction. */
export async function issueDraft(ctx: AppContext, kind: DocumentKind, id: number): Promise<Issued> {
  return ctx.db.transaction().execute((trx) => issueDraftIn(trx, ctx, id, { kinds: kindsServedWith(kind) }));
}

/** POST /invoices/: writes the draft and issues it in the same transaction (nothing is left behind on failure). */
export async function issueNew(ctx: AppContext, kind: DocumentKind, input: DraftInput, sourceDocumentId: number | null = null): Promise<Issued> {
  return ctx.db.transaction().execute((trx) => issueNewIn(trx, ctx, kind, input, sourceDocumentId));
}

/** issueNew inside the caller's transaction (event signups issue the participant's invoice with their own writes). */
export async function issueNewIn(trx: Kysely<Database>, ctx: AppContext, kind: DocumentKind, input: DraftInput, sourceDocumentId: number | null = null): Promise<Issued> {
  const settings = await getSettings({ ...ctx, db: trx });
  const checked = await checkDraft(trx, ctx, settings, kind, input);
  const id = await insertDraft(trx, ctx, checked, sourceDocumentId);
  return issueDraftIn(trx, ctx, id, { settings });
}
