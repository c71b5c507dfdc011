/**
 * What the outbox needs to know about a document it sends: its recipient and mail facts, its PDF and (invoices and
 * credit notes) its EHF, rendered at send time. One DocumentSource per sent document type; the document kinds' are
 * here, another area's (dunnings) is registered at the composition root (main/registrations.ts), so sending imports
 * none of those areas.
 */
import type { AppContext } from '../../context.js';
import type { DocumentView, PartySnapshot } from '../../render/document-view.js';
import { notFound } from '../../ops/errors.js';
import { buildView, issuedRow, type DocRow, ehfOf, FILE_STEM } from '../documents/core.js';
import type { DocumentKind } from '../documents/core.js';
import { runTask } from '../../workers/index.js';
import type { SentDocumentType } from './sending.schema.js';

/** A postal address for a paper shipment (country ISO alpha-2). */
export type { DocumentFacts, DocumentSource, PostalAddress } from './document-source.types.js';
import type { DocumentFacts, DocumentSource, PostalAddress } from './document-source.types.js';

const LABEL: Record<DocumentKind, string> = {
  invoice: 'Faktura',
  'credit-note': 'Kreditnota',
  offer: 'Tilbud',
  'order-confirmation': 'Ordrebekreftelse',
};

async function rowOf(ctx: AppContext, kind: DocumentKind, number: number): Promise<DocRow> {
  const row = await issuedRow(ctx, kind, number);
  if (!row) throw notFound(kind, { number });
  return row;
}

function withAddress(view: DocumentView, address: PostalAddress | null | undefined): DocumentView {
  if (!address) return view;
  const buyer: PartySnapshot = { ...view.buyer, address1: address.address1, address2: address.address2, zip: address.zip, city: address.city, country: address.country };
  return { ...view, buyer };
}

/** The mail facts of an issued document's row (the outbox reads many rows at once and calls this for each). */
export function factsOf(row: DocRow): DocumentFacts {
  const seller = row.originator_snapshot ? (JSON.parse(row.originator_snapshot) as PartySnapshot) : null;
  return {
    recipientNumber: row.recipient_number,
    kindLabel: LABEL[row.kind as DocumentKind],
    number: row.number!,
    amount: row.total / 100,
    currency: row.currency,
    dueDate: row.due_date,
    kid: row.kid,
    accountNumber: seller?.bankAccount ?? null,
    international: row.currency !== 'NOK' || row.international !== null,
  };
}

/** The source of an issued invoice, credit note, offer or order confirmation (rows of `documents`). */
export function documentKindSource(kind: DocumentKind): DocumentSource {
  const source: DocumentSource = {
    async describe(ctx, number) {
      const row = await issuedRow(ctx, kind, number);
      return row ? factsOf(row) : null;
    },
    async pdf(ctx, number, opts = {}) {
      const view = withAddress(await buildView(ctx, await rowOf(ctx, kind, number)), opts.address);
      return { filename: `${FILE_STEM[kind]}-${number}.pdf`, data: await runTask('pdf.document', view) };
    },
  };
  if (kind === 'invoice' || kind === 'credit-note') {
    source.ehf = async (ctx, number) => {
      const f = await ehfOf(await buildView(ctx, await rowOf(ctx, kind, number)));
      return { filename: f.filename, xml: f.data.toString('utf8') };
    };
  }
  return source;
}

const sources: Partial<Record<SentDocumentType, DocumentSource>> = {
  invoice: documentKindSource('invoice'),
  'credit-note': documentKindSource('credit-note'),
  offer: documentKindSource('offer'),
  'order-confirmation': documentKindSource('order-confirmation'),
};

/** Registers the source of a sent document type another area owns (main/registrations.ts, loaded by main/app.ts). */
export function registerDocumentSource(type: SentDocumentType, source: DocumentSource): void {
  sources[type] = source;
}

/** Every sent document type's source (complete once main/app.ts has loaded main/registrations.ts). */
export const documentSources = sources as Record<SentDocumentType, DocumentSource>;
