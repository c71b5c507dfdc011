/**
 * The page geometry, colours and small text helpers every PDF of the invoice family shares (A4, window envelope,
 * giro height). Pure: no pdfmake here.
 */
import type { DocumentView, PartySnapshot } from '../document-view';

export type Content = string | number | ContentObject | Content[];
export interface ContentObject { [key: string]: unknown }

export const MM = 72 / 25.4;
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN_L = 20 * MM;
export const MARGIN_R = 15 * MM;
export const MARGIN_T = 16 * MM;
export const MARGIN_B = 14 * MM;
export const CONTENT_W = PAGE_W - MARGIN_L - MARGIN_R;
/** Window of a C5/C4 window envelope (left window): address block from 20 mm left, 47 mm top. */
export const WINDOW_X = 20 * MM;
export const WINDOW_Y = 47 * MM;
/** Height of the giro-style payment part at the bottom of the last invoice page. */
export const GIRO_H = 92 * MM;

export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#c9d2dc';
export const ACCENT = '#174a8c';
export const HEAD_FILL = '#eef2f7';
export const GIRO_FILL = '#fde7c8';
export const GIRO_FIELD = '#ffffff';
export const GIRO_LINE = '#e0a15a';

export function nonEmpty(s: string | null | undefined): string | null {
  const t = s?.trim();
  return t ? t : null;
}

export function isNok(doc: DocumentView): boolean {
  return (doc.currency || 'NOK').toUpperCase() === 'NOK';
}

/** Exchange rate for display: 11.7245 -> "11,7245". */
export function formatRate(rate: number): string {
  return rate.toFixed(4).replace(/0+$/, '').replace(/\.$/, '').replace('.', ',');
}

export function documentNumber(doc: DocumentView): string {
  return doc.number != null ? String(doc.number) : `Utkast ${doc.draftNumber}`;
}

const COUNTRY_NAMES: Record<string, string> = { SE: 'SVERIGE', DK: 'DANMARK', FI: 'FINLAND', DE: 'TYSKLAND', GB: 'STORBRITANNIA', FO: 'FÆRØYENE', IS: 'ISLAND', US: 'USA' };

export function countryLine(country: string | null | undefined): string | null {
  const c = nonEmpty(country);
  if (!c || c.toUpperCase() === 'NO') return null;
  return COUNTRY_NAMES[c.toUpperCase()] ?? c.toUpperCase();
}

export function addressLines(p: PartySnapshot): string[] {
  return [
    nonEmpty(p.address1), nonEmpty(p.address2),
    [nonEmpty(p.zip), nonEmpty(p.city)].filter(Boolean).join(' ') || null,
    countryLine(p.country),
  ].filter((x): x is string => !!x);
}

/** A block at an absolute page position with a fixed width. */
export function at(x: number, y: number, width: number, content: ContentObject): ContentObject {
  return { absolutePosition: { x, y }, columns: [{ width, ...content }] };
}

/** The customer number printed on a document: the customer's own, else the recipient number. */
export function customerNumberOf(doc: DocumentView): string | null {
  return nonEmpty(doc.buyer.customerNumber) ?? (doc.buyer.recipientNumber != null ? String(doc.buyer.recipientNumber) : null);
}
