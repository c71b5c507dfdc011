import type { DocumentData } from '../documents/document.types';

/**
 * What a badge says. An issued invoice's status is the service's (`stateDetail.label` of GET /invoices/{n} and of the
 * lists with withState: main/domain/invoice-state.ts), never derived again here, so list, page and API agree.
 * credit-note: a credit note; credit-draft: a credit-note draft among the invoice drafts.
 */
export type InvoiceStatus = 'draft' | 'credit-draft' | 'not-due' | 'due' | 'paid' | 'lost' | 'credited' | 'credit-note';

export const STATUS_COLOR: Record<InvoiceStatus, string> = {
  draft: 'gray',
  'credit-draft': 'grape',
  'not-due': 'blue',
  due: 'red',
  paid: 'teal',
  lost: 'dark',
  credited: 'grape',
  'credit-note': 'grape',
};

export function invoiceStatus(doc: DocumentData): InvoiceStatus {
  return (doc.stateDetail?.label ?? doc.state ?? 'not-due') as InvoiceStatus;
}
