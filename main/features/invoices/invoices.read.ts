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
import { reminderDatesOf } from '../dunnings/dunnings.read.js';

export type DocWithBalance = DocRow & {
  balance?: number | null;
  lost?: number | null;
  paid_total?: number | null;
  credited_total?: number | null;
  lost_total?: number | null;
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
      toRefund: oreToKr(s.toRefundOre),
    },
  };
}

const accountNumber = (o: Snapshot | null) => o?.bankAccount ?? null;

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

export function creditNoteLinks(number: number, creditedInvoiceNumber: number | null, recipientNumber: number) {
  return {
    self: { uri: `/invoices/credit-notes/${number}` },
    pdf: { uri: `/invoices/credit-notes/${number}/pdf` },
    ehf: { uri: `/invoices/credit-notes/${number}/ehf` },
    ...(creditedInvoiceNumber !== null ? { creditedInvoice: { uri: `/invoices/${creditedInvoiceNumber}` } } : {}),
    recipient: { uri: `/recipients/${recipientNumber}` },
  };
}

/** What 2.2 and 2.3 share, from ourReference to items, in the spec's order: the frozen parties, texts and amounts. */
function issuedBody(d: DocRow, lines: Map<number, LineRow[]>) {
  const originator = d.originator_snapshot ? (JSON.parse(d.originator_snapshot) as Snapshot) : null;
  return {
    ourReference: d.our_reference,
    yourReference: d.your_reference,
    kid: d.kid,
    tax: oreToKr(d.tax),
    total: oreToKr(d.total),
    invoiceText: d.invoice_text,
    accountNumber: accountNumber(originator),
    currency: d.currency,
    deliveryAddress: deliveryAddressShape(d.delivery_address),
    originator: originatorShape(originator),
    recipient: recipientShape(JSON.parse(d.recipient_snapshot) as Snapshot),
    items: (lines.get(d.id) ?? []).map(itemShape),
  };
}

/** 2.2 shapes; `links` adds the single-invoice _links (lists have `_links: {}`). */
export async function invoiceShapes(db: Kysely<Database>, rows: DocWithBalance[], links = false) {
  const [lines, reminded] = await Promise.all([linesOf(db, rows.map((r) => r.id)), reminderDatesOf(db, rows.map((r) => r.id))]);
  return rows.map((d) => ({
    number: d.number!,
    credit: false,
    orderNumber: d.order_number,
    invoiceDate: d.issue_date,
    dueDate: d.due_date,
    orderDate: d.order_date,
    reminderDate: reminded.get(d.id) ?? null,
    deliveryDate: d.delivery_date,
    ...issuedBody(d, lines),
    international: internationalShape(d),
    currentBalance: oreToKr(d.balance ?? d.total),
    _links: links ? invoiceLinks(d.number!, d.recipient_number) : {},
  }));
}
export type InvoiceShape = Awaited<ReturnType<typeof invoiceShapes>>[number];

/** 2.3 shapes: creditedInvoiceNumber instead of credit, no dueDate, no international. currentBalance is 0: a credit note is applied to its invoice at once. */
export async function creditNoteShapes(db: Kysely<Database>, rows: DocRow[], links = false) {
  const [lines, credited] = await Promise.all([linesOf(db, rows.map((r) => r.id)), numbersOf(db, rows.map((r) => r.credited_document_id))]);
  return rows.map((d) => {
    const creditedNumber = d.credited_document_id !== null ? (credited.get(d.credited_document_id)?.number ?? null) : null;
    return {
      number: d.number!,
      creditedInvoiceNumber: creditedNumber,
      orderNumber: d.order_number,
      invoiceDate: d.issue_date,
      orderDate: d.order_date,
      reminderDate: null as string | null,
      deliveryDate: d.delivery_date,
      ...issuedBody(d, lines),
      currentBalance: 0,
      _links: links ? creditNoteLinks(d.number!, creditedNumber, d.recipient_number) : {},
    };
  });
}
export type CreditNoteShape = Awaited<ReturnType<typeof creditNoteShapes>>[number];

/**
 * 2.4 shapes. The recipient is shown as it is now (drafts are not frozen). `extended` (one draft, for the editor)
 * adds kind, item unit/vatCategory/exemptionReason and _links; lists stay exactly 2.4.
 */
export async function draftShapes(db: Kysely<Database>, rows: DocRow[], extended = false) {
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
    const shape = {
      number: d.id,
      credit,
      ...(credit ? { creditedInvoiceNumber: d.credited_document_id !== null ? (credited.get(d.credited_document_id)?.number ?? null) : null } : {}),
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
      recipient: recipientShape(recipient),
      items: (lines.get(d.id) ?? []).map((l) => draftItemShape(l, extended)),
      international: internationalShape(d, live),
    };
    if (!extended) return shape;
    return {
      ...shape,
      kind: d.kind,
      ...(d.kind === 'offer' ? { expiryDate: d.expiry_date } : {}),
      _links: {
        self: { uri: draftPath(d.kind as DocumentKind, d.id) },
        issue: { uri: `${draftPath(d.kind as DocumentKind, d.id)}/issue` },
        pdf: { uri: `${draftPath(d.kind as DocumentKind, d.id)}/pdf` },
        recipient: { uri: `/recipients/${d.recipient_number}` },
      },
    };
  });
}
