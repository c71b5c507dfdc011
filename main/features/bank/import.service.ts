/**
 * POST /bank-files/: a bank file imported in one transaction (docs/bank-files.md). The file is read as a stream of
 * transactions; each new one is stored and, if it is money in to the company's own account, matched by KID (and, with
 * Settings → bankAutoMatch, by amount and payer name); one seen before (same dedup key) is counted as a duplicate and
 * neither stored nor paid again. A file refused half way (wrong totals at its end) rolls everything back: nothing of it
 * is written. Every payment is registered through the payments service with its audit entry; the file has its own.
 */
import { createHash } from 'node:crypto';
import { normaliseAccount } from '../../domain/bank-account.js';
import type { AppContext } from '../../context.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { inTx } from '../../ops/transaction.js';
import { audit } from '../audit/audit.service.js';
import { getSettings } from '../settings/settings.service.js';
import type { TxReason, TxStatus } from './bank.schema.js';
import { getBankFile } from './bank.read.js';
import { invoiceByKid, openInvoicesWithAmount, payInvoice } from './matching.js';
import { namesMatch } from './payer-name.js';
import { BankFileError, type BankTx } from './parse/bank-tx.js';
import { readBankFile } from './parse/detect.js';

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
const isOwn = (own: Set<string>, account: string | null) => {
  if (!own.size || !account) return true; // no account set up, or the file names none: taken as the company's own
  const k = accountKey(account);
  for (const o of own) if (accountKey(o) === k) return true;
  return false;
};

export interface Classified {
  status: TxStatus;
  reason: TxReason | null;
  documentId: number | null;
  entryId: number | null;
}

/** What becomes of one new transaction: ignored (money out, pending, another account), matched, or left for the user. */
async function classify(tctx: AppContext, t: BankTx, own: Set<string>, settings: Awaited<ReturnType<typeof getSettings>>): Promise<Classified> {
  const ignored = (reason: TxReason): Classified => ({ status: 'IGNORED', reason, documentId: null, entryId: null });
  if (!t.credit) return ignored('DEBIT');
  if (!t.booked) return ignored('NOT_BOOKED');
  if (!isOwn(own, t.account)) return ignored('OTHER_ACCOUNT');
  let reason: TxReason = 'NO_KID';
  if (t.kid) {
    const invoice = await invoiceByKid(tctx, t.kid, settings.invoicing);
    if (invoice) {
      const paid = await payInvoice(tctx, invoice, t);
      return paid.status === 'MATCHED'
        ? { status: 'MATCHED', reason: null, documentId: invoice.id, entryId: paid.entryId }
        : { status: 'UNMATCHED', reason: paid.reason, documentId: invoice.id, entryId: null };
    }
    reason = 'UNKNOWN_KID';
  }
  if (settings.invoicing.bankAutoMatch && t.currency === 'NOK' && t.payerName) {
    const same = await openInvoicesWithAmount(tctx, t.amount, 2);
    if (same.length === 1 && namesMatch(t.payerName, same[0].name)) {
      const paid = await payInvoice(tctx, { id: same[0].id, number: same[0].number! }, t);
      if (paid.status === 'MATCHED') return { status: 'MATCHED', reason: null, documentId: same[0].id, entryId: paid.entryId };
    }
  }
  return { status: 'UNMATCHED', reason, documentId: null, entryId: null };
}

export async function importBankFile(ctx: AppContext, data: Buffer, fileName: string) {
  let file: ReturnType<typeof readBankFile>;
  try {
    file = readBankFile(data);
  } catch (e) {
    if (e instanceof BankFileError) throw refused(e);
    throw e;
  }
  const sha256 = createHash('sha256').update(data).digest('hex');
  const id = await inTx(ctx, async (tctx) => {
    const settings = await getSettings(tctx);
    const own = ownAccounts(settings.company);
    const now = ctx.clock.timestamp();
    const { id: fileId } = await tctx.db
      .insertInto('bank_files')
      .values({ format: file.format, file_name: fileName, imported_at: now, transactions: 0, duplicates: 0, amount: 0, sha256 })
      .returning('id')
      .executeTakeFirstOrThrow();
    let transactions = 0;
    let duplicates = 0;
    let amount = 0;
    let matched = 0;
    try {
      for (const t of file.transactions) {
        transactions++;
        const seen = await tctx.db.selectFrom('bank_transactions').select('id').where('dedup_key', '=', t.dedupKey).executeTakeFirst();
        if (seen) {
          duplicates++;
          continue;
        }
        const c = await classify(tctx, t, own, settings);
        if (t.credit) amount += t.amount;
        if (c.status === 'MATCHED') matched++;
        await tctx.db
          .insertInto('bank_transactions')
          .values({
            bank_file_id: fileId,
            line: t.line,
            dedup_key: t.dedupKey,
            date: t.date,
            booking_date: t.bookingDate,
            value_date: t.valueDate,
            amount: t.amount,
            currency: t.currency,
            credit: t.credit ? 1 : 0,
            account: t.account,
            kid: t.kid,
            reference: t.reference,
            end_to_end_id: t.endToEndId,
            payer_name: t.payerName,
            payer_account: t.payerAccount,
            message: t.message,
            kind: t.kind,
            status: c.status,
            reason: c.reason,
            document_id: c.documentId,
            ledger_entry_id: c.entryId,
            updated_at: now,
          })
          .execute();
      }
    } catch (e) {
      if (e instanceof BankFileError) throw refused(e);
      throw e;
    }
    await tctx.db.updateTable('bank_files').set({ transactions, duplicates, amount }).where('id', '=', fileId).execute();
    await audit(tctx.db, ctx.clock, 'bank-file', fileId, 'import', { format: file.format, fileName, sha256, transactions, duplicates, matched });
    return fileId;
  });
  return getBankFile(ctx, id);
}
