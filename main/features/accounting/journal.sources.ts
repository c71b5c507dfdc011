/**
 * What moves a customer's claim, read from SQL in date order up to a day: issued invoices and credit notes, the fee and
 * interest of each dunning, every ledger entry (payments, reversals, refunds, credit transfers, losses, fee waivers,
 * øreavrunding): the parts of the claim (main/domain/claim.ts), so the vouchers made from them leave on the receivable
 * account exactly the claim's balance. Four keyset-paged sources (invoices, credit notes, dunnings, ledger entries, each
 * read in the order of its own index, migration 0025) merged by (date, documents before dunnings before ledger entries,
 * id): never the whole history in memory, no re-sorting of a union for every chunk, and a page reads only its rows.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Rows per page: a page lives while its movements are written, so a small one dies young instead of filling V8's old generation (1,000 grew the worker's heap by ~90 MB over 100,000 invoices). */
const CHUNK = 250;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Base {
  date: string;
  /** 0 documents, 1 dunnings, 2 ledger entries: the order within a day. */
  seq: number;
  id: number;
  recipientNumber: number;
  /** The invoice whose claim moves (a credit note's: the credited invoice). */
  invoiceId: number;
  invoiceNumber: number;
  currency: string;
  /** The invoice's exchange rate (micro-NOK): the claim is in NOK at this rate (claim.sql.ts inNok). */
  rate: number;
  createdAt: string;
}
export interface DocumentMove extends Base {
  source: 'document';
  kind: 'invoice' | 'credit-note';
  number: number;
  total: number;
  /** The document's own rate (its VAT groups' NOK). */
  ownRate: number;
  buyerCountry: string;
  /** Its lines' nets per VAT category, rate and product (document currency). */
  groups: VatGroupRow[];
}
export interface VatGroupRow {
  category: string;
  rate: number;
  productCode: string | null;
  base: number;
}
export interface DunningMove extends Base {
  source: 'dunning';
  number: number;
  fee: number;
  interest: number;
  debtCollectionNotice: boolean;
}
export interface LedgerMove extends Base {
  source: 'ledger';
  kind: string;
  /** Øre of the invoice's currency as it lowers the claim (refunds negative). */
  amount: number;
  /** NOK received or paid for a foreign payment (claim.sql.ts cashNok). */
  currencyAmount: number | null;
  counterpartDocumentId: number | null;
}
export type Move = DocumentMove | DunningMove | LedgerMove;

/** After the key in (date, id) order: a range on the date the index starts at, the id deciding within the key's day. */
const after3 = (dateCol: string, idCol: string, key: { date: string; id: number } | null) =>
  key ? sql<boolean>`(${sql.ref(dateCol)} >= ${key.date} and (${sql.ref(dateCol)} > ${key.date} or ${sql.ref(idCol)} > ${key.id}))` : sql<boolean>`1 = 1`;

async function* paged<T extends { date: string; id: number }>(page: (key: { date: string; id: number } | null) => Promise<T[]>): AsyncGenerator<T> {
  let key: { date: string; id: number } | null = null;
  for (;;) {
    const rows = await page(key);
    for (const r of rows) yield r;
    await turn();
    if (rows.length < CHUNK) return;
    key = rows[rows.length - 1];
  }
}

/** Issued documents of one kind (invoices, credit notes: each in the order of its index (kind, issue_date, id)). */
function documents(db: Kysely<Database>, to: string, kind: DocumentMove['kind']): AsyncGenerator<DocumentMove> {
  return paged(async (key) => {
    const rows = await db
      .selectFrom('documents as d')
      .leftJoin('documents as inv', 'inv.id', 'd.credited_document_id')
      .where('d.kind', '=', kind)
      .where('d.number', 'is not', null)
      .where('d.issue_date', '<=', to)
      .where(after3('d.issue_date', 'd.id', key))
      .select([
        'd.id', 'd.kind', 'd.number', 'd.issue_date', 'd.issued_at', 'd.created_at', 'd.recipient_number', 'd.recipient_snapshot', 'd.currency', 'd.total',
        'd.exchange_rate_micro as own_rate', 'inv.id as inv_id', 'inv.number as inv_number', 'inv.exchange_rate_micro as inv_rate',
      ])
      .orderBy('d.issue_date')
      .orderBy('d.id')
      .limit(CHUNK)
      .execute();
    const groups = await vatGroupsOf(db, rows.map((r) => r.id));
    return rows.map((r): DocumentMove => {
      let buyerCountry = 'NO';
      try {
        buyerCountry = (JSON.parse(r.recipient_snapshot) as { country?: string }).country || 'NO';
      } catch {
        /* a snapshot that is not JSON: domestic */
      }
      return {
        source: 'document',
        seq: 0,
        date: r.issue_date!,
        id: r.id,
        kind: r.kind as DocumentMove['kind'],
        number: r.number!,
        recipientNumber: r.recipient_number,
        invoiceId: r.inv_id ?? r.id,
        invoiceNumber: r.inv_number ?? r.number!,
        currency: r.currency,
        rate: Number(r.inv_rate ?? r.own_rate),
        ownRate: Number(r.own_rate),
        total: Number(r.total),
        buyerCountry,
        groups: groups.get(r.id) ?? [],
        createdAt: r.issued_at ?? r.created_at,
      };
    });
  });
}

