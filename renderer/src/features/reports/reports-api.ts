/**
 * The renderer's side of reports: the report list (GET /reports/), a JSON preview (maxRows), and downloads. In a browser
 * a download is a streamed fetch of GET /reports/… read chunk by chunk (an AbortController can cancel it) and handed to
 * the browser as a file; inside Electron the main process writes the file to the path the person picks (`api.save`),
 * chunk by chunk, without the window holding it. Progress comes on the push channel either way (ReportDownloads).
 */
import { ApiError, call, callByName, downloadBlob, saveByName } from '../../api/client';
import type { FileValue, OutputOf } from '../../api/op-types';

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

export const listReports = (lang: string) => call('reports.list', { query: { lang: lang === 'en' ? 'en' : 'nb' } });

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
  // A generated report operation (name from the registry, not in the table's types): it answers a file (FileOf).
  const value = (await callByName(opName(report.resource), { params, query })) as FileValue;
  return JSON.parse(decode(value.file.data));
}

export async function emailReport(report: ReportInfo, values: Values, columns: string[], format: Format, email: string, lang: string) {
  const { params, query } = split(report, values, { format, columns: columns.join(','), email, lang });
  await callByName(opName(report.resource), { params, query });
}

/** Stops the export on the server (the worker ends); also the only way to stop one inside Electron (IPC). */
export const cancelDownload = (token: string) => call('reports.cancel', { params: { token } }).catch(() => undefined);

/**
 * Downloads a report. `token` names it for its progress events and cancelDownload; `onBytes` gets the bytes received
 * so far (browser). Resolves with the file name, or null when the person closed Electron's save dialog; rejects with
 * an ApiError (400 naming the fields, CANCELLED) or an AbortError when cancelled.
 */
export async function download(report: ReportInfo, values: Values, columns: string[], format: Format, lang: string, token: string, signal: AbortSignal, onBytes: (n: number) => void): Promise<string | null> {
  const { params, query } = split(report, values, { format, columns: columns.join(','), lang, progress: token });
  if (window.api) {
    const saved = await saveByName(opName(report.resource), { params, query });
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
