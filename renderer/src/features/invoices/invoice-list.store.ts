import { create } from 'zustand';

export type InvoiceTab = 'all' | 'drafts' | 'not-due' | 'due' | 'paid' | 'lost' | 'credit-notes';

/** The invoice list's tab and filters, kept while the person opens an invoice and comes back. */
interface InvoiceListState {
  tab: InvoiceTab;
  from: string | null;
  to: string | null;
  recipientNumber: number | null;
  recipientLabel: string | null;
  set(patch: Partial<Omit<InvoiceListState, 'set'>>): void;
}

export const useInvoiceList = create<InvoiceListState>((set) => ({
  tab: 'all',
  from: null,
  to: null,
  recipientNumber: null,
  recipientLabel: null,
  set: (patch) => set(patch),
}));
