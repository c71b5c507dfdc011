/**
 * The API shapes of documents: 2.2 (invoice), 2.3 (credit note), 2.4 (draft). Built for many documents at once
 * with a fixed number of queries (lines of all of them in one query per 500, referenced invoices in one query),
 * never one query per document.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { invoiceStatus } from '../../domain/invoice-state.js';
import { oreToKr } from '../../domain/money.js';
import {
  deliveryAddressShape,
  draftItemDetail,
  draftItemShape,
  draftPath,
  internationalOf,
  internationalShape,
  itemShape,
  linesOf,
  numbersOf,
  originatorShape,
  recipientShape,
  recipientSnapshot,
  type DocRow,
  type DocumentKind,
  type InternationalSource,
  type LineRow,
  type Snapshot,
} from '../documents/core.js';
import { reminderDatesOf } from './reminder-dates.sql.js';

export type DocWithBalance = DocRow & {
  balance?: number | null;
  lost?: number | null;
  paid_total?: number | null;
  credited_total?: number | null;
  lost_total?: number | null;
  fees_total?: number | null;
  interest_total?: number | null;
};

/** The invoice's one status (domain/invoice-state.ts) as the API shows it: `state` and `stateDetail` (amounts in kr). */
export function stateShape(d: DocWithBalance, today: string) {
  const s = invoiceStatus(
    {
      balance: d.balance ?? d.total,
      total: d.total,
      paidTotal: d.paid_total ?? 0,
      creditedTotal: d.credited_total ?? 0,
      lostTotal: d.lost_total ?? 0,
      lost: d.lost === 1,
      dueDate: d.due_date,
    },
    today,
  );
  return {
    state: s.state,
    stateDetail: {
      label: s.label,
      partlyPaid: s.partlyPaid,
      partlyCredited: s.partlyCredited,
      fullyCredited: s.fullyCredited,
      paid: oreToKr(s.paidOre),
      credited: oreToKr(s.creditedOre),
      writtenOff: oreToKr(s.lostOre),
      // Reminder fees (less those waived at a write-off) and late interest: part of the balance (main/domain/claim.ts).
      charges: oreToKr((d.fees_total ?? 0) + (d.interest_total ?? 0)),
      toRefund: oreToKr(s.toRefundOre),
    },
  };
}

export interface InvoiceLinks {
  self: { uri: string };
  pdf: { uri: string };
  ehf: { uri: string };
  payments: { uri: string };
  creditNote: { uri: string };
  recipient: { uri: string };
}

export function invoiceLinks(number: number, recipientNumber: number): InvoiceLinks {
  return {
    self: { uri: `/invoices/${number}` },
    pdf: { uri: `/invoices/${number}/pdf` },
    ehf: { uri: `/invoices/${number}/ehf` },
    payments: { uri: `/invoices/${number}/payments` },
    creditNote: { uri: `/invoices/${number}/credit-note` },
    recipient: { uri: `/recipients/${recipientNumber}` },
  };
}

export function creditNoteLinks(number: number, creditedInvoiceNumber: number, recipientNumber: number) {
  return {
    self: { uri: `/invoices/credit-notes/${number}` },
    pdf: { uri: `/invoices/credit-notes/${number}/pdf` },
    ehf: { uri: `/invoices/credit-notes/${number}/ehf` },
    creditedInvoice: { uri: `/invoices/${creditedInvoiceNumber}` },
    recipient: { uri: `/recipients/${recipientNumber}` },
  };
}

/** What 2.2 and 2.3 share, from ourReference to items, in the spec's order: the frozen parties, texts and amounts. */
/**
 * The originator snapshots of a list's rows, each text parsed once (nearly every document of a company carries the same
 * seller; a page of 50 parsed the same text 50 times). The shapes are built fresh from it per row; at most 16 texts kept.
 */
function originatorParser(): (text: string) => Snapshot {
  const parsed = new Map<string, Snapshot>();
  return (text) => {
    let s = parsed.get(text);
    if (!s) {
      if (parsed.size >= 16) parsed.clear();
      s = JSON.parse(text) as Snapshot;
      parsed.set(text, s);
    }
    return s;
  };
}

function issuedBody(d: DocRow, lines: Map<number, LineRow[]>, originatorOf: (text: string) => Snapshot) {
  // Issuing always stores the originator (issue.service.ts).
  const originator = originatorOf(d.originator_snapshot!);
  return {
    ourReference: d.our_reference,
    yourReference: d.your_reference,
    kid: d.kid,
    tax: oreToKr(d.tax),
    total: oreToKr(d.total),
    invoiceText: d.invoice_text,
    accountNumber: originator.bankAccount ?? null,
    currency: d.currency,
    deliveryAddress: deliveryAddressShape(d.delivery_address),
    originator: originatorShape(originator),
    recipient: recipientShape(JSON.parse(d.recipient_snapshot) as Snapshot, d.recipient_number),
    items: (lines.get(d.id) ?? []).map(itemShape),
  };
}

/**
 * 2.2 shapes as the lists answer them (`_links: {}`; one invoice adds invoiceLinks). An issued invoice always has its
 * date, due date and delivery date (issue.service.ts: the delivery date defaults to the invoice date).
 */
export async function invoiceShapes(db: Kysely<Database>, rows: DocWithBalance[]) {
  return rows.map(await invoiceShaper(db, rows));
}

/**
 * What invoiceShapes needs besides the rows (their lines and last reminder dates, one query each), and the function
 * that shapes one row with it. A stream shapes each row only as it is written, so every shape dies at once: shapes of
 * a whole chunk built ahead outlive the young generation's collections, and V8 then allocates them straight in the old
 * one, which grows with the list until a full collection (issue 29: 140 MB for 100,000 invoices).
 */
