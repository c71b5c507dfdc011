import type { ReactElement } from 'react';
import { BankRoutes } from '../features/bank/BankRoutes';
import { DunningsRoutes } from '../features/dunnings/DunningsRoutes';
import { EventsRoutes } from '../features/events/EventsRoutes';
import { InvoicesRoutes } from '../features/invoices/InvoicesRoutes';
import { OffersRoutes } from '../features/offers/OffersRoutes';
import { OverviewRoutes } from '../features/overview/OverviewRoutes';
import { ProductsRoutes } from '../features/products/ProductsRoutes';
import { RecipientsScreen } from '../features/recipients/RecipientsScreen';
import { ReportsScreen } from '../features/reports/ReportsScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { OutboxScreen } from '../features/sending/OutboxScreen';
import { FirstDayGuide } from '../features/first-day/FirstDayGuide';
import { RecurringRoutes } from '../features/recurring/RecurringRoutes';

export interface AppRoute {
  /** Path under the hash router, e.g. "/recipients/*". */
  path: string;
  element: ReactElement;
}

export interface NavItem {
  to: string;
  labelKey: string;
  icon: string;
  /** Keyboard shortcut shown in the tooltip (Alt+digit). */
  key?: string;
}

/** The left navigation of design.md section 8, in order. */
export const navItems: NavItem[] = [
  { to: '/overview', labelKey: 'nav.overview', icon: '◧', key: '1' },
  { to: '/recipients', labelKey: 'nav.recipients', icon: '☺', key: '2' },
  { to: '/invoices', labelKey: 'nav.invoices', icon: '▤', key: '3' },
  { to: '/offers', labelKey: 'nav.offers', icon: '✎', key: '4' },
  { to: '/products', labelKey: 'nav.products', icon: '▦', key: '5' },
  { to: '/recurring', labelKey: 'nav.recurring', icon: '↻' },
  { to: '/outbox', labelKey: 'nav.outbox', icon: '✉' },
  { to: '/dunnings', labelKey: 'nav.dunnings', icon: '⚑', key: '6' },
  { to: '/bank', labelKey: 'nav.bank', icon: '⇄' },
  { to: '/reports', labelKey: 'nav.reports', icon: '▥', key: '7' },
  { to: '/events', labelKey: 'nav.events', icon: '◷', key: '8' },
  { to: '/settings', labelKey: 'nav.settings', icon: '⚙', key: '9' },
];

/**
 * Screens by path. Feature folders add their screens here (one line each).
 */
export const routes: AppRoute[] = [
  { path: '/invoices/*', element: <InvoicesRoutes /> },
  { path: '/offers/*', element: <OffersRoutes /> },
  { path: '/products/*', element: <ProductsRoutes /> },
  { path: '/recipients/*', element: <RecipientsScreen /> },
  { path: '/settings/*', element: <SettingsScreen /> },
  { path: '/outbox/*', element: <OutboxScreen /> },
  { path: '/overview/*', element: <OverviewRoutes /> },
  { path: '/dunnings/*', element: <DunningsRoutes /> },
  { path: '/reports/*', element: <ReportsScreen /> },
  { path: '/events/*', element: <EventsRoutes /> },
  { path: '/recurring/*', element: <RecurringRoutes /> },
  { path: '/first-day', element: <FirstDayGuide /> },
  { path: '/first-day/:step', element: <FirstDayGuide /> },
  { path: '/bank/*', element: <BankRoutes /> },
];
