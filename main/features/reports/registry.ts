/** Every report of spec 4.8, one line each; the operations, the GUI list and e-mail all read this table. */
import type { ReportDef } from './report.types.js';
import { invoicesReport } from './invoices.report.js';
import { recipientsReport } from './recipients.report.js';
import { openItemsReport } from './open-items.report.js';
import { balanceReport } from './balance.report.js';
import { agedReport } from './aged.report.js';
import { salesLedgerReport } from './sales-ledger.report.js';
import { paymentsReport } from './payments.report.js';
import { accountOverviewReport } from './account-overview.report.js';
import { revenueCustomerReport, revenueOverviewReport, revenuePeriodReport } from './revenue.report.js';
import { revenueDetailReport } from './revenue-detail.report.js';
import { offersReport, orderConfirmationsReport } from './offers.report.js';
import { paymentDetailsReport, paymentsOverviewReport } from './payments-more.report.js';
import { currencyReport } from './currency.report.js';
import { paymentsProductsExceptionsReport, paymentsProductsReport } from './payments-products.report.js';
import { participantsReport } from './participants.report.js';
import { vatReport } from './vat.report.js';

export const reports: ReportDef[] = [
  invoicesReport,
  recipientsReport,
  openItemsReport,
  balanceReport,
  agedReport,
  salesLedgerReport,
  paymentsReport,
  participantsReport,
  accountOverviewReport,
  revenueOverviewReport,
  revenueDetailReport,
  revenuePeriodReport,
  revenueCustomerReport,
  offersReport,
  orderConfirmationsReport,
  paymentsOverviewReport,
  paymentDetailsReport,
  currencyReport,
  paymentsProductsReport,
  paymentsProductsExceptionsReport,
  vatReport,
  // one line per report
];

export const reportByResource = new Map(reports.map((r) => [r.resource, r]));
