/**
 * POST /bank-files/: a bank file imported in one transaction (docs/bank-files.md). The file is read as a stream of
 * transactions, taken 100 at a time (CHUNK): for a chunk one query finds those imported before (same dedup key: counted as
 * duplicates, neither stored nor paid again), one finds the invoices its KIDs name, one reads their claims; each new
 * transaction is then classified in file order (ignored, matched, or left for the user; with Settings → bankAutoMatch
 * also by amount and payer name) and its payment planned (payment-batch.ts); the chunk's ledger entries, balances, audit
 * entries and bank transactions are written with prepared statements, many rows an INSERT. A file refused half way
 * (wrong totals at its end) rolls everything back: nothing of it is written. The file has its own audit entry.
 */
import { insertValues, preparedIn } from '../../../db/fast.js';
import { normaliseAccount } from '../../domain/bank-account.js';
import type { AppContext } from '../../context.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { inTx, type TxCtx } from '../../ops/transaction.js';
import { audit } from '../audit/index.js';
import { getSettings } from '../settings/index.js';
import type { TxReason, TxStatus } from './bank.schema.js';
import { fileView } from './bank.read.js';
import { invoicesByKid, openInvoicesWithAmount, type InvoiceHit } from './matching.js';
import { PaymentBatch, type EntryRef } from './payment-batch.js';
import { namesMatch } from './payer-name.js';
import { BankFileError, type BankTx } from './parse/bank-tx.js';
import { readBankFile, type ReadFile } from './parse/detect.js';
import type { ByteSource } from '../../ops/raw-body.js';

/**
 * The import lets the event loop run whenever it has worked 1 ms since it last did (checked between the steps of a
 * chunk and every 100 transactions): every statement runs synchronously on the SQLite connection (db/fast.ts), so
 * without this a 100,000-payment import would hold every request (GET /invoices/{n} on the read-only connection)
 * until it commits, and with a pause only between chunks of 500 a GET waited for a whole chunk (some 15 ms of CPU,
 * 100 ms and more on a loaded machine). Other writes still wait for the import's transaction.
 */
const PAUSE_AFTER_MS = 1;

/**
 * The pacing clock of one import: each import measures its own work since its own last pause, so two imports at once
 * (two windows, a client and the GUI) each pause after 1 ms of their own work, whatever the other does.
 */
export class Pacer {
  private workingSince = performance.now();

