/** The outbox's view of a dunning (contract section 1): its mail facts and its PDF, rendered at send time. Never EHF. */
import type { AppContext } from '../../context.js';
import type { DocumentView, PartySnapshot } from '../../render/document-view.js';
import { renderDunningPdf } from '../../render/pdf/dunning-writer.js';
import type { InterestPart } from '../../domain/late-interest.js';
import { notFound } from '../../ops/errors.js';
import { buildView } from '../documents/core.js';
import type { DocumentSource, PostalAddress } from '../sending/index.js';
import { dunningRow } from './dunnings.read.js';

type Kind = 'purring' | 'inkassovarsel' | 'rentenota';
const kindOf = (r: { debt_collection_notice: number; interest_note: number }): Kind =>
  r.interest_note ? 'rentenota' : r.debt_collection_notice ? 'inkassovarsel' : 'purring';
const LABEL: Record<Kind, string> = { purring: 'Purring', inkassovarsel: 'Inkassovarsel', rentenota: 'Rentenota' };

/**
 * Which notice of its kind on this invoice a dunning is (1st, 2nd reminder; the running dunning number stays the
 * reference): "1. purring på faktura 1004" and its file purring-1-faktura-1004.pdf; a closing interest note is one.
 */
async function naming(ctx: AppContext, row: { document_id: number; dunning_number: number; debt_collection_notice: number; interest_note: number }, invoiceNumber: number) {
  const kind = kindOf(row);
  const same = await ctx.db
    .selectFrom('dunnings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('document_id', '=', row.document_id)
    .where('dunning_number', '<=', row.dunning_number)
    .where('debt_collection_notice', '=', row.debt_collection_notice)
    .where('interest_note', '=', row.interest_note)
    .executeTakeFirstOrThrow();
  const ordinal = Number(same.n);
  return kind === 'rentenota'
    ? { kind, ordinal, title: `rentenota på faktura ${invoiceNumber}`, filename: `rentenota-faktura-${invoiceNumber}.pdf` }
    : { kind, ordinal, title: `${ordinal}. ${kind} på faktura ${invoiceNumber}`, filename: `${kind}-${ordinal}-faktura-${invoiceNumber}.pdf` };
}

async function parts(ctx: AppContext, number: number) {
  const row = await dunningRow(ctx.db, number);
  if (!row) throw notFound('dunning', { number });
  const invoice = await ctx.db.selectFrom('documents').selectAll().where('id', '=', row.document_id).executeTakeFirstOrThrow();
  return { row, invoice };
}

/** The invoice's kept mail address (a paper body gave it), else the recipient's: never imports the outbox (it imports this file). */
async function mailAddress(ctx: AppContext, documentId: number, recipientNumber: number): Promise<PostalAddress | null> {
  const cols = ['address1', 'address2', 'zip', 'city', 'country'] as const;
  const kept = await ctx.db.selectFrom('document_mail_addresses').select(cols).where('document_id', '=', documentId).executeTakeFirst();
  return kept ?? (await ctx.db.selectFrom('recipients').select(cols).where('number', '=', recipientNumber).executeTakeFirst()) ?? null;
}

function withAddress(view: DocumentView, a: PostalAddress | null): DocumentView {
  if (!a) return view;
  const buyer: PartySnapshot = { ...view.buyer, address1: a.address1, address2: a.address2, zip: a.zip, city: a.city, country: a.country };
  return { ...view, buyer };
}

export const dunningSource: DocumentSource = {
  async describe(ctx, number) {
    const row = await dunningRow(ctx.db, number);
    if (!row) return null;
    const invoice = await ctx.db.selectFrom('documents').select(['kid', 'originator_snapshot', 'international', 'number']).where('id', '=', row.document_id).executeTakeFirstOrThrow();
    const named = await naming(ctx, row, invoice.number!);
    const seller = invoice.originator_snapshot ? (JSON.parse(invoice.originator_snapshot) as PartySnapshot) : null;
    return {
      recipientNumber: row.recipient_number,
      kindLabel: LABEL[named.kind],
      number,
      title: named.title,
      amount: (row.invoice_balance + row.fee + row.interest) / 100,
      currency: row.currency,
      dueDate: row.due_date,
      kid: invoice.kid,
      accountNumber: seller?.bankAccount ?? null,
      international: row.currency !== 'NOK' || invoice.international !== null,
    };
  },

  async pdf(ctx, number, opts = {}) {
    const { row, invoice } = await parts(ctx, number);
    const earlier = await ctx.db
      .selectFrom('dunnings')
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>(eb('fee', '+', eb.ref('interest'))), eb.lit(0)).as('charges')])
      .where('document_id', '=', row.document_id)
      .where('dunning_number', '<', row.dunning_number)
      .executeTakeFirstOrThrow();
    const address = opts.address !== undefined ? opts.address : await mailAddress(ctx, row.document_id, row.recipient_number);
    const view = withAddress(await buildView(ctx, invoice), address);
    const named = await naming(ctx, row, invoice.number!);
    const data = await renderDunningPdf({
      invoice: view,
      number: row.number,
      dunningNumber: row.dunning_number,
      dunningDate: row.dunning_date,
      dueDate: row.due_date,
      debtCollectionNotice: row.debt_collection_notice === 1,
      interestNote: row.interest_note === 1,
      ordinal: named.ordinal,
      dunningText: row.dunning_text,
      invoiceBalance: row.invoice_balance,
      earlierCharges: Number(earlier.charges),
      fee: row.fee,
      interest: row.interest,
      interestPrincipal: row.interest_principal,
      interestParts: JSON.parse(row.interest_parts) as InterestPart[],
    });
    return { filename: named.filename, data };
  },
};
