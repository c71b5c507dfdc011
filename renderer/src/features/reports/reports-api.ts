/**
 * The renderer's side of reports: the report list (GET /reports/), a JSON preview (maxRows), and downloads. In a browser
 * a download is a streamed fetch of GET /reports/… read chunk by chunk (an AbortController can cancel it) and handed to
 * the browser as a file; inside Electron the main process writes the file to the path the person picks (`api.save`),
 * chunk by chunk, without the window holding it. Progress comes on the push channel either way (ReportDownloads).
 */
import { ApiError, call, downloadBlob, save } from '../../api/client';
import type { FileOpName, InputOf, OpName, OutputOf } from '../../api/op-types';

export type Format = 'JSON' | 'XLS' | 'CSV' | 'PDF' | 'EHF';
export type Group = 'sales' | 'ledger' | 'payments' | 'customers' | 'accounting';

/** A report as reports.list describes it (the payment-per-product reports: fixedColumns, no column choice). */
export type ReportInfo = OutputOf<'reports.list'>[number];

export interface Preview {
  headers: Record<string, string>;
  items: Record<string, string | number | null>[];
  summary: Record<string, number>;
  rowCount: number;
  /** The money columns (also those not summed, like a running balance): shown as amounts. */
  moneyColumns?: string[];
}

export type Values = Record<string, string | number | null | undefined>;

const langOf = (lang: string) => (lang === 'en' ? 'en' : 'nb');

export const listReports = (lang: string) => call('reports.list', { query: { lang: langOf(lang) } });

/**
 * Each report's file operation (GET /reports/{resource}) by the resource reports.list names; every name is checked by
 * tsc against the operation table, and test/renderer/report-ops.test.ts holds the map to the service's registry.
 */
export const REPORT_FILE_OPS = {
  invoices: 'reports.invoices',
  recipients: 'reports.recipients',
  openItems: 'reports.openItems',
  'recipients/balance': 'reports.recipientsBalance',
  'recipients/balance/aged': 'reports.recipientsBalanceAged',
  'recipients/{number}/salesledger': 'reports.recipientsSalesledger',
  payments: 'reports.payments',
  participants: 'reports.participants',
  accountOverview: 'reports.accountOverview',
  'revenue/overview': 'reports.revenueOverview',
  'revenue/detail': 'reports.revenueDetail',
  'revenue/period': 'reports.revenuePeriod',
  'revenue/customer': 'reports.revenueCustomer',
  offers: 'reports.offers',
  orderConfirmations: 'reports.orderConfirmations',
  'payments/overview': 'reports.paymentsOverview',
  'payments/details/{number}': 'reports.paymentsDetails',
  currency: 'reports.currency',
  'payments/products': 'reports.paymentsProducts',
  'payments/products/exceptions': 'reports.paymentsProductsExceptions',
  vat: 'reports.vat',
} as const satisfies Record<string, FileOpName>;

/** A report's file operation. */
export type ReportFileOp = (typeof REPORT_FILE_OPS)[keyof typeof REPORT_FILE_OPS];

type QueryOf<N> = N extends OpName ? NonNullable<InputOf<N>['query']> : never;
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** What the report screen may put in a query: the common part and every report's own parameters, as the operations type them. */
export type ReportQuery = Intersection<QueryOf<ReportFileOp>>;

function fileOpOf(report: ReportInfo): ReportFileOp {
  const op = (REPORT_FILE_OPS as Record<string, ReportFileOp>)[report.resource];
  if (!op) throw new Error(`No report operation for ${report.resource}`);
  return op;
}

/**
 * The typed input of a report's file operation from the screen's values: the report's own parameters (the names
 * reports.list gives it) as the form holds them, for the service to check (its 400 names each bad one); a path number
 * not yet chosen goes as '' so that the 400 names that field too.
 */
function split(report: ReportInfo, values: Values, extra: Pick<ReportQuery, 'format' | 'columns' | 'lang' | 'maxRows' | 'email' | 'progress'>) {
  const query: ReportQuery = { ...extra };
  for (const p of report.params) {
    const v = values[p];
    if (v !== null && v !== undefined && v !== '') (query as Record<string, unknown>)[p] = v;
  }
  const params = report.resource.includes('{number}') ? { number: (values.number ?? '') as number } : undefined;
  return { params, query };
}

function pathOf(report: ReportInfo, values: Values, query: ReportQuery): string {
  const path = report.resource.replace('{number}', encodeURIComponent(String(values.number ?? '')));
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `/reports/${path}?${qs}`;
}

/** A file result's bytes as text: base64 over the web transport, bytes over IPC. */
const decode = (data: Uint8Array | string) => new TextDecoder().decode(typeof data === 'string' ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : data);

export async function preview(report: ReportInfo, values: Values, columns: string[], lang: string): Promise<Preview> {
  const { params, query } = split(report, values, { format: 'JSON', columns: columns.join(','), maxRows: 200, lang: langOf(lang) });
  const value = await call(fileOpOf(report), { params, query });
  return JSON.parse(decode(value.file.data));
}

export async function emailReport(report: ReportInfo, values: Values, columns: string[], format: Format, email: string, lang: string) {
  const { params, query } = split(report, values, { format, columns: columns.join(','), email, lang: langOf(lang) });
  await call(fileOpOf(report), { params, query });
}

/** Stops the export on the server (the worker ends); also the only way to stop one inside Electron (IPC). */
export const cancelDownload = (token: string) => call('reports.cancel', { params: { token } }).catch(() => undefined);

/**
 * Downloads a report. `token` names it for its progress events and cancelDownload; `onBytes` gets the bytes received
 * so far (browser). Resolves with the file name, or null when the person closed Electron's save dialog; rejects with
 * an ApiError (400 naming the fields, CANCELLED) or an AbortError when cancelled.
 */
export async function download(report: ReportInfo, values: Values, columns: string[], format: Format, lang: string, token: string, signal: AbortSignal, onBytes: (n: number) => void): Promise<string | null> {
  const { params, query } = split(report, values, { format, columns: columns.join(','), lang: langOf(lang), progress: token });
  if (window.api) {
    const saved = await save(fileOpOf(report), { params, query });
    return saved.saved ? (saved.filename ?? saved.saved) : null;
  }
  const res = await fetch(new URL(pathOf(report, values, query), window.location.origin), { credentials: 'same-origin', headers: { 'x-kvitt-client': '1' }, signal });
  if (!res.ok) {
    const body = await res.json().catch(() => ({ error: 'ERROR', message: res.statusText, fields: [] }));
    throw new ApiError(res.status, body.error, body.message, body.fields ?? []);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'rapport';
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onBytes(received);
  }
  downloadBlob(new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' }), filename);
  return filename;
}
