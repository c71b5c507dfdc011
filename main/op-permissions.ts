/**
 * The permission table: for every operation of the table (main/op-table.ts), who may run it. Written once, here;
 * the HTTP adapter (REST routes and the browser GUI's /_ops) checks it before an operation runs, as the request's
 * actor; IPC is the desktop app itself, which is the owner. docs/office-sessions-roles.md shows it as a role ×
 * operation table (written by `npx tsx scripts/roles-doc.ts`; test/roles/permission-table.test.ts fails when it is stale, and
 * tries every operation as every role over HTTP, /_ops and IPC).
 *
 * - PUBLIC: no key (the signup page, the country list).
 * - ANY: every logged-in role: the daily work of customers, documents, payments, sending, dunning runs, reports.
 * - OWNER: owners only: everything under Innstillinger (settings, exchange rates, late-interest rates, labels and
 *   custom fields, the e-mail test, backups, users, sessions, API keys) and every deletion.
 *
 * An operation added to the table without a line here is a type error (and, at run time, the owner's).
 */
import type { Role } from './context.js';
import type { Op } from './ops/define.js';
import { OpError } from './ops/errors.js';
import type { OpName } from './op-table.js';

export type Access = 'public' | 'any' | 'owner';
const PUBLIC = 'public';
const ANY = 'any';
const OWNER = 'owner';

