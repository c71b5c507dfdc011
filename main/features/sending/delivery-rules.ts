/** The spec 4.4 rules of a delivery-options body that a schema cannot express, and the shipments it asks for. */
import type { AppContext } from '../../context.js';
import { FieldErrors, notFound } from '../../ops/errors.js';
import { countryCode } from '../common/index.js';
import { documentSources, type PostalAddress } from './document-source.js';
import type { DeliveryOptions, SentDocumentType, ShipmentMethod } from './sending.schema.js';
import { EMAIL_RE } from '../../domain/email.js';
import { sendingSettings } from '../settings/index.js';
import { newMessageId } from './message-id.js';
import { schemeOf } from '../../domain/party-ids.js';

export interface PlannedShipment {
  method: ShipmentMethod;
  address: string;
  description: string;
  payload: Record<string, unknown>;
  messageId?: string | null;
}

const trimmed = (v: string | undefined) => (v ?? '').trim();

/** The postal address this document is mailed to: the one a paper body gave earlier, else the recipient's. */
export async function mailAddressOf(ctx: AppContext, documentId: number | null, recipientNumber: number): Promise<PostalAddress | null> {
  if (documentId !== null) {
    const kept = await ctx.db.selectFrom('document_mail_addresses').select(['address1', 'address2', 'zip', 'city', 'country']).where('document_id', '=', documentId).executeTakeFirst();
    if (kept) return kept;
  }
  const r = await ctx.db.selectFrom('recipients').select(['address1', 'address2', 'zip', 'city', 'country']).where('number', '=', recipientNumber).executeTakeFirst();
  return r ?? null;
}

/**
 * Checks `options` for document `doc` and plans one shipment per method and address. 404 when the document does not
 * exist; 400 naming each bad field otherwise (nothing planned, nothing written).
 */
export async function checkDelivery(
  ctx: AppContext,
  doc: { type: SentDocumentType; number: number },
  o: DeliveryOptions,
): Promise<{ shipments: PlannedShipment[]; paperAddress: PostalAddress | null }> {
  const source = documentSources[doc.type];
  const facts = await source.describe(ctx, doc.number);
  if (!facts) throw notFound(doc.type, { number: doc.number });
  // The organisation number is only needed for EHF.
  const recipient = o.ehf ? await ctx.db.selectFrom('recipients').select(['org_number', 'org_icd']).where('number', '=', facts.recipientNumber).executeTakeFirst() : undefined;
  const settings = await sendingSettings(ctx);
  const errors = new FieldErrors();
  const emails = o.email ?? [];
  const copies = o.copy?.email ?? [];

  if (!o.paper && !emails.length && !o.ehf) {
    for (const f of ['paper', 'email', 'ehf']) errors.add(f, 'NO_SENDING_METHOD');
  }
  for (const k of ['eFaktura', 'avtaleGiro'] as const) {
    if (o[k]) errors.add(k, 'NO_BANK_AGREEMENT', { method: k });
  }

  let paperAddress: PostalAddress | null = null;
  if (o.paper && Object.keys(o.paper).length) {
    const p = o.paper;
    for (const f of ['zip', 'city', 'country'] as const) if (!trimmed(p[f])) errors.add(`paper.${f}`, 'REQUIRED_WITH_PAPER_ADDRESS');
    const country = trimmed(p.country) ? countryCode(trimmed(p.country)) : null;
    if (trimmed(p.country) && !country) errors.add('paper.country', 'UNKNOWN_COUNTRY');
    if (country === 'NO' && trimmed(p.zip) && !/^[0-9]{4}$/.test(trimmed(p.zip))) errors.add('paper.zip', 'INVALID_POSTAL_CODE');
    paperAddress = { address1: trimmed(p.address1) || null, address2: trimmed(p.address2) || null, zip: trimmed(p.zip), city: trimmed(p.city), country: country ?? 'NO' };
  }
  emails.forEach((e, i) => {
    if (!EMAIL_RE.test(e.address.trim())) errors.add(`email[${i}].address`, 'INVALID_EMAIL');
  });
  copies.forEach((e, i) => {
    if (!EMAIL_RE.test(e.address.trim())) errors.add(`copy.email[${i}].address`, 'INVALID_EMAIL');
  });
  if (o.sms?.length && !settings.smsGatewayUrl) {
    errors.add('sms', 'NO_SMS_GATEWAY', { setting: 'SMS gateway address' });
  }
  let ehfAddress = '';
  if (o.ehf) {
    if (!source.ehf) errors.add('ehf', 'EHF_NOT_FOR_KIND', { kind: facts.kindLabel.toLowerCase() });
    else if (!recipient?.org_number) errors.add('ehf', 'EHF_NEEDS_ORG_NUMBER');
    else ehfAddress = `${schemeOf(recipient.org_icd)}:${recipient.org_number}`;
  }
  errors.throwIfAny();

  const label = `${facts.kindLabel} ${facts.number}`;
  const out: PlannedShipment[] = [];
  const seen = new Set<string>();
  const mail = (list: typeof emails, copy: boolean) => {
    for (const e of list) {
      const address = e.address.trim();
      const key = address.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        method: 'email',
        address,
        description: copy ? `Kopi av ${label.toLowerCase()} sendt på e-post` : `${label} sendt på e-post`,
        payload: { htmlContent: e.htmlContent ?? null, copy },
        messageId: newMessageId(settings.fromAddress),
      });
    }
  };
  mail(emails, false);
  mail(copies, true);
  if (o.paper) {
    const docRow = doc.type === 'dunning' ? null : await ctx.db.selectFrom('documents').select('id').where('kind', '=', doc.type).where('number', '=', doc.number).executeTakeFirst();
    const address = paperAddress ?? (await mailAddressOf(ctx, docRow?.id ?? null, facts.recipientNumber));
    out.push({ method: 'paper', address: '', description: `${label} sendt i posten`, payload: { address } });
  }
  if (o.ehf) out.push({ method: 'ehf', address: ehfAddress, description: `${label} sendt som EHF`, payload: {} });
  for (const s of o.sms ?? []) {
    out.push({ method: 'sms', address: s.mobileNumber, description: `SMS om ${label.toLowerCase()} sendt`, payload: { message: s.message } });
  }
  return { shipments: out, paperAddress };
}