export async function invoiceShaper(db: Kysely<Database>, rows: DocWithBalance[]) {
  const [lines, reminded] = await Promise.all([linesOf(db, rows.map((r) => r.id)), reminderDatesOf(db, rows.map((r) => r.id))]);
  const originatorOf = originatorParser();
  return (d: DocWithBalance) => {
    const body = issuedBody(d, lines, originatorOf);
    return {
      number: d.number!,
      credit: false as const,
      orderNumber: d.order_number,
      invoiceDate: d.issue_date!,
      dueDate: d.due_date!,
      orderDate: d.order_date,
      reminderDate: reminded.get(d.id) ?? null,
      deliveryDate: d.delivery_date!,
      ...body,
      // An invoice is issued only with the originator's bank account (party.ts missingOriginatorFields).
      accountNumber: body.accountNumber!,
      international: internationalShape(d),
      currentBalance: oreToKr(d.balance ?? d.total),
      _links: {},
    };
  };
}
export type InvoiceShape = Awaited<ReturnType<typeof invoiceShapes>>[number];

/**
 * 2.3 shapes: creditedInvoiceNumber instead of credit, no dueDate, no international. currentBalance is 0: a credit note is
 * applied to its invoice at once. A credit note always credits an issued invoice (draft-input.ts requires it).
 * Lists answer `_links: {}`; one credit note adds creditNoteLinks.
 */
export async function creditNoteShapes(db: Kysely<Database>, rows: DocRow[]) {
  return rows.map(await creditNoteShaper(db, rows));
}

/** creditNoteShapes one row at a time, for streams (see invoiceShaper). */
export async function creditNoteShaper(db: Kysely<Database>, rows: DocRow[]) {
  const [lines, credited] = await Promise.all([linesOf(db, rows.map((r) => r.id)), numbersOf(db, rows.map((r) => r.credited_document_id))]);
  const originatorOf = originatorParser();
  return (d: DocRow) => ({
    number: d.number!,
    creditedInvoiceNumber: credited.get(d.credited_document_id!)!.number!,
    orderNumber: d.order_number,
    invoiceDate: d.issue_date!,
    orderDate: d.order_date,
    reminderDate: null,
    deliveryDate: d.delivery_date,
    ...issuedBody(d, lines, originatorOf),
    currentBalance: 0 as const,
    _links: {},
  });
}
export type CreditNoteShape = Awaited<ReturnType<typeof creditNoteShapes>>[number];

/**
 * 2.4 shapes with `item` for each line. The recipient is shown as it is now (drafts are not frozen). A credit-note draft
 * always names its invoice (draft-input.ts requires it).
 */
async function draftShapesWith<I>(db: Kysely<Database>, rows: DocRow[], item: (l: LineRow) => I) {
  const [lines, credited, recipients, company] = await Promise.all([
    linesOf(db, rows.map((r) => r.id)),
    numbersOf(db, rows.map((r) => r.credited_document_id)),
    (async () => {
      const wanted = [...new Set(rows.map((r) => r.recipient_number))];
      const out = new Map<number, Snapshot>();
      for (let i = 0; i < wanted.length; i += 500) {
        const rs = await db.selectFrom('recipients').selectAll().where('number', 'in', wanted.slice(i, i + 500)).execute();
        for (const r of rs) out.set(r.number, recipientSnapshot(r));
      }
      return out;
    })(),
    rows.some((r) => r.currency !== 'NOK')
      ? db.selectFrom('settings').select('value').where('key', '=', 'company').executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const live = company ? internationalOf(JSON.parse(company.value) as InternationalSource) : null;
  return rows.map((d) => {
    const credit = d.kind === 'credit-note';
    const recipient = recipients.get(d.recipient_number) ?? (JSON.parse(d.recipient_snapshot) as Snapshot);
    return {
      number: d.id,
      credit,
      ...(credit ? { creditedInvoiceNumber: credited.get(d.credited_document_id!)!.number! } : {}),
      orderNumber: d.order_number,
      invoiceDate: d.issue_date,
      dueDate: d.due_date,
      orderDate: d.order_date,
      ourReference: d.our_reference,
      yourReference: d.your_reference,
      tax: oreToKr(d.tax),
      total: oreToKr(d.total),
      invoiceText: d.invoice_text,
      currency: d.currency,
      deliveryDate: d.delivery_date,
      deliveryAddress: deliveryAddressShape(d.delivery_address),
      recipient: recipientShape(recipient, d.recipient_number),
      items: (lines.get(d.id) ?? []).map(item),
      international: internationalShape(d, live),
    };
  });
}

/** 2.4 shapes, as the lists answer them. */
export const draftShapes = (db: Kysely<Database>, rows: DocRow[]) => draftShapesWith(db, rows, draftItemShape);

/** One draft for the editor: 2.4 plus kind, item unit/vatCategory/exemptionReason, expiryDate (offers) and _links. */
export async function draftDetails(db: Kysely<Database>, rows: DocRow[]) {
  const shapes = await draftShapesWith(db, rows, draftItemDetail);
  return shapes.map((shape, i) => {
    const d = rows[i];
    const kind = d.kind as DocumentKind;
    const self = draftPath(kind, d.id);
    return {
      ...shape,
      kind,
      ...(kind === 'offer' ? { expiryDate: d.expiry_date } : {}),
      _links: {
        self: { uri: self },
        issue: { uri: `${self}/issue` },
        pdf: { uri: `${self}/pdf` },
        recipient: { uri: `/recipients/${d.recipient_number}` },
      },
    };
  });
}