export const OP_ACCESS = {
  // common
  'common.info': ANY,
  'common.listCountries': PUBLIC,
  'common.listExchangeRates': ANY,
  'common.setExchangeRate': OWNER,
  // settings
  'settings.get': ANY,
  'settings.update': OWNER,
  'settings.getApiKey': OWNER,
  'settings.regenerateApiKey': OWNER,
  // first-day guide (its settings are changed through settings.update)
  'firstDay.get': ANY,
  'firstDay.update': OWNER,
  // recipients
  'recipients.create': ANY,
  'recipients.list': ANY,
  'recipients.get': ANY,
  'recipients.numbers': ANY,
  'recipients.update': ANY,
  'recipients.delete': OWNER,
  // labels
  'labels.list': ANY,
  'labels.create': OWNER,
  'labels.update': OWNER,
  'labels.delete': OWNER,
  // customFields
  'customFields.list': ANY,
  'customFields.create': OWNER,
  'customFields.update': OWNER,
  'customFields.delete': OWNER,
  // backups
  'backups.list': OWNER,
  'backups.create': OWNER,
  'backups.inspect': OWNER,
  'backups.restore': OWNER,
  // products
  'products.create': ANY,
  'products.list': ANY,
  'products.get': ANY,
  'products.update': ANY,
  'products.delete': OWNER,
  // invoices
  'invoices.createDraft': ANY,
  'invoices.listDrafts': ANY,
  'invoices.getDraft': ANY,
  'invoices.updateDraft': ANY,
  'invoices.deleteDraft': OWNER,
  'invoices.issueDraft': ANY,
  'invoices.issue': ANY,
  // recipients
  'recipients.listDraftDocuments': ANY,
  // invoices
  'invoices.list': ANY,
  'invoices.listNotDue': ANY,
  'invoices.listDue': ANY,
  'invoices.listPaid': ANY,
  'invoices.listLost': ANY,
  'invoices.sums': ANY,
  'invoices.listCreditNotes': ANY,
  'invoices.getCreditNote': ANY,
  'invoices.get': ANY,
  'invoices.integrity': ANY,
  'invoices.creditNoteIntegrity': ANY,
  'invoices.registerPayment': ANY,
  'invoices.listPayments': ANY,
  'invoices.getPayment': ANY,
  'invoices.reversePayment': ANY,
  'invoices.markLost': ANY,
  'invoices.reverseLost': ANY,
  'invoices.creditNote': ANY,
  'invoices.registerRefund': ANY,
  'invoices.transferCredit': ANY,
  'invoices.creditNotePreview': ANY,
  'invoices.pdf': ANY,
  'invoices.ehf': ANY,
  'invoices.creditNotePdf': ANY,
  'invoices.creditNoteEhf': ANY,
  'invoices.draftPdf': ANY,
  // documents
  'documents.previewPdf': ANY,
  // offers
  'offers.createDraft': ANY,
  'offers.listDrafts': ANY,
  'offers.getDraft': ANY,
  'offers.updateDraft': ANY,
  'offers.deleteDraft': OWNER,
  'offers.draftPdf': ANY,
  'offers.issueDraft': ANY,
  'offers.list': ANY,
  'offers.get': ANY,
  'offers.pdf': ANY,
  'offers.invoice': ANY,
  'offers.orderConfirmation': ANY,
  'offers.history': ANY,
  // orderConfirmations
  'orderConfirmations.createDraft': ANY,
  'orderConfirmations.listDrafts': ANY,
  'orderConfirmations.getDraft': ANY,
  'orderConfirmations.updateDraft': ANY,
  'orderConfirmations.deleteDraft': OWNER,
  'orderConfirmations.draftPdf': ANY,
  'orderConfirmations.issueDraft': ANY,
  'orderConfirmations.list': ANY,
  'orderConfirmations.get': ANY,
  'orderConfirmations.pdf': ANY,
  'orderConfirmations.invoice': ANY,
  // overview
  'overview.invoices': ANY,
  'overview.documents': ANY,
  'overview.revenueGraph': ANY,
  'overview.summary': ANY,
  'overview.balance': ANY,
  // sending
  'sending.methodsForRecipient': ANY,
  'sending.methodsForInvoiceBased': ANY,
  'sending.methodsForDocument': ANY,
  'sending.sendInvoice': ANY,
  'sending.sendCreditNote': ANY,
  'sending.sendOffer': ANY,
  'sending.sendOrderConfirmation': ANY,
  'sending.invoiceHistory': ANY,
  'sending.creditNoteHistory': ANY,
  'sending.orderConfirmationHistory': ANY,
  'sending.listOutbox': ANY,
  'sending.flush': ANY,
  'sending.getShipment': ANY,
  'sending.retry': ANY,
  'sending.markPrinted': ANY,
  'sending.shipmentPdf': ANY,
  'sending.testEmail': OWNER,
  'sending.testSms': OWNER,
  // events
  'events.create': ANY,
  'events.listUpcoming': ANY,
  'events.listPast': ANY,
  'events.get': ANY,
  'events.update': ANY,
  'events.delete': OWNER,
  'events.listParticipants': ANY,
  'events.getParticipant': ANY,
  'events.updateParticipant': ANY,
  'events.confirmParticipant': ANY,
  'events.cancelParticipant': ANY,
  'events.addDiscountCode': ANY,
  'events.updateDiscountCode': ANY,
  'events.deleteDiscountCode': OWNER,
  'events.signupPage': PUBLIC,
  'events.captcha': PUBLIC,
  'events.signup': PUBLIC,
  'events.publicAddress': ANY,
  'events.postPlace': PUBLIC,
  // reports
  'reports.list': ANY,
  'reports.invoicesColumns': ANY,
  'reports.invoices': ANY,
  'reports.recipientsColumns': ANY,
  'reports.recipients': ANY,
  'reports.openItemsColumns': ANY,
  'reports.openItems': ANY,
  'reports.recipientsBalanceColumns': ANY,
  'reports.recipientsBalance': ANY,
  'reports.recipientsBalanceAgedColumns': ANY,
  'reports.recipientsBalanceAged': ANY,
  'reports.recipientsSalesledgerColumns': ANY,
  'reports.recipientsSalesledger': ANY,
  'reports.paymentsColumns': ANY,
  'reports.payments': ANY,
  'reports.participantsColumns': ANY,
  'reports.participants': ANY,
  'reports.accountOverviewColumns': ANY,
  'reports.accountOverview': ANY,
  'reports.revenueOverviewColumns': ANY,
  'reports.revenueOverview': ANY,
  'reports.revenueDetailColumns': ANY,
  'reports.revenueDetail': ANY,
  'reports.revenuePeriodColumns': ANY,
  'reports.revenuePeriod': ANY,
  'reports.revenueCustomerColumns': ANY,
  'reports.revenueCustomer': ANY,
  'reports.offersColumns': ANY,
  'reports.offers': ANY,
  'reports.orderConfirmationsColumns': ANY,
  'reports.orderConfirmations': ANY,
  'reports.paymentsOverviewColumns': ANY,
  'reports.paymentsOverview': ANY,
  'reports.paymentsDetailsColumns': ANY,
  'reports.paymentsDetails': ANY,
  'reports.currencyColumns': ANY,
  'reports.currency': ANY,
  'reports.paymentsProducts': ANY,
  'reports.paymentsProductsExceptions': ANY,
  'reports.email': ANY,
  'reports.cancel': ANY,
  'reports.saft': ANY,
  'reports.vat': ANY,
  // dunnings
  'dunnings.create': ANY,
  'dunnings.list': ANY,
  'dunnings.candidates': ANY,
  'dunnings.run': ANY,
  'dunnings.listInterestRates': ANY,
  'dunnings.createInterestRate': OWNER,
  'dunnings.interestRateStatus': ANY,
  'dunnings.getInterestRate': ANY,
  'dunnings.updateInterestRate': OWNER,
  'dunnings.deleteInterestRate': OWNER,
  'dunnings.get': ANY,
  'dunnings.pdf': ANY,
  'dunnings.send': ANY,
  'dunnings.history': ANY,
  'dunnings.closingInterest': ANY,
  'dunnings.createInterestNote': ANY,
  'dunnings.waiveInterest': ANY,
  // users
  'users.list': OWNER,
  'users.get': OWNER,
  'users.create': OWNER,
  'users.update': OWNER,
  'users.regenerateKey': OWNER,
  'users.delete': OWNER,
  // me
  'me.get': ANY,
  // sessions
  'sessions.list': OWNER,
  'sessions.end': OWNER,
  // EHF validation (whether the official rules check every EHF)
  'documents.ehfValidation': ANY,
  // recurring invoices (issue 26)
  'recurring.create': ANY,
  'recurring.list': ANY,
  'recurring.run': ANY,
  'recurring.get': ANY,
  'recurring.update': ANY,
  'recurring.delete': OWNER,
  'recurring.pause': ANY,
  'recurring.resume': ANY,
  'recurring.confirm': ANY,
  'recurring.invoices': ANY,
  'invoices.batch': ANY,
  // bank files (payments in: daily work like registering a payment)
  'bankFiles.import': ANY,
  'bankFiles.list': ANY,
  'bankFiles.get': ANY,
  'bankFiles.transactions': ANY,
  'bankTransactions.list': ANY,
  'bankTransactions.match': ANY,
  'bankTransactions.unmatch': ANY,
  'bankTransactions.ignore': ANY,
} as const satisfies Record<OpName, Access> & Record<string, Access>; // the reports, named from data, are checked by the test

const table: Readonly<Record<string, Access>> = OP_ACCESS;

/** Who may run `op`; an operation missing from the table is the owner's (fail closed). */
export function accessOf(op: Pick<Op, 'name' | 'public'>): Access {
  if (op.public) return 'public';
  return Object.prototype.hasOwnProperty.call(table, op.name) ? table[op.name] : 'owner';
}

export function mayRun(role: Role, op: Pick<Op, 'name' | 'public'>): boolean {
  return accessOf(op) !== 'owner' || role === 'owner';
}

/** The 403 a role gets for an operation it may not run (HTTP body: {error, message, fields}). */
export function forbiddenFor(role: Role, op: Pick<Op, 'name' | 'method' | 'path'>): OpError {
  return new OpError(
    'FORBIDDEN_ROLE',
    `A ${role} may not ${op.method === 'DELETE' ? 'delete anything' : 'change settings, rates, API keys, users or backups'} (${op.method} ${op.path} is for the owner)`,
  );
}