function dunnings(db: Kysely<Database>, to: string): AsyncGenerator<DunningMove> {
  return paged(async (key) => {
    const rows = await db
      .selectFrom('dunnings as dn')
      .innerJoin('documents as d', 'd.id', 'dn.document_id')
      .where('dn.dunning_date', '<=', to)
      .where(sql<boolean>`dn.fee + dn.interest <> 0`)
      .where(after3('dn.dunning_date', 'dn.number', key))
      .select(['dn.number', 'dn.dunning_date', 'dn.fee', 'dn.interest', 'dn.debt_collection_notice', 'dn.created_at', 'd.id as invoice_id', 'd.number as invoice_number', 'd.recipient_number', 'd.currency', 'd.exchange_rate_micro as rate'])
      .orderBy('dn.dunning_date')
      .orderBy('dn.number')
      .limit(CHUNK)
      .execute();
    return rows.map((r): DunningMove => ({
      source: 'dunning',
      seq: 1,
      date: r.dunning_date,
      id: r.number,
      number: r.number,
      recipientNumber: r.recipient_number,
      invoiceId: r.invoice_id,
      invoiceNumber: r.invoice_number!,
      currency: r.currency,
      rate: Number(r.rate),
      fee: Number(r.fee),
      interest: Number(r.interest),
      debtCollectionNotice: Number(r.debt_collection_notice) === 1,
      createdAt: r.created_at,
    }));
  });
}

function ledger(db: Kysely<Database>, to: string): AsyncGenerator<LedgerMove> {
  return paged(async (key) => {
    const rows = await db
      .selectFrom('ledger_entries as le')
      .innerJoin('documents as d', 'd.id', 'le.document_id')
      .where('le.date', '<=', to)
      .where(after3('le.date', 'le.id', key))
      .select(['le.id', 'le.kind', 'le.date', 'le.amount', 'le.currency_amount', 'le.counterpart_document_id', 'le.created_at', 'd.id as invoice_id', 'd.number as invoice_number', 'd.recipient_number', 'd.currency', 'd.exchange_rate_micro as rate'])
      .orderBy('le.date')
      .orderBy('le.id')
      .limit(CHUNK)
      .execute();
    return rows.map((r): LedgerMove => ({
      source: 'ledger',
      seq: 2,
      date: r.date,
      id: r.id,
      kind: r.kind,
      recipientNumber: r.recipient_number,
      invoiceId: r.invoice_id,
      invoiceNumber: r.invoice_number!,
      currency: r.currency,
      rate: Number(r.rate),
      amount: Number(r.amount),
      currencyAmount: r.currency_amount === null ? null : Number(r.currency_amount),
      counterpartDocumentId: r.counterpart_document_id,
      createdAt: r.created_at,
    }));
  });
}

const before = (a: Move, b: Move) => (a.date !== b.date ? a.date < b.date : a.seq !== b.seq ? a.seq < b.seq : a.id < b.id);

/** Every claim movement dated up to `to`, in order (date, documents, dunnings, ledger, id). */
export async function* claimMoves(db: Kysely<Database>, to: string): AsyncGenerator<Move> {
  const its: AsyncGenerator<Move>[] = [documents(db, to, 'invoice'), documents(db, to, 'credit-note'), dunnings(db, to), ledger(db, to)];
  const heads: Array<Move | null> = [];
  for (const it of its) heads.push((await it.next()).value ?? null);
  for (;;) {
    let pick = -1;
    for (let i = 0; i < heads.length; i++) if (heads[i] && (pick < 0 || before(heads[i]!, heads[pick]!))) pick = i;
    if (pick < 0) return;
    yield heads[pick]!;
    heads[pick] = (await its[pick].next()).value ?? null;
  }
}

/** The VAT groups of issued documents: base (sum of line nets, document currency) per category, rate and product. */
async function vatGroupsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, VatGroupRow[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('document_lines as l')
    .where('l.document_id', 'in', ids)
    .select(['l.document_id', 'l.vat_category', 'l.tax_rate', 'l.product_code', sql<number>`sum(l.net)`.as('base')])
    .groupBy(['l.document_id', 'l.vat_category', 'l.tax_rate', 'l.product_code'])
    // In the groups' order, also on PostgreSQL (whose hash aggregate has none): a document's lines, and so the file's
    // bytes, come out the same every time. SQLite's grouping gave this order already (NULL first, as '' here).
    .orderBy('l.document_id')
    .orderBy('l.vat_category')
    .orderBy('l.tax_rate')
    .orderBy(sql`coalesce(l.product_code, '')`)
    .execute();
  const out = new Map<number, VatGroupRow[]>();
  for (const r of rows) {
    let list = out.get(r.document_id);
    if (!list) out.set(r.document_id, (list = []));
    list.push({ category: r.vat_category, rate: Number(r.tax_rate), productCode: r.product_code, base: Number(r.base) });
  }
  return out;
}