  /** Lets the event loop run (setImmediate) when this import has worked PAUSE_AFTER_MS since it last did. */
  async letOthersRun(): Promise<void> {
    if (performance.now() - this.workingSince < PAUSE_AFTER_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.workingSince = performance.now();
  }
}

/**
 * Transactions read, looked up and written together. 100, not more: a chunk's objects (its transactions, plans, claims
 * and rows) live while its entries are parsed and while it is written; at 500 that spanned V8's young-generation
 * collections, so they were promoted to the old space as garbage and a 100,000-payment camt.054 import grew the server's
 * memory by 70-100 MB before a full collection; at 100 they die young (36-41 MB, docs/bank-files.md).
 */
export const CHUNK = 100;
const ROWS_PER_INSERT = 20;
const TX_COLUMNS = [
  'bank_file_id', 'line', 'dedup_key', 'date', 'booking_date', 'value_date', 'amount', 'currency', 'credit', 'account', 'kid', 'reference',
  'end_to_end_id', 'payer_name', 'payer_account', 'message', 'kind', 'status', 'reason', 'document_id', 'ledger_entry_id', 'updated_at',
] as const;

/** The refusal of a file as a 400 on the body, with the line in its parameters. */
function refused(e: BankFileError) {
  return validationError([fieldError('(body)', e.code, e.params as never)], `The bank file was not imported: ${e.message}`);
}

/** The company's own accounts as bank files write them: the BBAN and the IBAN (with the BBAN inside a Norwegian one). */
export function ownAccounts(company: { bankAccount: string | null; iban: string | null }): Set<string> {
  const out = new Set<string>();
  if (company.bankAccount) out.add(normaliseAccount(company.bankAccount));
  if (company.iban) out.add(company.iban.replace(/\s/g, '').toUpperCase());
  return out;
}
const accountKey = (a: string) => {
  const s = a.replace(/[\s.]/g, '').toUpperCase();
  return /^NO\d{13}$/.test(s) ? s.slice(4) : s;
};
/** The account a transaction is booked on is the company's (no account set up, or the file names none: taken as its own). */
export function isOwnAccount(own: Set<string>, account: string | null): boolean {
  if (!own.size || !account) return true;
  // A file names a few accounts (one per assignment or notification) on every transaction: each compared once per import.
  let known = ownChecked.get(own);
  if (!known) ownChecked.set(own, (known = new Map()));
  let mine = known.get(account);
  if (mine === undefined) {
    const k = accountKey(account);
    mine = false;
    for (const o of own) if (accountKey(o) === k) mine = true;
    if (known.size < 1000) known.set(account, mine);
  }
  return mine;
}
/** What isOwnAccount found, per set of own accounts (each import makes its own) and account. */
const ownChecked = new WeakMap<Set<string>, Map<string, boolean>>();

interface Classified {
  status: TxStatus;
  reason: TxReason | null;
  documentId: number | null;
  entry: EntryRef | null;
}

type Settings = Awaited<ReturnType<typeof getSettings>>;

/** Money in to the company's own account, booked: a payment to match. */
const isPayment = (t: BankTx, own: Set<string>) => t.credit && t.booked && isOwnAccount(own, t.account);

/** What becomes of one new transaction: ignored (money out, pending, another account), matched, or left for the user. */
async function classify(tctx: TxCtx, t: BankTx, own: Set<string>, settings: Settings, byKid: Map<string, InvoiceHit>, batch: PaymentBatch): Promise<Classified> {
  const ignored = (reason: TxReason): Classified => ({ status: 'IGNORED', reason, documentId: null, entry: null });
  if (!t.credit) return ignored('DEBIT');
  if (!t.booked) return ignored('NOT_BOOKED');
  if (!isOwnAccount(own, t.account)) return ignored('OTHER_ACCOUNT');
  let reason: TxReason = 'NO_KID';
  if (t.kid) {
    const invoice = byKid.get(t.kid);
    if (invoice) {
      const paid = await batch.pay(invoice, t);
      return paid.status === 'MATCHED'
        ? { status: 'MATCHED', reason: null, documentId: invoice.id, entry: paid.entry }
        : { status: 'UNMATCHED', reason: paid.reason, documentId: invoice.id, entry: null };
    }
    reason = 'UNKNOWN_KID';
  }
  if (settings.invoicing.bankAutoMatch && t.currency === 'NOK' && t.payerName) {
    await batch.flush(); // the open invoices with this amount are read from the balances as they are now
    const same = await openInvoicesWithAmount(tctx, t.amount, 2);
    if (same.length === 1 && namesMatch(t.payerName, same[0].name)) {
      const paid = await batch.pay({ id: same[0].id, number: same[0].number! }, t);
      if (paid.status === 'MATCHED') return { status: 'MATCHED', reason: null, documentId: same[0].id, entry: paid.entry };
    }
  }
  return { status: 'UNMATCHED', reason, documentId: null, entry: null };
}

interface Totals {
  transactions: number;
  duplicates: number;
  amount: number;
  matched: number;
  unmatched: number;
  ignored: number;
  matchedAmount: number;
}

/** The dedup keys among these that are imported already (prepared once per list size). */
const importedBefore = preparedIn((db, keys) => db.selectFrom('bank_transactions').select('dedup_key').where('dedup_key', 'in', keys as string[]));

/** One chunk of the file: duplicates found, KIDs looked up, claims read, each transaction classified, all written. */
async function importChunk(tctx: TxCtx, fileId: number, chunk: BankTx[], own: Set<string>, settings: Settings, totals: Totals, pacer: Pacer): Promise<void> {
  const { db } = tctx;
  const keys = [...new Set(chunk.map((t) => t.dedupKey))];
  const seen = new Set((await importedBefore.rows(db, keys)).map((r) => r.dedup_key));
  const fresh: BankTx[] = [];
  for (const t of chunk) {
    totals.transactions++;
    if (seen.has(t.dedupKey)) totals.duplicates++;
    else {
      seen.add(t.dedupKey); // a transaction repeated within the file is a duplicate of its first
      fresh.push(t);
    }
  }
  await pacer.letOthersRun();
  const byKid = await invoicesByKid(tctx, fresh.filter((t) => t.kid && isPayment(t, own)).map((t) => t.kid!), settings.invoicing);
  const batch = new PaymentBatch(tctx);
  await batch.seed(byKid.values());
  const classified: Classified[] = [];
  for (const t of fresh) {
    if (classified.length && classified.length % 100 === 0) {
      await batch.flush(); // the payments planned so far written (same rows, same order), then a pause if due
      await pacer.letOthersRun();
    }
    const c = await classify(tctx, t, own, settings, byKid, batch);
    if (t.credit) totals.amount += t.amount;
    if (c.status === 'MATCHED') {
      totals.matched++;
      totals.matchedAmount += t.amount;
    } else if (c.status === 'UNMATCHED') totals.unmatched++;
    else totals.ignored++;
    classified.push(c);
  }
  await batch.flush();
  batch.forget();
  await pacer.letOthersRun();
  const now = tctx.clock.timestamp();
  for (let i = 0; i < fresh.length; i += ROWS_PER_INSERT) {
    const n = Math.min(ROWS_PER_INSERT, fresh.length - i);
    const values: unknown[] = [];
    for (let k = i; k < i + n; k++) {
      const t = fresh[k];
      const c = classified[k];
      values.push(
        fileId, t.line, t.dedupKey, t.date, t.bookingDate, t.valueDate, t.amount, t.currency, t.credit ? 1 : 0, t.account, t.kid, t.reference,
        t.endToEndId, t.payerName, t.payerAccount, t.message, t.kind, c.status, c.reason, c.documentId, c.entry ? c.entry.entryId : null, now,
      );
    }
    await insertValues(db, 'bank_transactions', TX_COLUMNS, values, n);
    if (i % 100 === 80) await pacer.letOthersRun();
  }
}

/** Imports the file `src` (bytes or an upload's temporary file, read piece by piece); answers the bank file's view. */
export async function importBankFile(ctx: AppContext, src: Buffer | ByteSource, fileName: string) {
  let file: ReadFile;
  try {
    file = readBankFile(src);
  } catch (e) {
    if (e instanceof BankFileError) throw refused(e);
    throw e;
  }
  const view = await inTx(ctx, async (tctx) => {
    const settings = await getSettings(tctx);
    const own = ownAccounts(settings.company);
    const now = ctx.clock.timestamp();
    const { id: fileId } = await tctx.db
      .insertInto('bank_files')
      .values({ format: file.format, file_name: fileName, imported_at: now, transactions: 0, duplicates: 0, amount: 0, sha256: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const totals: Totals = { transactions: 0, duplicates: 0, amount: 0, matched: 0, unmatched: 0, ignored: 0, matchedAmount: 0 };
    const pacer = new Pacer();
    try {
      let chunk: BankTx[] = [];
      for (const t of file.transactions) {
        chunk.push(t);
        await pacer.letOthersRun(); // reading 500 camt entries is itself some 10 ms: a pause when due, between any two
        if (chunk.length === CHUNK) {
          await importChunk(tctx, fileId, chunk, own, settings, totals, pacer);
          chunk = [];
          if (ctx.testHooks?.afterBankImportChunk) await ctx.testHooks.afterBankImportChunk(); // a test holding the import open (AppContext)
          await pacer.letOthersRun();
        }
      }
      if (chunk.length) await importChunk(tctx, fileId, chunk, own, settings, totals, pacer);
    } catch (e) {
      if (e instanceof BankFileError) throw refused(e);
      throw e;
    }
    const { transactions, duplicates, amount, matched } = totals;
    const sha256 = file.sha256();
    await tctx.db.updateTable('bank_files').set({ transactions, duplicates, amount, sha256 }).where('id', '=', fileId).execute();
    await audit(tctx, 'bank-file', fileId, 'import', { format: file.format, fileName, sha256, transactions, duplicates, matched });
    // The answer from the counts kept while importing: the same as GET /bank-files/{id} (bank-import.test.ts), without
    // summing the file's transactions again (for 100,000 of them one synchronous query of some 150 ms that every
    // request waited for).
    const { unmatched, ignored, matchedAmount } = totals;
    return fileView({
      id: fileId, format: file.format, file_name: fileName, imported_at: now, transactions, duplicates, amount,
      matched, unmatched, ignored, matched_amount: matchedAmount,
    });
  });
  return view;
}
