/**
 * Spec 4.5: which shipment methods a document can go by, and which are the default.
 * Order of `available` (rule 1): ehf, eFaktura, avtaleGiro (eFaktura + AvtaleGiro, AvtaleGiro, eFaktura), email, paper.
 * E-mail stands between the bank methods and paper: it is what Kvitt sends itself, paper is the fallback.
 */
import type { AppContext } from '../../context.js';
import { notFound } from '../../ops/errors.js';
import { getSettings } from '../settings/index.js';
import { documentSources } from './document-source.js';
import type { SentDocumentType } from './outbox.js';

export type MethodName = 'ehf' | 'eFaktura' | 'avtaleGiro' | 'email' | 'paper';
export interface ShipmentMethods {
  available: MethodName[];
  default: MethodName[];
}

interface Recipient {
  email: string | null;
  org_number: string | null;
  ehf_capable: number;
  efaktura: number;
  avtalegiro: number;
  default_shipment: string | null;
  deleted: number;
}

/** The rules of 4.5 for one recipient and document type; `inkassovarsel` dunnings never offer EHF. */
export async function methodsFor(
  ctx: AppContext,
  r: Recipient,
  type: SentDocumentType,
  opts: { international: boolean; inkassovarsel?: boolean },
): Promise<ShipmentMethods> {
  const available: MethodName[] = [];
  if (r.org_number && r.ehf_capable === 1 && documentSources[type].ehf && !opts.inkassovarsel) available.push('ehf');
  if (!opts.international) {
    if (r.efaktura === 1) available.push('eFaktura');
    if (r.avtalegiro === 1) available.push('avtaleGiro');
  }
  if (r.email) available.push('email');
  available.push('paper');

  let def: MethodName[];
  if (type === 'dunning') def = ['paper']; // rule 4
  else if (available.includes('eFaktura') && available.includes('avtaleGiro')) def = ['eFaktura', 'avtaleGiro']; // rule 2
  else if (available[0] !== 'email' && available[0] !== 'paper') def = [available[0]];
  else if (available.includes('email')) {
    // rule 3: only e-mail and paper: the recipient's preference, else the originator's
    const pref = r.default_shipment ?? (await getSettings(ctx)).invoicing.defaultShipment;
    def = [pref === 'SNAIL' ? 'paper' : 'email'];
  } else def = ['paper'];
  return { available, default: def };
}

async function recipientRow(ctx: AppContext, number: number): Promise<Recipient | undefined> {
  return ctx.db
    .selectFrom('recipients')
    .select(['email', 'org_number', 'ehf_capable', 'efaktura', 'avtalegiro', 'default_shipment', 'deleted'])
    .where('number', '=', number)
    .executeTakeFirst();
}

/** GET /shipment-methods/recipient/{recipientNumber}/{documentType}: 404 for an unknown recipient. */
export async function methodsForRecipient(ctx: AppContext, recipientNumber: number, type: SentDocumentType, international: boolean): Promise<ShipmentMethods> {
  const r = await recipientRow(ctx, recipientNumber);
  if (!r || r.deleted) throw notFound('recipient', { number: recipientNumber });
  return methodsFor(ctx, r, type, { international });
}

/** GET /shipment-methods/{documentType}/{documentNumber}: null (204) when the document does not exist. */
export async function methodsForDocument(ctx: AppContext, type: SentDocumentType, number: number, international: boolean): Promise<ShipmentMethods | null> {
  const facts = await documentSources[type].describe(ctx, number);
  if (!facts) return null;
  const r = await recipientRow(ctx, facts.recipientNumber);
  if (!r) return null;
  return methodsFor(ctx, r, type, { international: international || facts.international, inkassovarsel: facts.kindLabel.toLowerCase() === 'inkassovarsel' });
}

/** GET /shipment-methods/invoice/{baseDocumentNumber}/{documentType}: a credit note or dunning of that invoice. */
export async function methodsForInvoiceBased(ctx: AppContext, invoiceNumber: number, type: 'credit-note' | 'dunning', international: boolean): Promise<ShipmentMethods | null> {
  const facts = await documentSources.invoice.describe(ctx, invoiceNumber);
  if (!facts) return null;
  const r = await recipientRow(ctx, facts.recipientNumber);
  if (!r) return null;
  return methodsFor(ctx, r, type, { international: international || facts.international });
}
