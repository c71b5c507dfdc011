import { create } from 'zustand';
import type { SortState } from '../../shared/PagedVirtualTable';

export type InvoiceTab = 'all' | 'drafts' | 'not-due' | 'due' | 'paid' | 'lost' | 'credit-notes';

/** The invoice list's tab and filters, kept while the person opens an invoice and comes back. */
interface InvoiceListState {
  tab: InvoiceTab;
  from: string | null;
  to: string | null;
  recipientNumber: number | null;
  recipientLabel: string | null;
  /** Search text (number, customer, KID, amount) and the column sorted by (null: newest first). */
  q: string;
  sort: SortState | null;
  set(patch: Partial<Omit<InvoiceListState, 'set'>>): void;
}

export const useInvoiceList = create<InvoiceListState>((set) => ({
  tab: 'all',
  from: null,
  to: null,
  recipientNumber: null,
  recipientLabel: null,
  q: '',
  sort: null,
  set: (patch) => set(patch),
}));
