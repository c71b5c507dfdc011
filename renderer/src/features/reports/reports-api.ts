/**
 * The renderer's side of reports: the report list (GET /reports/), a JSON preview (maxRows), and downloads. In a browser
 * a download is a streamed fetch of GET /reports/… read chunk by chunk, so a progress bar can follow it and an
 * AbortController can cancel it; inside Electron it goes through the operation table like every other call.
 */
import { ApiError, call, downloadBlob, fileToBlob } from '../../api/client';

export type Format = 'JSON' | 'XLS' | 'CSV' | 'PDF' | 'EHF';
export type Group = 'sales' | 'ledger' | 'payments' | 'customers';

export interface ReportInfo {
  resource: string;
  group: Group;
  title: string;
  formats: Format[];
  params: string[];
  required: string[];
  /** The payment-per-product reports: no column choice, all columns. */
  fixedColumns: boolean;
  columns: { key: string; name: string; preselected: boolean }[];
}

export interface Preview {
  headers: Record<string, string>;
  items: Record<string, string | number | null>[];
  summary: Record<string, number>;
  rowCount: number;
}

export type Values = Record<string, string | number | null | undefined>;

export const listReports = (lang: string) => call<ReportInfo[]>('reports.list', { query: { lang } });

/** The operation name the service gives a report (reports.ops.ts). */
export const opName = (resource: string) =>
  'reports.' +
  resource
    .replace(/\/\{number\}/g, '')
    .split('/')
    .map((s, i) => (i ? s[0].toUpperCase() + s.slice(1) : s))
    .join('');

function split(report: ReportInfo, values: Values, extra: Record<string, string | number>) {
  const query: Record<string, string | number> = { ...extra };
  for (const p of report.params) {
    const v = values[p];
    if (v !== null && v !== undefined && v !== '') query[p] = v;
  }
  const number = values.number;
  return { params: report.resource.includes('{number}') ? { number: number ?? '' } : undefined, query };
}

function pathOf(report: ReportInfo, values: Values, query: Record<string, string | number>): string {
  const path = report.resource.replace('{number}', encodeURIComponent(String(values.number ?? '')));
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `/reports/${path}?${qs}`;
}

/** A file result's bytes as text: base64 over the web transport, bytes over IPC. */
const decode = (data: Uint8Array | string) => new TextDecoder().decode(typeof data === 'string' ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : data);

export async function preview(report: ReportInfo, values: Values, columns: string[], lang: string): Promise<Preview> {
  const { params, query } = split(report, values, { format: 'JSON', columns: columns.join(','), maxRows: 200, lang });
  const value = await call<{ file: { data: Uint8Array | string } }>(opName(report.resource), { params, query });
  return JSON.parse(decode(value.file.data));
}

export async function emailReport(report: ReportInfo, values: Values, columns: string[], format: Format, email: string, lang: string) {
  const { params, query } = split(report, values, { format, columns: columns.join(','), email, lang });
  await call(opName(report.resource), { params, query });
}

/** Rows written so far of a download started with `progress=token` (GET /reports/progress/{token}); null before it starts. */
export interface DownloadProgress {
  rows: number;
  total: number | null;
  done: boolean;
}
export const downloadProgress = (token: string) => call<DownloadProgress>('reports.progress', { params: { token } }).catch(() => null);
/** Stops the export on the server (the worker ends); also the only way to stop one inside Electron (IPC). */
export const cancelDownload = (token: string) => call('reports.cancel', { params: { token } }).catch(() => undefined);

/**
 * Downloads a report. `token` names it for downloadProgress/cancelDownload; `onBytes` gets the bytes received so far.
 * Resolves with the file name; rejects with an ApiError (400 naming the fields, CANCELLED) or an AbortError when cancelled.
 */
export async function download(report: ReportInfo, values: Values, columns: string[], format: Format, lang: string, token: string, signal: AbortSignal, onBytes: (n: number) => void): Promise<string> {
  const { params, query } = split(report, values, { format, columns: columns.join(','), lang, progress: token });
  if (window.api) {
    const value = await call(opName(report.resource), { params, query });
    const { blob, filename } = fileToBlob(value);
    downloadBlob(blob, filename);
    return filename;
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
