/**
 * The renderer's one way to the service: `call(name, input)` runs an operation of the table.
 * Inside Electron it goes over IPC (window.api from the preload); in a browser against the headless
 * server it goes over same-origin HTTP to /_ops/<name> with the session cookie. Same envelope both ways.
 */
import i18n from 'i18next';
import { fieldErrorText, opErrorText, type ErrorParams } from '../i18n/error-messages';
import type { FileOpName, InputArgs, InputOf, OpName, OutputOf, PagedOutputOf } from './op-types';

export interface FieldError {
  field: string;
  /** Stable code (main/ops/error-codes.ts); the GUI words the message from it (errors.i18n.ts). */
  code?: string;
  params?: ErrorParams;
  /** In the user's language once `call` has thrown it; the service's English before. */
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[],
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
  /** The message for one field (dotted path), if the service named it. */
  fieldMessage(field: string): string | undefined {
    return this.fields.find((f) => f.field === field)?.message;
  }
}

export interface OpInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

type Envelope =
  | { ok: true; value: unknown }
  | { ok: false; error: { status: number; code: string; message: string; params?: ErrorParams; fields: FieldError[] } };

declare global {
  interface Window {
    api?: {
      call(name: string, input?: OpInput): Promise<Envelope>;
      /** Electron: runs a file operation and writes its file where the person chooses, chunk by chunk (main/ipc-files.ts). */
      save?(name: string, input?: OpInput): Promise<Envelope>;
      /** Electron: opens the data folder's outbox/ehf in the file manager (main/ipc-ehf-folder.ts); `value.path` is it. */
      openEhfFolder?(): Promise<Envelope>;
    };
  }
}

function opsUrl(name: string): string {
  // The GUI is served at /app/; the operations at /_ops/ on the same origin.
  return new URL(`/_ops/${encodeURIComponent(name)}`, window.location.origin).href;
}

let leaving = false;
/**
 * The session expired or was ended (user disabled, key renewed, server restarted): to the login page, which says why
 * (?expired), instead of an error on every screen. Once: a screen's parallel requests all answer 401, and a second
 * navigation would cancel the first.
 */
export function toLoginExpired(): void {
  if (leaving) return;
  leaving = true;
  window.location.replace('/app/login?expired=1');
}

async function transport(name: string, input: OpInput): Promise<Envelope> {
  if (window.api) return window.api.call(name, input);
  const res = await fetch(opsUrl(name), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-kvitt-client': '1' },
    body: JSON.stringify(input),
  });
  if (res.status === 401) {
    toLoginExpired();
    return { ok: false, error: { status: 401, code: 'UNAUTHORIZED', message: 'Not logged in: open the login link printed by npm run serve', fields: [] } };
  }
  return (await res.json()) as Envelope;
}

/**
 * Runs the operation `name` of the table (main/op-table.ts), checked by tsc: the name must exist, the input is the
 * operation's `{params, query, body}` (required parts required) and the answer is what its `run` returns as plain data.
 * A list answers an array, or a page (`PageValue`) when `query.perPage` is given.
 */
export function call<N extends OpName>(name: N, input: InputOf<N> & { query: { perPage: number } }): Promise<PagedOutputOf<N>>;
export function call<N extends OpName>(name: N, ...input: InputArgs<N>): Promise<OutputOf<N>>;
export function call(name: OpName, input?: OpInput): Promise<unknown> {
  return callByName(name, input);
}

async function callByName(name: string, input: OpInput = {}): Promise<unknown> {
  return unwrap(await transport(name, input));
}

/** What `api.save` answers: the chosen path (null: the person cancelled the dialog), the file's name and size. */
export interface Saved {
  saved: string | null;
  filename?: string;
  bytes?: number;
}

/**
 * Electron only (`window.api.save`): runs the file operation `name` (checked by tsc like `call`) and lets the main process write its file to the
 * path the person picks, chunk by chunk, so a large file never sits whole in the window's memory.
 */
export async function save<N extends FileOpName>(name: N, ...input: InputArgs<N>): Promise<Saved> {
  return unwrap(await window.api!.save!(name, (input[0] ?? {}) as OpInput)) as Saved;
}

function unwrap(env: Envelope): unknown {
  if (env.ok) return env.value;
  const lang = i18n.language ?? 'nb';
  const fields = (env.error.fields ?? []).map((f) => ({ ...f, message: fieldErrorText(f, lang) }));
  throw new ApiError(env.error.status, env.error.code, opErrorText(env.error, lang), fields, env.error.params);
}

/**
 * A form's values sent as the user left them (an empty field as null) for the service to check: its 400 names each bad
 * field, shown next to it. Typed as the body the operation takes (from the call it is passed to), since the service is
 * what validates it; use it only for such forms, never for results.
 */
export const formBody = <T>(values: object): T => values as T;

/** Paged list results as operations return them to the GUI. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

/** A file result (PDF, EHF, XLSX ...) as a Blob, whichever transport carried it. */
export function fileToBlob(value: { file: { contentType: string; filename: string; data: Uint8Array | string } }): { blob: Blob; filename: string } {
  const { contentType, filename, data } = value.file;
  const bytes = typeof data === 'string' ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : data;
  return { blob: new Blob([bytes as BlobPart], { type: contentType }), filename };
}

export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
