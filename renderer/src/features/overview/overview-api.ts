/**
 * The overview's data: the spec 4.3 operations and the invoice sums, and how an item's link (a spec path with its
 * filters) becomes an operation call and a screen to open each row in.
 */
import { call } from '../../api/client';
import type { ItemOf, OutputOf, PageValue } from '../../api/op-types';

/** The service's shapes (overview.invoices, overview.revenueGraph). */
export type InvoiceOverview = OutputOf<'overview.invoices'>;
export type OverviewGroup = InvoiceOverview['groups'][number];
export type OverviewItem = OverviewGroup['items'][number];
export type Revenue = OutputOf<'overview.revenueGraph'>;
export interface Cards {
  outstanding: number;
  overdue: number;
  overdueCount: number;
  paidThisMonth: number;
  balance: number;
}

export const fetchOverview = (year: string | null) => call('overview.invoices', { query: year ? { year } : {} });

export const fetchRevenue = (range: { from?: string; to?: string }) => call('overview.revenueGraph', { query: range });

/** The four cards: open balances by state (invoices.sums), this month's payments (the graph over one month) and the ledger balance. */
export async function fetchCards(today: string): Promise<Cards> {
  const [notDue, due, month, ledger] = await Promise.all([
    call('invoices.sums', { query: { state: 'not-due' } }),
    call('invoices.sums', { query: { state: 'due' } }),
    fetchRevenue({ from: `${today.slice(0, 8)}01`, to: today }),
    call('overview.balance'),
  ]);
  return {
    outstanding: Math.round((notDue.balance + due.balance) * 100) / 100,
    overdue: due.balance,
    overdueCount: due.count,
    paidThisMonth: month.paid[0] ?? 0,
    balance: ledger.balance,
  };
}

/** One row of any linked list, as the overview's list shows it. */
export interface ListRow {
  key: string;
  number: number;
  customer: string;
  date: string | null;
  dueDate: string | null;
  total: number;
  currency: string;
  /** The screen that shows the document. */
  open: string;
}

/** The documents a link lists: one page of them as rows (the link's query as the service wrote it: strings it coerces). */
type FetchRows = (query: Record<string, string>, page: number, perPage: number) => Promise<{ items: ListRow[]; total: number }>;

const rows = <T>(res: PageValue<T>, row: (r: T) => ListRow) => ({ items: res.items.map(row), total: res.total });

/** Where each linked list path is served and how its rows open in the GUI. */
const LISTS: { path: string; fetch: FetchRows }[] = [
  {
    path: '/overview/invoices/documents',
    fetch: async (query, page, perPage) =>
      rows(await call('overview.documents', { query: { ...query, page, perPage } }), (r) => ({
        key: r._links.self.uri,
        number: r.number,
        customer: r.recipientName,
        date: r.date,
        dueDate: r.dueDate,
        total: r.currencyTotal,
        currency: r.currency,
        open: r._links.self.uri, // /invoices/<n>, /invoices/drafts/<n>, /invoices/credit-notes/<n>: the GUI's own paths
      })),
  },
  { path: '/offer/drafts/', fetch: async (query, page, perPage) => rows(await call('offers.listDrafts', { query: { ...query, page, perPage } }), (r) => chainRow(r, `/offers/drafts/${r.number}`)) },
  { path: '/offer/', fetch: async (query, page, perPage) => rows(await call('offers.list', { query: { ...query, page, perPage } }), (r) => chainRow(r, `/offers/${r.number}`)) },
  { path: '/order-confirmation/drafts/', fetch: async (query, page, perPage) => rows(await call('orderConfirmations.listDrafts', { query: { ...query, page, perPage } }), (r) => chainRow(r, `/offers/order-confirmations/drafts/${r.number}`)) },
  { path: '/order-confirmation/', fetch: async (query, page, perPage) => rows(await call('orderConfirmations.list', { query: { ...query, page, perPage } }), (r) => chainRow(r, `/offers/order-confirmations/${r.number}`)) },
];

type ChainItem = ItemOf<'offers.list' | 'offers.listDrafts' | 'orderConfirmations.list' | 'orderConfirmations.listDrafts'>;

function chainRow(r: ChainItem, open: string): ListRow {
  return { key: open, number: r.number, customer: r.recipient?.name ?? '', date: r.invoiceDate ?? null, dueDate: ('expiryDate' in r ? r.expiryDate : null) ?? ('dueDate' in r ? r.dueDate : null) ?? null, total: r.total, currency: r.currency, open };
}

/** The operation and query of an item's link, or null for a path this screen does not know. */
export function linkedList(uri: string): { fetch: (page: number, perPage: number) => ReturnType<FetchRows> } | null {
  const [path, search = ''] = uri.split('?');
  const list = LISTS.find((l) => l.path === path);
  if (!list) return null;
  const query = Object.fromEntries(new URLSearchParams(search));
  return { fetch: (page, perPage) => list.fetch(query, page, perPage) };
}
