/**
 * The file of an issued document or a draft: its PDF, and for an invoice or credit note its EHF, with the file name a
 * user sees (FILE_STEM). The documents' file operations (files.ops.ts) and the outbox (sending, through core.ts) render
 * through these.
 */
import { file } from '../../ops/define.js';
import { fieldError, OpError } from '../../ops/errors.js';
import { BuyerIdInvalid, BuyerOrgMissing, EHF_NEEDS_BUYER_ORG, renderEhf } from '../../render/ehf/ehf-writer.js';
import { renderDocumentPdf } from '../../render/pdf/pdf-writer.js';
import type { DocumentView } from '../../render/document-view.js';
import { assertEhfValid } from './ehf-check.js';

export const FILE_STEM: Record<DocumentView['kind'], string> = {
  invoice: 'faktura',
  'credit-note': 'kreditnota',
  offer: 'tilbud',
  'order-confirmation': 'ordrebekreftelse',
};

export async function pdfOf(view: DocumentView) {
  const data = await renderDocumentPdf(view);
  const name = view.number !== null ? `${FILE_STEM[view.kind]}-${view.number}.pdf` : `${FILE_STEM[view.kind]}-utkast-${view.draftNumber}.pdf`;
  return file('application/pdf', name, data);
}

/**
 * EHF for an invoice or credit note, checked against the official rules first (ehf-check.ts): a recipient without an
 * organisation number is a 400 that says why, a file that breaks a fatal rule a 422 EHF_RULE_FAILED naming the rule.
 */
export async function ehfOf(view: DocumentView) {
  let xml: string;
  try {
    xml = renderEhf(view);
  } catch (e) {
    if (e instanceof BuyerOrgMissing) {
      throw new OpError(e.code, `${EHF_NEEDS_BUYER_ORG}: EHF is for businesses and public bodies; send this document as PDF`, [
        fieldError('recipient.organisationNumber', 'EHF_NEEDS_ORG_NUMBER'),
      ]);
    }
    if (e instanceof BuyerIdInvalid) {
      throw new OpError(e.code, `${e.message}: correct the recipient before making an EHF`, [
        fieldError('recipient.organisationNumber', 'INVALID_PARTY_ID', { scheme: e.scheme }),
      ]);
    }
    throw e;
  }
  await assertEhfValid(xml);
  return file('application/xml', `${FILE_STEM[view.kind]}-${view.number}.xml`, Buffer.from(xml, 'utf8'));
}
