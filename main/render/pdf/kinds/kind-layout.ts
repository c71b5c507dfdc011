/**
 * What differs between the document kinds of the invoice family. A new kind is a new file in this folder that exports
 * one KindLayout, plus its line in kinds/index.ts; the blocks (../blocks/) and the page (../direct/commercial-layout.ts) are shared.
 */
import type { DocumentView } from '../../document-view';
import type { FactRow } from '../blocks/parties';

export interface KindLayout {
  /** "Faktura" */
  title: string;
  /** "Fakturanr." (printed bold) */
  numberLabel: string;
  /** "Fakturadato" */
  dateLabel: string;
  /** Rows right after the date (due date, validity). */
  dateRows?(doc: DocumentView): FactRow[];
  /** Rows after the references (credited invoice, KID). */
  referenceRows?(doc: DocumentView): FactRow[];
  /** Labels whose value is printed bold besides the number. */
  boldLabels?: string[];
  /** Lines under the title (what is credited, how long an offer holds). */
  subtitle?(doc: DocumentView): string[];
  /** The last, bold line of the totals: "Å betale", "Til gode", … */
  totalLabel: string;
  /** Invoices: the payment sentence and the giro at the bottom of the last page. */
  payable?: boolean;
}
