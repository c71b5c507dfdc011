/**
 * The oracle for test/bank/import-equivalence.test.ts: the bank-file import as it was before the batched path
 * (main/features/bank/import.service.ts), one transaction after the other: a dedup lookup, a KID lookup, the invoice read,
 * and each payment through the payments service (registerPayment: its own reads, ledger row, balance and audit entry).
 * Kept here only to prove the batched import writes exactly what this did; the app has one path.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../main/context.js';
import { buildKid, isValidKid, type KidSettings } from '../../main/domain/kid.js';
import { oreToKr } from '../../main/domain/money.js';
import { inTx } from '../../main/ops/transaction.js';
import { audit } from '../../main/features/audit/audit.service.js';
import { registerPayment } from '../../main/features/invoices/payments.service.js';
import { getSettings } from '../../main/features/settings/settings.service.js';
import type { TxReason, TxStatus } from '../../main/features/bank/bank.schema.js';
import { ownAccounts, isOwnAccount } from '../../main/features/bank/import.service.js';
import { namesMatch } from '../../main/features/bank/payer-name.js';
import type { BankTx } from '../../main/features/bank/parse/bank-tx.js';
import { readBankFile } from '../../main/features/bank/parse/detect.js';

interface Hit {
  id: number;
  number: number;
}

async function invoiceByKid(ctx: AppContext, kid: string, s: KidSettings): Promise<Hit | null> {
  const direct = await ctx.db.selectFrom('documents').select(['id', 'number']).where('kind', '=', 'invoice').where('kid', '=', kid).where('number', 'is not', null).executeTakeFirst();
  if (direct) return { id: direct.id, number: direct.number! };
  const bare = kid.replace(/^0+/, '');
  if (bare && bare !== kid) {
    const padded = await ctx.db
      .selectFrom('documents')
      .select(['id', 'number'])
      .where('kind', '=', 'invoice')
      .where('number', 'is not', null)
      .where('kid', 'in', [bare, bare.padStart(s.kidLength, '0')])
      .executeTakeFirst();
    if (padded) return { id: padded.id, number: padded.number! };
  }
  const schemes = (['MOD10', 'MOD11'] as const).filter((scheme) => isValidKid(kid, scheme));
  if (!schemes.length) return null;
  const base = kid.slice(0, -1).replace(/^0+/, '');
  const candidates = new Set<number>();
  for (let len = 1; len <= Math.min(9, base.length); len++) {
    const n = Number(base.slice(-len));
    if (n > 0) candidates.add(n);
  }
  if (!candidates.size) return null;
  const rows = await ctx.db
    .selectFrom('documents as d')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .select(['d.id', 'd.number', 'r.number as recipientNumber', 'r.customer_number'])
    .where('d.kind', '=', 'invoice')
    .where('d.number', 'in', [...candidates])
    .execute();
  for (const row of rows) {
    const customer = row.customer_number && /^\d+$/.test(row.customer_number) ? row.customer_number : row.recipientNumber;
    for (const scheme of schemes) {
      for (const kidBase of ['INVOICE', 'CUSTOMER_INVOICE'] as const) {
        try {
          if (buildKid({ kidScheme: scheme, kidBase, kidLength: kid.length }, row.number!, customer) === kid) return { id: row.id, number: row.number! };
        } catch {
          // not this base
        }
      }
    }
  }
  return null;
}

type Outcome = { status: 'MATCHED'; entryId: number } | { status: 'UNMATCHED'; reason: TxReason };

async function payInvoice(tctx: AppContext, invoice: Hit, tx: { amount: number; currency: string; date: string }): Promise<Outcome> {
  const inv = await tctx.db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .select(['d.total', 'd.currency', 'd.exchange_rate_micro', 'b.balance', 'b.lost', 'b.credited_total', 'b.paid_total'])
    .where('d.id', '=', invoice.id)
    .executeTakeFirstOrThrow();
  if (inv.lost) return { status: 'UNMATCHED', reason: 'INVOICE_WRITTEN_OFF' };
  if (inv.balance <= 0) return { status: 'UNMATCHED', reason: inv.credited_total > 0 && inv.credited_total >= inv.total - Math.max(0, inv.paid_total) ? 'INVOICE_CREDITED' : 'INVOICE_PAID' };
  let amount: number;
  let currencyAmount: number | null = null;
  if (tx.currency === 'NOK') amount = tx.amount;
  else if (tx.currency === inv.currency && inv.exchange_rate_micro > 0) {
    currencyAmount = tx.amount;
    amount = Number((BigInt(tx.amount) * BigInt(inv.exchange_rate_micro) + 500_000n) / 1_000_000n);
  } else return { status: 'UNMATCHED', reason: 'CURRENCY' };
  if (inv.currency !== 'NOK' && currencyAmount === null && !(inv.exchange_rate_micro > 0)) return { status: 'UNMATCHED', reason: 'NO_EXCHANGE_RATE' };
  if (amount <= 0) return { status: 'UNMATCHED', reason: 'CURRENCY' };
  const entryId = await registerPayment(tctx, invoice.number, { date: tx.date, amount: oreToKr(amount), ...(currencyAmount !== null ? { currencyAmount: oreToKr(currencyAmount) } : {}) });
  return { status: 'MATCHED', entryId };
}

async function openInvoicesWithAmount(ctx: AppContext, amount: number) {
  return ctx.db
    .selectFrom('documents as d')
    .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
    .innerJoin('recipients as r', 'r.number', 'd.recipient_number')
    .select(['d.id', 'd.number', 'r.name'])
    .where('d.kind', '=', 'invoice')
    .where('d.currency', '=', 'NOK')
    .where('b.balance', '=', amount)
    .where('b.lost', '=', 0)
    .orderBy('d.number')
    .limit(2)
    .execute();
}

async function classify(tctx: AppContext, t: BankTx, own: Set<string>, settings: Awaited<ReturnType<typeof getSettings>>) {
  const ignored = (reason: TxReason) => ({ status: 'IGNORED' as TxStatus, reason, documentId: null as number | null, entryId: null as number | null });
  if (!t.credit) return ignored('DEBIT');
  if (!t.booked) return ignored('NOT_BOOKED');
  if (!isOwnAccount(own, t.account)) return ignored('OTHER_ACCOUNT');
  let reason: TxReason = 'NO_KID';
  if (t.kid) {
    const invoice = await invoiceByKid(tctx, t.kid, settings.invoicing);
    if (invoice) {
      const paid = await payInvoice(tctx, invoice, t);
      return paid.status === 'MATCHED'
        ? { status: 'MATCHED' as TxStatus, reason: null, documentId: invoice.id, entryId: paid.entryId }
        : { status: 'UNMATCHED' as TxStatus, reason: paid.reason, documentId: invoice.id, entryId: null };
    }
    reason = 'UNKNOWN_KID';
  }
  if (settings.invoicing.bankAutoMatch && t.currency === 'NOK' && t.payerName) {
    const same = await openInvoicesWithAmount(tctx, t.amount);
    if (same.length === 1 && namesMatch(t.payerName, same[0].name)) {
      const paid = await payInvoice(tctx, { id: same[0].id, number: same[0].number! }, t);
      if (paid.status === 'MATCHED') return { status: 'MATCHED' as TxStatus, reason: null, documentId: same[0].id, entryId: paid.entryId };
    }
  }
  return { status: 'UNMATCHED' as TxStatus, reason, documentId: null, entryId: null };
}

/** Imports `data` the old way, one transaction after the other; answers the bank file's id. */
export async function referenceImport(ctx: AppContext, data: Buffer, fileName: string): Promise<number> {
  const file = readBankFile(data);
  const sha256 = createHash('sha256').update(data).digest('hex');
  return inTx(ctx, async (tctx) => {
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
          bank_file_id: fileId, line: t.line, dedup_key: t.dedupKey, date: t.date, booking_date: t.bookingDate, value_date: t.valueDate, amount: t.amount,
          currency: t.currency, credit: t.credit ? 1 : 0, account: t.account, kid: t.kid, reference: t.reference, end_to_end_id: t.endToEndId,
          payer_name: t.payerName, payer_account: t.payerAccount, message: t.message, kind: t.kind, status: c.status, reason: c.reason,
          document_id: c.documentId, ledger_entry_id: c.entryId, updated_at: now,
        })
        .execute();
    }
    await tctx.db.updateTable('bank_files').set({ transactions, duplicates, amount }).where('id', '=', fileId).execute();
    await audit(tctx, 'bank-file', fileId, 'import', { format: file.format, fileName, sha256, transactions, duplicates, matched });
    return fileId;
  });
}
