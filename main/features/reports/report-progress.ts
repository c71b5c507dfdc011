/**
 * Progress of a report download, for the GUI's progress bar (a streamed file has no Content-Length: its size is known
 * only at the end). The client names the download with `progress=<token>`; while the file is produced the server counts
 * the rows written against the report's row count (`ReportDef.count`, asked first) and publishes them on the push
 * channel (main/push/bus.ts: `{type: 'progress', job: <token>, done, total, phase, state}`, GET /_events or the IPC
 * event) at most once per PUBLISH_MS, and always the last event (done, failed or cancelled).
 * `DELETE /reports/progress/{token}` cancels the export (the worker is stopped; the download ends with an error), which
 * also works over IPC, where a call cannot be aborted.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { defineOp, noContent } from '../../ops/define.js';
import { NoContentOf } from '../../ops/output.js';
import { OpError } from '../../ops/errors.js';
import { publish, type JobState } from '../../push/bus.js';

export const PROGRESS_TOKEN = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'a token the client chose for this download' });

/** At most one progress event per this many ms per download (≤ 10 a second). */
export const PUBLISH_MS = 100;

/** What a report's writer reports while it works (report.runner.ts `generate`, here or in the worker). */
export interface ProgressSink {
  total(n: number): void;
  rows(n: number): void;
  /** `count` (the row count), `rows` (writing rows), `file` (XLSX: the finished file goes out). */
  phase(name: string): void;
}

export class ReportProgress implements ProgressSink {
  private done = 0;
  private count: number | null = null;
  private step = 'count';
  private state: JobState = 'running';
  private last = 0;
  private timer: NodeJS.Timeout | null = null;
  private onCancel: (() => void) | null = null;

  constructor(
    readonly job: string,
    private readonly ctx: Pick<AppContext, 'push'>,
    /** Who started the export (startedBy): a bookkeeper may cancel only their own. */
    readonly startedBy: string | null = null,
  ) {}

  get cancelled(): boolean {
    return this.state === 'cancelled';
  }
  total(n: number): void {
    this.count = n;
    this.changed();
  }
  rows(n: number): void {
    this.done += n;
    this.changed();
  }
  phase(name: string): void {
    this.step = name;
    this.changed();
  }
  /** Called once when the export is cancelled (stops the worker); at once if it already was. */
  whenCancelled(fn: () => void): void {
    this.onCancel = fn;
    if (this.cancelled) fn();
  }
  cancel(): void {
    if (this.state !== 'running') return;
    this.state = 'cancelled';
    this.onCancel?.();
  }
  /** The job's end: the last event goes out at once; the token is free again. */
  finish(state: Exclude<JobState, 'running'>): void {
    if (this.state === 'running') this.state = state;
    this.onCancel = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (running.get(this.job) === this) running.delete(this.job);
    this.send();
  }

  private changed(): void {
    if (this.state !== 'running' || this.timer) return;
    const wait = this.last + PUBLISH_MS - Date.now();
    if (wait <= 0) return this.send();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.state === 'running') this.send();
    }, wait);
    this.timer.unref();
  }
  private send(): void {
    this.last = Date.now();
    publish(this.ctx, { type: 'progress', job: this.job, done: this.done, total: this.count, phase: this.step, state: this.state });
  }
}

const MAX = 200;
const running = new Map<string, ReportProgress>();

/** The progress of a new export (a token already running is cancelled and starts over); null without a token. */
/** Who an actor is, for "the export they started": a user's id, the owner key, or (no actor) the desktop app. */
const whoIs = (ctx: Pick<AppContext, 'actor'>) => (ctx.actor ? (ctx.actor.id === null ? 'owner-key' : `user:${ctx.actor.id}`) : null);

export function startProgress(ctx: Pick<AppContext, 'push' | 'actor'>, token: string | undefined): ReportProgress | null {
  if (!token) return null;
  running.get(token)?.cancel();
  if (running.size >= MAX) {
    const oldest = running.keys().next().value!;
    running.get(oldest)?.cancel();
    running.delete(oldest);
  }
  const p = new ReportProgress(token, ctx, whoIs(ctx));
  running.set(token, p);
  return p;
}

export const cancelledError = () => new OpError('CANCELLED', 'The export was cancelled');

const TokenPath = Type.Object({ token: PROGRESS_TOKEN }, { additionalProperties: false });

export const progressOps = [
  defineOp({
    name: 'reports.cancel',
    method: 'DELETE',
    path: '/reports/progress/{token}',
    summary:
      'Cancels the report download started with progress=<token> (its progress comes on the push channel, GET /_events); a bookkeeper cancels the downloads they started (another\'s: 403 NOT_YOUR_EXPORT), an owner any',
    params: TokenPath,
    output: NoContentOf(),
    run: async ({ params }, ctx) => {
      const p = running.get(params.token);
      if (!p) throw new OpError('NOT_FOUND', `No report download ${params.token} is running`);
      if (ctx.actor && ctx.actor.role !== 'owner' && p.startedBy !== whoIs(ctx)) {
        throw new OpError('NOT_YOUR_EXPORT', 'You may cancel only the report downloads you started');
      }
      p.cancel();
      return noContent();
    },
  }),
];
