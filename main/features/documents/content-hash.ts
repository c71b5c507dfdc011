import { hash } from 'node:crypto';
import type { DocRow, LineRow } from './document-rows.js';

type HashedDoc = Omit<DocRow, 'id' | 'content_hash' | 'created_at' | 'updated_at'>;
type HashedLine = Omit<LineRow, 'document_id'>;

/**
 * The canonical issued content: every column that makes up the document as sent, in a fixed order, lines in
 * line order. Its sha256 is stored in documents.content_hash when issuing, so the document can later be proven
 * unchanged (verifyContentHash), in addition to the triggers that refuse any UPDATE or DELETE.
 */
export function canonicalContent(d: HashedDoc, lines: HashedLine[]): string {
  return JSON.stringify([
    'kvitt-document-v1',
    d.kind, d.series, d.number, d.recipient_number, d.recipient_snapshot, d.originator_snapshot, d.order_number,
    d.issue_date, d.due_date, d.order_date, d.delivery_date, d.expiry_date, d.our_reference, d.your_reference, d.kid,
    d.invoice_text, d.currency, d.exchange_rate_micro, d.international, d.delivery_address, d.credited_document_id,
    d.source_document_id, d.net, d.tax, d.total, d.tax_nok, d.total_nok, d.issued_at,
    [...lines]
      .sort((a, b) => a.line_no - b.line_no)
      .map((l) => [
        l.line_no, l.product_code, l.description, l.quantity_milli, l.unit, l.unit_price, l.discount, l.tax_rate,
        l.vat_category, l.exemption_reason, l.net, l.tax, l.total,
      ]),
  ]);
}

export function contentHash(d: HashedDoc, lines: HashedLine[]): string {
  // crypto.hash: one call, no Hash object (Node >= 20.12; package.json asks for 20.19); the digest of the UTF-8 text.
  return hash('sha256', canonicalContent(d, lines), 'hex');
}

/** True when the stored document and lines still hash to the content_hash taken when it was issued. */
export function verifyContentHash(d: DocRow, lines: LineRow[]): boolean {
  return d.content_hash !== null && contentHash(d, lines) === d.content_hash;
}
