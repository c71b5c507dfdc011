/** Read shapes of bank files and their transactions (docs/bank-files.md), paged and counted in SQL. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../context.js';
import { oreToKr } from '../../domain/money.js';
import { notFound } from '../../ops/errors.js';
import type { BankFileView, BankTransactionView, SuggestionReason, TxReason, TxStatus } from './bank.schema.js';
import { openInvoicesNumbered, openInvoicesOfName, openInvoicesWithAmount } from './matching.js';
import { longestWord, namesMatch } from './payer-name.js';

const count = (status: TxStatus) => sql<number>`coalesce(sum(case when t.status = ${status} then 1 else 0 end), 0)`;

function filesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('bank_files as f')
    .leftJoin('bank_transactions as t', 't.bank_file_id', 'f.id')
    .select(['f.id', 'f.format', 'f.file_name', 'f.imported_at', 'f.transactions', 'f.duplicates', 'f.amount'])
    .select([
      count('MATCHED').as('matched'),
      count('UNMATCHED').as('unmatched'),
      count('IGNORED').as('ignored'),
      sql<number>`coalesce(sum(case when t.status = 'MATCHED' then t.amount else 0 end), 0)`.as('matched_amount'),
    ])
    .groupBy(['f.id', 'f.format', 'f.file_name', 'f.imported_at', 'f.transactions', 'f.duplicates', 'f.amount']);
}

type FileRow = Awaited<ReturnType<ReturnType<typeof filesQuery>['execute']>>[number];
/** A bank file's view from its row and its transactions' counts (the import answers from the counts it kept). */
export const fileView = (r: FileRow): BankFileView => ({
  id: r.id,
  format: r.format as BankFileView['format'],
  fileName: r.file_name,
  importedAt: r.imported_at,
  transactions: Number(r.transactions),
  matched: Number(r.matched),
  unmatched: Number(r.unmatched),
  ignored: Number(r.ignored),
  duplicates: Number(r.duplicates),
  amount: oreToKr(Number(r.amount)),
  matchedAmount: oreToKr(Number(r.matched_amount)),
});

export async function getBankFile(ctx: AppContext, id: number): Promise<BankFileView> {
  const row = await filesQuery(ctx.db).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('bank-file', { id });
  return fileView(row);
}

/** Newest first. */
export async function listBankFiles(ctx: AppContext, format: string | undefined, limit: number, offset: number) {
  let q = filesQuery(ctx.db);
  let c = ctx.db.selectFrom('bank_files').select((eb) => eb.fn.countAll<number>().as('n'));
  if (format) {
    q = q.where('f.format', '=', format);
    c = c.where('format', '=', format);
  }
  const [rows, total] = await Promise.all([q.orderBy('f.id', 'desc').limit(limit).offset(offset).execute(), c.executeTakeFirstOrThrow()]);
  return { items: rows.map(fileView), total: Number(total.n) };
}

function txQuery(db: Kysely<Database>) {
  return db
    .selectFrom('bank_transactions as t')
    .leftJoin('documents as d', 'd.id', 't.document_id')
    .selectAll('t')
    .select('d.number as invoice_number');
}
type TxRow = Awaited<ReturnType<ReturnType<typeof txQuery>['execute']>>[number];

async function txView(ctx: AppContext, r: TxRow): Promise<BankTransactionView> {
  const credit = r.credit === 1;
  return {
    id: r.id,
    bankFileId: r.bank_file_id,
    line: r.line,
    date: r.date,
    amount: oreToKr(credit ? r.amount : -r.amount),
    currency: r.currency,
    credit,
    kid: r.kid,
    reference: r.reference,
    endToEndId: r.end_to_end_id,
    payerName: r.payer_name,
    payerAccount: r.payer_account,
    message: r.message,
    kind: r.kind,
    status: r.status as TxStatus,
    reason: r.reason as TxReason | null,
    invoiceNumber: r.invoice_number ?? null,
    paymentId: r.ledger_entry_id,
    suggestions: r.status === 'UNMATCHED' && credit ? await suggestionsFor(ctx, r) : [],
  };
}

/**
 * Invoices an unmatched payment may pay, strongest first, each invoice once: an invoice number written in the message
 * (of an open invoice), open NOK invoices with exactly this amount, open invoices of customers with the payer's name.
 */
export async function suggestionsFor(ctx: AppContext, r: { amount: number; currency: string; payer_name: string | null; message: string | null }) {
  const out: { invoiceNumber: number; reason: SuggestionReason }[] = [];
  const seen = new Set<number>();
  const add = (n: number | null, reason: SuggestionReason) => {
    if (n !== null && !seen.has(n) && out.length < 10) {
      seen.add(n);
      out.push({ invoiceNumber: n, reason });
    }
  };
  const numbers = [...new Set((r.message ?? '').match(/\b\d{1,9}\b/g)?.map(Number) ?? [])].filter((n) => n > 0).slice(0, 20);
  if (numbers.length) {
    const open = await openInvoicesNumbered(ctx, numbers);
    for (const o of open) add(o.number, 'INVOICE_NUMBER_IN_MESSAGE');
  }
  if (r.currency === 'NOK') for (const o of await openInvoicesWithAmount(ctx, r.amount, 5)) add(o.number, 'SAME_AMOUNT');
  const word = longestWord(r.payer_name);
  if (word && word.length >= 3) {
    for (const o of await openInvoicesOfName(ctx, word, 20)) if (namesMatch(r.payer_name, o.name)) add(o.number, 'PAYER_NAME');
  }
  return out;
}

export async function getBankTransaction(ctx: AppContext, id: number): Promise<BankTransactionView> {
  const row = await txQuery(ctx.db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('bank-transaction', { id });
  return txView(ctx, row);
}

/** A file's transactions in file order, or all with a status, oldest first; paged. */
export async function listBankTransactions(ctx: AppContext, f: { fileId?: number; status?: TxStatus }, limit: number, offset: number) {
  if (f.fileId !== undefined) await getBankFile(ctx, f.fileId);
  let q = txQuery(ctx.db);
  let c = ctx.db.selectFrom('bank_transactions as t').select((eb) => eb.fn.countAll<number>().as('n'));
  if (f.fileId !== undefined) {
    q = q.where('t.bank_file_id', '=', f.fileId);
    c = c.where('t.bank_file_id', '=', f.fileId);
  }
  if (f.status) {
    q = q.where('t.status', '=', f.status);
    c = c.where('t.status', '=', f.status);
  }
  const [rows, total] = await Promise.all([q.orderBy('t.id').limit(limit).offset(offset).execute(), c.executeTakeFirstOrThrow()]);
  const items: BankTransactionView[] = [];
  for (const r of rows) items.push(await txView(ctx, r));
  return { items, total: Number(total.n) };
}
