import type { DocumentData } from '../documents/document.types';

export type InvoiceStatus = 'draft' | 'not-due' | 'due' | 'paid' | 'lost' | 'credited' | 'fully-credited';

export const STATUS_COLOR: Record<InvoiceStatus, string> = {
  draft: 'gray',
  'not-due': 'blue',
  due: 'red',
  paid: 'teal',
  lost: 'dark',
  credited: 'grape',
  'fully-credited': 'grape',
};

/**
 * The state of an issued invoice (spec section 3) as the service reports it, else derived the same way:
 * paid when the balance is 0 or less, due when the due date has passed, otherwise not due.
 */
export function invoiceStatus(doc: DocumentData, today: string): InvoiceStatus {
  const reported = (doc.state ?? doc.status ?? '').toString().toLowerCase().replace('_', '-');
  if (reported === 'lost' || (doc.lost && doc.lost !== null)) return 'lost';
  if (['not-due', 'due', 'paid', 'draft', 'credited'].includes(reported)) return reported as InvoiceStatus;
  const balance = doc.currentBalance ?? doc.total ?? 0;
  if (balance <= 0) return (doc.creditedAmount ?? 0) > 0 && (doc.creditedAmount ?? 0) >= (doc.total ?? 0) ? 'credited' : 'paid';
  return doc.dueDate && doc.dueDate < today ? 'due' : 'not-due';
}
