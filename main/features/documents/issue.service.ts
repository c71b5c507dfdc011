import type { Kysely } from 'kysely';
import { insertRows, updateRows } from '../../../db/fast.js';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { buildKid } from '../../domain/kid.js';
import { formatDecimal2 } from '../../render/format.js';
import { fieldError, FieldErrors, notFound, OpError, validationError } from '../../ops/errors.js';
import { inTx, type TxCtx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import { rateOn } from '../common/index.js';
import type { Settings } from '../settings/index.js';
import { getSettings } from '../settings/index.js';
import { contentHash } from './content-hash.js';
import { internationalOf } from './international.js';
import type { DocumentKind } from './document-kinds.js';
import { draftRow, keepIssuedRow, totalsColumns, type DocRow, type NewLineRow } from './document-rows.js';
import type { DraftInput } from './documents.schema.js';
import { insertLines } from './documents.service.js';
import { addDays, checkDraft, computeLines, type CheckedDraft } from './draft-input.js';
import { missingOriginatorFields, originatorSnapshot, recipientSnapshot, setupMissing } from './party.js';
import { seriesOf, takeNextNumber } from './numbering.js';
import { checkDocumentDate, dateRuleApplies } from './document-date.js';

export interface Issued {
  id: number;
  kind: DocumentKind;
  number: number;
  /** The total incl. VAT (øre) as issued. */
  total?: number;
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

export interface IssueOptions {
  kinds?: readonly DocumentKind[];
  settings?: Settings;
  /** Crediting "the rest" after partial credits: VAT rounded per credit note may pass the rest by an øre per rate. */
  creditToleranceOre?: number;
}

/**
 * Issues draft `id` (in the caller's transaction when there is one, else in a new one: inTx): checks the originator,
 * takes the next number of the series, fixes dates, KID, exchange rate, snapshots and totals, hashes the content and
 * freezes the row (from here the triggers refuse any change); invoices get their balance row, credit notes reduce the
 * credited invoice's balance. `kinds` limits which drafts the path serves (404 otherwise).
 */
export async function issueDraft(ctx: AppContext, id: number, opts: IssueOptions = {}): Promise<Issued> {
  return inTx(ctx, (tctx) => issueInTx(tctx, id, opts));
}

/** What issuing reads of a draft: its row (these columns) and its lines. */
type DraftFacts = Pick<DocRow, 'kind' | 'recipient_number' | 'issue_date' | 'due_date' | 'expiry_date' | 'order_number' | 'order_date' | 'delivery_date' | 'our_reference' | 'your_reference' | 'invoice_text' | 'currency' | 'delivery_address' | 'credited_document_id' | 'source_document_id'>;

/**
 * A new document as checkDraft built it (issueNew): its facts, its lines with their amounts, the recipient row, and what
 * the check already computed from them (the recipient's snapshot, the totals at the check's exchange rate), so issuing
 * does not compute them again.
 */
interface NewDocument {
  draft: DraftFacts;
  lines: NewLineRow[];
  recipient?: CheckedDraft['recipient'];
  recipientSnapshot?: string;
  totals?: CheckedDraft['totals'];
}

/** The originator's snapshot as JSON, once per settings object handed out frozen by getSettings (they never change). */
const originatorJson = new WeakMap<object, string>();
function originatorSnapshotJson(settings: Settings): string {
  let json = originatorJson.get(settings);
  if (json === undefined) {
    json = JSON.stringify(originatorSnapshot(settings));
    if (Object.isFrozen(settings) && Object.isFrozen(settings.company)) originatorJson.set(settings, json);
  }
  return json;
}

/**
 * issueDraft's work; `ctx.db` is a transaction. `draftId` null with `written` (issueNew): a new document that has no
 * draft row; its facts, lines and recipient come checked from the caller, and its row is written once, as issued.
 */
async function issueInTx(ctx: TxCtx, draftId: number | null, opts: IssueOptions, written?: NewDocument): Promise<Issued> {
  let id = draftId ?? 0;
  const trx = ctx.db;
  const kinds = opts.kinds;
  const draft = written?.draft ?? (await draftRow(trx, id, kinds));
  if (!draft) throw notFound('draft', { id });
  const kind = draft.kind as DocumentKind;
  const settings = opts.settings ?? (await getSettings(ctx));
  const missing = missingOriginatorFields(settings, kind === 'invoice');
  if (missing.length) throw setupMissing(missing);
  const recipient = written?.recipient ?? (await trx.selectFrom('recipients').selectAll().where('number', '=', draft.recipient_number).executeTakeFirstOrThrow());
  const stored = written?.lines ?? (await trx.selectFrom('document_lines').selectAll().where('document_id', '=', id).orderBy('line_no').execute());

  const errors = new FieldErrors();
  if (recipient.deleted && kind !== 'credit-note') errors.add('recipient.number', 'RECIPIENT_DELETED', { number: recipient.number });
  if (!stored.length) errors.add('items', 'NO_LINES');
  const vatRegistered = settings.company.vatRegistered;
  const lines: NewLineRow[] = stored.map((row, i) => {
    const { document_id: _d, line_no: _n, ...l } = row as NewLineRow & { document_id?: number; line_no?: number };
    if (!vatRegistered) return { ...l, tax_rate: 0, vat_category: 'O', exemption_reason: null };
    if (l.vat_category === 'O') errors.add(`items[${i}].taxRate`, 'LINE_WITHOUT_VAT');
    return { ...l };
  });

  const issueDate = draft.issue_date ?? ctx.clock.today();
  let dueDate: string | null = null;
  let expiryDate: string | null = draft.expiry_date;
  if (kind === 'invoice') {
    dueDate = draft.due_date ?? addDays(issueDate, recipient.credit_days ?? settings.invoicing.defaultCreditDays);
    if (dueDate < issueDate) errors.add('dueDate', 'BEFORE_INVOICE_DATE');
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
  const rate = credited ? { rateMicro: credited.exchange_rate_micro, date: credited.issue_date! } : await rateOn(ctx, draft.currency, issueDate);
  if (!rate) errors.add('currency', 'NO_EXCHANGE_RATE', { currency: draft.currency });
  errors.throwIfAny();

  const rateMicro = rate!.rateMicro;
  // A new document's lines were computed by checkDraft at the same rate (same currency, same date): the same totals.
  // (Outside the VAT register checkDraft's lines are already without VAT, so the copies above equal them.)
  const totals = written?.totals && written.totals.rateMicro === rateMicro ? written.totals.totals : computeLines(lines, rateMicro);
  if (kind === 'invoice' && totals.totalOre < 0) {
    throw validationError([fieldError('items', 'NEGATIVE_TOTAL')]);
  }
  if (kind === 'credit-note') {
    if (totals.totalOre <= 0) throw validationError([fieldError('items', 'CREDIT_NOT_POSITIVE')]);
    // PostgreSQL: the credited invoice's balance row locked before reading what is left (no-op on SQLite; db/dialect.ts).
    await trx.selectFrom('invoice_balances').select('document_id').where('document_id', '=', draft.credited_document_id!).forUpdate().execute();
    const left = await creditableLeft(trx, draft.credited_document_id!);
    if (totals.totalOre > left.left + (opts.creditToleranceOre ?? 0)) {
      throw validationError([fieldError('items', 'CREDIT_TOO_LARGE', { amount: formatDecimal2(totals.totalOre), left: formatDecimal2(left.left) })]);
    }
  }

  const series = seriesOf(kind, settings);
  const number = await takeNextNumber(trx, series, settings);
  if (dateRuleApplies(kind)) {
    // After the number: its row lock (PostgreSQL) orders this issue after any concurrent one, whose date is then seen.
    const dateErrors = new FieldErrors();
    await checkDocumentDate(trx, dateErrors, { series, issueDate, today: ctx.clock.today(), backdatingDays: settings.invoicing.backdatingDays });
    dateErrors.throwIfAny();
  }
  let kid: string | null = null;
  if (kind === 'invoice') {
    const customer = recipient.customer_number && /^\d+$/.test(recipient.customer_number) ? recipient.customer_number : recipient.number;
    try {
      kid = buildKid(settings.invoicing, number, customer);
    } catch (e) {
      throw new OpError('KID_TOO_LONG', (e as Error).message, [fieldError('invoicing.kidLength', 'KID_TOO_LONG')]);
    }
  }
  const international = draft.currency !== 'NOK' ? JSON.stringify(internationalOf(settings.company)) : null;

  const final: Omit<DocRow, 'id' | 'content_hash' | 'created_at' | 'updated_at'> = {
    kind,
    series,
    number,
    recipient_number: recipient.number,
    recipient_snapshot: written?.recipientSnapshot ?? JSON.stringify(recipientSnapshot(recipient)),
    originator_snapshot: originatorSnapshotJson(settings),
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

  if (draftId === null) {
    // A new document (issueNew): its row is written once, as issued, then its lines, in this transaction (the triggers
    // refuse changing or deleting the lines of an issued document; these are its first and only lines).
    const row = { ...final, content_hash: hash, created_at: final.issued_at!, updated_at: final.issued_at! };
    const inserted = await insertRows<{ id: number }>(trx, 'documents', [row], ['id']);
    id = Number(inserted.rows[0].id);
    await insertLines(trx, id, lines);
    keepIssuedRow(ctx, { id, ...row });
  } else {
    // Lines first: once the row has its number the triggers refuse any change to them.
    await trx.deleteFrom('document_lines').where('document_id', '=', id).execute();
    await insertLines(trx, id, lines);
    const res = await updateRows(trx, 'documents', { ...final, content_hash: hash, updated_at: final.issued_at! }, { id, number: null });
    if (Number(res.numAffectedRows) !== 1) throw new OpError('CONFLICT', `Draft ${id} was issued meanwhile`);
  }

  if (kind === 'invoice') {
    await insertRows(trx, 'invoice_balances', [{ document_id: id, balance: totals.totalOre, paid_total: 0, credited_total: 0, lost_total: 0, lost: 0, settled_date: null }]);
  } else if (kind === 'credit-note') {
    await applyCredit(trx, draft.credited_document_id!, totals.totalOre, issueDate);
  }
  await audit(ctx, kind, number, 'issue', { draft: id, series, total: totals.totalOre, kid, contentHash: hash });
  return { id, kind, number, total: totals.totalOre };
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

/**
 * POST /invoices/: writes the draft and issues it in the same transaction (nothing is left behind on failure). `known`:
 * what the caller already has from this transaction (the recipient's row it just wrote, the settings it read).
 */
export async function issueNew(
  ctx: AppContext,
  kind: DocumentKind,
  input: DraftInput,
  sourceDocumentId: number | null = null,
  known: { recipient?: CheckedDraft['recipient']; settings?: Settings } = {},
): Promise<Issued> {
  return inTx(ctx, async (tctx) => {
    const settings = known.settings ?? (await getSettings(tctx));
    const checked = await checkDraft(tctx, settings, kind, input, known.recipient);
    // No draft row: the issue writes the document once, numbered, and its lines once.
    return issueInTx(tctx, null, { settings }, {
      draft: { ...checked.doc, source_document_id: sourceDocumentId },
      lines: checked.lines,
      recipient: checked.recipient,
      recipientSnapshot: checked.doc.recipient_snapshot,
      totals: checked.totals,
    });
  });
}
