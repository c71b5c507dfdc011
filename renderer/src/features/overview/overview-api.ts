/**
 * The overview's data: the spec 4.3 operations and the invoice sums, and how an item's link (a spec path with its
 * filters) becomes an operation call and a screen to open each row in.
 */
import { call } from '../../api/client';

export interface OverviewItem {
  description: string;
  count: number;
  total: number;
  _links: { self: { uri: string } };
}
export interface OverviewGroup {
  name: string;
  items: OverviewItem[];
  summary: { total: number };
}
export interface InvoiceOverview {
  years: number[];
  groups: OverviewGroup[];
}
export interface Revenue {
  labels: string[];
  revenueWithoutVat: number[];
  paid: number[];
  lost: number[];
}
interface Sums {
  count: number;
  total: number;
  balance: number;
}
export interface Cards {
  outstanding: number;
  overdue: number;
  overdueCount: number;
  paidThisMonth: number;
  balance: number;
}

export const fetchOverview = (year: string | null) => call<InvoiceOverview>('overview.invoices', { query: year ? { year } : {} });

export const fetchRevenue = (range: { from?: string; to?: string }) => call<Revenue>('overview.revenueGraph', { query: range });

/** The four cards: open balances by state (invoices.sums), this month's payments (the graph over one month) and the ledger balance. */
export async function fetchCards(today: string): Promise<Cards> {
  const [notDue, due, month, ledger] = await Promise.all([
    call<Sums>('invoices.sums', { query: { state: 'not-due' } }),
    call<Sums>('invoices.sums', { query: { state: 'due' } }),
    fetchRevenue({ from: `${today.slice(0, 8)}01`, to: today }),
    call<{ balance: number }>('overview.balance'),
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

type Raw = Record<string, any>;

/** Where each linked list path is served and how its rows open in the GUI. */
const LISTS: { path: string; op: string; row: (r: Raw) => ListRow }[] = [
  {
    path: '/overview/invoices/documents',
    op: 'overview.documents',
    row: (r) => ({
      key: r._links.self.uri,
      number: r.number,
      customer: r.recipientName,
      date: r.date,
      dueDate: r.dueDate,
      total: r.currencyTotal,
      currency: r.currency,
      open: r._links.self.uri, // /invoices/<n>, /invoices/drafts/<n>, /invoices/credit-notes/<n>: the GUI's own paths
    }),
  },
  { path: '/offer/drafts/', op: 'offers.listDrafts', row: (r) => chainRow(r, `/offers/drafts/${r.number}`) },
  { path: '/offer/', op: 'offers.list', row: (r) => chainRow(r, `/offers/${r.number}`) },
  { path: '/order-confirmation/drafts/', op: 'orderConfirmations.listDrafts', row: (r) => chainRow(r, `/offers/order-confirmations/drafts/${r.number}`) },
  { path: '/order-confirmation/', op: 'orderConfirmations.list', row: (r) => chainRow(r, `/offers/order-confirmations/${r.number}`) },
];

function chainRow(r: Raw, open: string): ListRow {
  return { key: open, number: r.number, customer: r.recipient?.name ?? '', date: r.invoiceDate ?? null, dueDate: r.expiryDate ?? r.dueDate ?? null, total: r.total, currency: r.currency, open };
}

/** The operation and query of an item's link, or null for a path this screen does not know. */
export function linkedList(uri: string): { op: string; query: Record<string, string>; row: (r: Raw) => ListRow } | null {
  const [path, search = ''] = uri.split('?');
  const list = LISTS.find((l) => l.path === path);
  if (!list) return null;
  return { op: list.op, query: Object.fromEntries(new URLSearchParams(search)), row: list.row };
}
