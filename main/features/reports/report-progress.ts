/**
 * Real progress of a report download, for the GUI's progress bar (a streamed file has no Content-Length: its size is
 * known only at the end). The client names the download with `progress=<token>`; while the file is produced the server
 * counts the rows written against the report's row count (`ReportDef.count`, asked first), and
 * `GET /reports/progress/{token}` answers `{rows, total, done}`. `DELETE /reports/progress/{token}` cancels the export
 * (the worker is stopped; the download ends with an error), which also works over IPC, where a call cannot be aborted.
 */
import { Type } from '@sinclair/typebox';
import { defineOp, noContent } from '../../ops/define.js';
import { NoContentOf } from '../../ops/output.js';
import { OpError } from '../../ops/errors.js';

export const PROGRESS_TOKEN = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'a token the client chose for this download' });

export class ReportProgress {
  rows = 0;
  total: number | null = null;
  done = false;
  cancelled = false;
  private onCancel: (() => void) | null = null;
  /** Called once when the export is cancelled (stops the worker); at once if it already was. */
  whenCancelled(fn: () => void): void {
    this.onCancel = fn;
    if (this.cancelled) fn();
  }
  cancel(): void {
    if (this.cancelled || this.done) return;
    this.cancelled = true;
    this.onCancel?.();
  }
  finish(): void {
    this.done = true;
    this.onCancel = null;
    forget(this);
  }
}

const MAX = 200;
const KEEP_MS = 60_000;
const byToken = new Map<string, ReportProgress>();

function forget(p: ReportProgress) {
  const timer = setTimeout(() => {
    for (const [token, q] of byToken) if (q === p) byToken.delete(token);
  }, KEEP_MS);
  timer.unref();
}

/** The progress of a new export (a token already in use starts over); null without a token. */
export function startProgress(token: string | undefined): ReportProgress | null {
  if (!token) return null;
  byToken.get(token)?.cancel();
  byToken.delete(token);
  if (byToken.size >= MAX) byToken.delete(byToken.keys().next().value!);
  const p = new ReportProgress();
  byToken.set(token, p);
  return p;
}

/** Cancels the export when the client's download stops (HTTP stream closed before the end). */
export const cancelledError = () => new OpError(409, 'CANCELLED', 'The export was cancelled');

const TokenPath = Type.Object({ token: PROGRESS_TOKEN }, { additionalProperties: false });
const found = (token: string) => {
  const p = byToken.get(token);
  if (!p) throw new OpError(404, 'NOT_FOUND', `No report download ${token}`);
  return p;
};

export const progressOps = [
  defineOp({
    name: 'reports.progress',
    method: 'GET',
    path: '/reports/progress/{token}',
    summary: 'Progress of a report download started with progress=<token>: rows written, rows in all (null if unknown), done',
    params: TokenPath,
    output: Type.Object({
      rows: Type.Integer({ description: 'rows written so far' }),
      total: Type.Union([Type.Integer(), Type.Null()], { description: 'rows of the report; null where the report does not count them' }),
      done: Type.Boolean(),
      cancelled: Type.Boolean(),
    }),
    run: async ({ params }) => {
      const p = found(params.token);
      return { rows: p.rows, total: p.total, done: p.done, cancelled: p.cancelled };
    },
  }),
  defineOp({
    name: 'reports.cancel',
    method: 'DELETE',
    path: '/reports/progress/{token}',
    summary: 'Cancels the report download started with progress=<token>',
    params: TokenPath,
    output: NoContentOf(),
    run: async ({ params }) => {
      found(params.token).cancel();
      return noContent();
    },
  }),
];
