import { backupOps } from './features/backups/backups.ops.js';
import { commonOps } from './features/common/common.ops.js';
import { invoiceDraftOps } from './features/invoices/invoice-drafts.ops.js';
import { recipientDraftOps } from './features/recipients/draft-documents.ops.js';
import { dunningOps } from './features/dunnings/dunnings.ops.js';
import { closingInterestOps } from './features/dunnings/closing-interest.ops.js';
import { eventOps } from './features/events/events.ops.js';
import { documentFileOps } from './features/documents/files.ops.js';
import { invoiceFileOps } from './features/invoices/invoice-files.ops.js';
import { invoiceOps } from './features/invoices/invoices.ops.js';
import { invoiceBatchOps } from './features/invoices/batch.ops.js';
import { offerOps } from './features/offers/offers.ops.js';
import { overviewOps } from './features/overview/overview.ops.js';
import { paymentOps } from './features/invoices/payments.ops.js';
import { productOps } from './features/products/products.ops.js';
import { recipientOps } from './features/recipients/recipients.ops.js';
import { reportOps } from './features/reports/reports.ops.js';
import { saftOps } from './features/reports/saft.ops.js';
import { settingsOps } from './features/settings/settings.ops.js';
import { sendingOps } from './features/sending/sending.ops.js';
import { userOps } from './features/users/users.ops.js';
import { sessionOps } from './features/users/sessions.ops.js';
import { ehfValidationOps } from './features/documents/ehf-validation.ops.js';
import { recurringOps } from './features/recurring/recurring.ops.js';
import { firstDayOps } from './features/first-day/first-day.ops.js';
import { bankOps } from './features/bank/bank.ops.js';
import type { Op } from './ops/define.js';

/** The operation table: every operation of Kvitt, served alike over IPC and loopback HTTP. */
export const allOps = [
  ...commonOps,
  ...settingsOps,
  ...firstDayOps,
  ...recipientOps,
  ...backupOps,
  ...productOps,
  ...invoiceDraftOps,
  ...recipientDraftOps,
  ...invoiceOps,
  ...invoiceBatchOps,
  ...paymentOps,
  ...invoiceFileOps,
  ...documentFileOps,
  ...offerOps,
  ...overviewOps,
  ...sendingOps,
  ...eventOps,
  ...reportOps,
  ...saftOps,
  ...dunningOps,
  ...closingInterestOps,
  ...userOps,
  ...sessionOps,
  ...ehfValidationOps,
  ...recurringOps,
  ...bankOps,
  // one line per area
] as const satisfies readonly Op[];

/**
 * Each operation's name -> its types (OpTypes: name, input, output schema), for typed callers: the renderer's `call`
 * imports this type only (`import type`), so no main code reaches its bundle. Operations whose name is not a literal
 * (an area that builds its ops from data and types them as plain `Op`) are not in it.
 */
export type OpTypesByName = {
  [O in (typeof allOps)[number] as string extends O['name'] ? never : O['name']]: NonNullable<O['types']>;
};
export type OpName = keyof OpTypesByName;

export const opTable: ReadonlyMap<string, Op> = new Map(allOps.map((op) => [op.name, op]));

if (opTable.size !== allOps.length) throw new Error('Two operations share a name');
