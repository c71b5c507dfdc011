import { created, defineOp, listResult } from '../../ops/define.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { CreatedOf, ListOf } from '../../ops/output.js';
import { RawFileBody, rawSource } from '../../ops/raw-body.js';
import { BankFileParam, BankFilesQuery, BankFileTxQuery, BankFileView, BankTransactionView, BankTxParam, BankTxQuery, ImportQuery, MatchInput } from './bank.schema.js';
import { getBankFile, listBankFiles, listBankTransactions } from './bank.read.js';
import { importBankFile } from './import.service.js';
import { ignoreTransaction, matchTransaction, unmatchTransaction } from './transactions.service.js';

/**
 * A bank file of 100,000 camt entries is some 75 MB; over HTTP it streams to a temporary file and is read from there in
 * pieces. Over IPC (the desktop GUI) and /_ops the bytes come in memory: runOp refuses them past the same limit before
 * they are read (and the desktop GUI does not read a larger file at all: renderer/src/features/bank/bank-limits.ts).
 */
const MAX_FILE_BYTES = 256 * 1024 * 1024;
const FileBody = RawFileBody(['application/octet-stream', 'text/plain', 'application/xml', 'text/xml'], {
  maxBytes: MAX_FILE_BYTES,
  description: 'the bank file as it is: OCR giro (Nets) or ISO 20022 camt.054/camt.053 (.001.02-.08); over /_ops and IPC its bytes (base64 in JSON)',
});
const paged = (q: { perPage?: number; page?: number }) => ({ ...q, perPage: q.perPage ?? 100 });

export const bankOps = [
  defineOp({
    name: 'bankFiles.import',
    output: CreatedOf(BankFileView),
    method: 'POST',
    path: '/bank-files/',
    summary:
      'Import a bank file (the body: OCR giro or camt.054/.053, format read from the content; ?name= its file name) in one transaction: ' +
      'payments matched by KID; transactions already imported count as duplicates; a file refused (400 naming the line) writes nothing. 201 + Location',
    query: ImportQuery,
    body: FileBody,
    run: async ({ query, body }, ctx) => {
      const src = rawSource(body);
      if (!src) throw validationError([fieldError('(body)', 'NOT_A_FILE')]);
      try {
        const file = await importBankFile(ctx, src, query.name ?? 'bankfil');
        return created(`/bank-files/${file.id}`, file);
      } finally {
        src.close();
      }
    },
  }),
  defineOp({
    name: 'bankFiles.list',
    output: ListOf(BankFileView),
    method: 'GET',
    path: '/bank-files/',
    summary: 'Imported bank files, newest first, with their counts now; format=OCR|CAMT054|CAMT053; paged (perPage default 100)',
    query: BankFilesQuery,
    run: ({ query }, ctx) => listResult(paged(query), (limit, offset) => listBankFiles(ctx, query.format, limit, offset)),
  }),
  defineOp({
    name: 'bankFiles.get',
    output: BankFileView,
    method: 'GET',
    path: '/bank-files/{id}',
    summary: 'One imported bank file: transactions, matched, unmatched, ignored, duplicates, amount, matchedAmount',
    params: BankFileParam,
    run: ({ params }, ctx) => getBankFile(ctx, params.id),
  }),
  defineOp({
    name: 'bankFiles.transactions',
    output: ListOf(BankTransactionView),
    method: 'GET',
    path: '/bank-files/{id}/transactions',
    summary: "A bank file's transactions in file order, all or by status (MATCHED, UNMATCHED, IGNORED); paged (perPage default 100)",
    params: BankFileParam,
    query: BankFileTxQuery,
    run: ({ params, query }, ctx) => listResult(paged(query), (limit, offset) => listBankTransactions(ctx, { fileId: params.id, status: query.status }, limit, offset)),
  }),
  defineOp({
    name: 'bankTransactions.list',
    output: ListOf(BankTransactionView),
    method: 'GET',
    path: '/bank-transactions/',
    summary: 'Bank transactions, oldest first, by status (MATCHED, UNMATCHED, IGNORED); UNMATCHED money in with suggestions; paged (perPage default 100)',
    query: BankTxQuery,
    run: ({ query }, ctx) => listResult(paged(query), (limit, offset) => listBankTransactions(ctx, { status: query.status }, limit, offset)),
  }),
  defineOp({
    name: 'bankTransactions.match',
    output: BankTransactionView,
    method: 'POST',
    path: '/bank-transactions/{id}/match',
    summary: 'Match to an invoice {invoiceNumber}: the payment registered as POST /invoices/{n}/payments would, dated the transaction; 409 if the invoice takes no payment',
    params: BankTxParam,
    body: MatchInput,
    run: ({ params, body }, ctx) => matchTransaction(ctx, params.id, body.invoiceNumber),
  }),
  defineOp({
    name: 'bankTransactions.unmatch',
    output: BankTransactionView,
    method: 'POST',
    path: '/bank-transactions/{id}/unmatch',
    summary: 'Undo: a matched transaction has its payment reversed, an ignored one is back among the unmatched',
    params: BankTxParam,
    run: ({ params }, ctx) => unmatchTransaction(ctx, params.id),
  }),
  defineOp({
    name: 'bankTransactions.ignore',
    output: BankTransactionView,
    method: 'POST',
    path: '/bank-transactions/{id}/ignore',
    summary: 'Ignore an unmatched transaction (not a payment of an invoice); undo with unmatch',
    params: BankTxParam,
    run: ({ params }, ctx) => ignoreTransaction(ctx, params.id),
  }),
];
