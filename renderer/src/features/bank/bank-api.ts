/**
 * The bank area's calls (issue 25; the operations live in main/features/bank/). Importing a file sends its bytes as
 * they are: in Electron over IPC (a Uint8Array body), in a browser as the raw body of POST /bank-files/ with the session
 * cookie (the one operation that takes a file body), with its upload's progress, and stopped while it is sent.
 */
import i18n from 'i18next';
import { ApiError, call, toLoginExpired } from '../../api/client';
import type { ItemOf, OutputOf } from '../../api/op-types';
import { fieldErrorText, opErrorText, type ErrorParams } from '../../i18n/error-messages';
import { MAX_FILE_BYTES, MB } from './bank-limits';

/** What an import answers and GET /bank-files/{id} shows (amounts in NOK): the service's own read shapes. */
export type BankFile = OutputOf<'bankFiles.get'>;
export type BankTransaction = ItemOf<'bankTransactions.list'>;
export type BankTxStatus = BankTransaction['status'];
export type BankFormat = BankFile['format'];

/** The operation names of the contract, in one place. */
export const BANK_OPS = {
  importFile: 'bankFiles.import',
  files: 'bankFiles.list',
  file: 'bankFiles.get',
  fileTransactions: 'bankFiles.transactions',
  transactions: 'bankTransactions.list',
  match: 'bankTransactions.match',
  unmatch: 'bankTransactions.unmatch',
  ignore: 'bankTransactions.ignore',
} as const;

export const listTransactions = (status: BankTxStatus, page: number, perPage: number) =>
  call('bankTransactions.list', { query: { status, page, perPage } });
export const listFiles = (page: number, perPage: number) => call('bankFiles.list', { query: { page, perPage } });
export const listFileTransactions = (id: number, page: number, perPage: number) => call('bankFiles.transactions', { params: { id }, query: { page, perPage } });
export const getFile = (id: number) => call('bankFiles.get', { params: { id } });
export const matchTransaction = (id: number, invoiceNumber: number) => call('bankTransactions.match', { params: { id }, body: { invoiceNumber } });
export const unmatchTransaction = (id: number) => call('bankTransactions.unmatch', { params: { id } });
export const ignoreTransaction = (id: number) => call('bankTransactions.ignore', { params: { id } });

function apiError(status: number, body: { code?: string; error?: string; message?: string; params?: ErrorParams; fields?: { field: string; code?: string; params?: ErrorParams; message: string }[] } | null): ApiError {
  const lang = i18n.language ?? 'nb';
  const code = body?.code ?? body?.error ?? `HTTP_${status}`;
  const fields = (body?.fields ?? []).map((f) => ({ ...f, message: fieldErrorText(f, lang) }));
  return new ApiError(status, code, opErrorText({ code, message: body?.message ?? `HTTP ${status}`, params: body?.params }, lang), fields, body?.params);
}

export interface UploadHandle {
  done: Promise<BankFile>;
  /** Stops sending (a browser upload still under way: the service never gets the file, nothing is imported). */
  abort(): void;
}

/**
 * Sends `file` to be imported; `onSent(bytes, total)` follows the upload (a browser only: over IPC the bytes are handed
 * over at once).
 */
export function uploadBankFile(file: File, onSent: (sent: number, total: number) => void): UploadHandle {
  const query = { name: file.name };
  if (window.api) {
    // Over IPC the file is read whole into memory and copied to the main process: a file past the operation's limit is
    // refused here, unread, with the service's own answer (413 FILE_TOO_LARGE); the service refuses it too.
    if (file.size > MAX_FILE_BYTES) {
      const done = Promise.reject(apiError(413, { code: 'FILE_TOO_LARGE', message: `The file is larger than ${MAX_FILE_BYTES / MB} MB`, params: { maxMb: MAX_FILE_BYTES / MB } }));
      return { done, abort: () => undefined };
    }
    const done = file.arrayBuffer().then((b) => {
      onSent(file.size, file.size);
      // A created result comes over the envelope as {created: location, body}.
      return call(BANK_OPS.importFile, { query, body: new Uint8Array(b) }).then((r) => r.body);
    });
    return { done, abort: () => undefined };
  }
  const xhr = new XMLHttpRequest();
  const done = new Promise<BankFile>((resolve, reject) => {
    const url = new URL('/bank-files/', window.location.origin);
    url.searchParams.set('name', file.name);
    xhr.open('POST', url.href);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('x-kvitt-client', '1');
    xhr.upload.onprogress = (e) => onSent(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 401) toLoginExpired();
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as BankFile);
      else reject(apiError(xhr.status, body as Parameters<typeof apiError>[1]));
    };
    xhr.onerror = () => reject(apiError(0, { code: 'NETWORK', message: i18n.t('bank.import.networkError') }));
    xhr.onabort = () => reject(apiError(0, { code: 'UPLOAD_CANCELLED', message: i18n.t('bank.import.cancelled') }));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
