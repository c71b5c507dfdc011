/**
 * GET /reports/saft?from&to (issue 27): the SAF-T Financial 1.30 file for the period, streamed as it is made, in a worker
 * of the pool when the database can be opened a second time (else in this thread, a turn of the event loop between
 * chunks), with progress on the push channel (`progress=<token>`, cancelled by DELETE /reports/progress/{token}) as the
 * other large reports. Named `SAF-T Financial_<orgnr>_<YYYYMMDDhhmmss>.xml` as Skatteetaten prescribes.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { defineOp, FileResult } from '../../ops/define.js';
import { FieldErrors, OpError } from '../../ops/errors.js';
import { FileOf } from '../../ops/output.js';
import { IsoDate } from '../../ops/schemas.js';
import { streamTask, workersAvailable } from '../../workers/index.js';
import { saftFile, saftFileName, saftOrgNumber } from '../accounting/index.js';
import { cancelledError, PROGRESS_TOKEN, startProgress, type ReportProgress } from './report-progress.js';
import type { SaftJob, SaftNote } from './saft-task.js';

export const SAFT_TYPE = 'application/xml; charset=utf-8';

const SaftQuery = Type.Object(
  { from: IsoDate, to: IsoDate, progress: Type.Optional(PROGRESS_TOKEN) },
  { additionalProperties: false },
);

async function* saftBytes(ctx: AppContext, from: string, to: string, progress: ReportProgress | null): AsyncGenerator<Buffer> {
  let end: 'done' | 'failed' | 'cancelled' = 'cancelled';
  const sink = { vouchers: (n: number) => progress?.rows(n), phase: (p: string) => progress?.phase(p) };
  try {
    if (!ctx.dbTarget || process.env.KVITT_REPORTS_IN_THREAD || !workersAvailable()) {
      for await (const part of saftFile(ctx, from, to, sink)) {
        if (progress?.cancelled) throw cancelledError();
        yield Buffer.from(part); // a copy: saftFile reuses its buffer for the next part
      }
    } else {
      const job: SaftJob = { target: ctx.dbTarget, today: ctx.clock.today(), timestamp: ctx.clock.timestamp(), from, to };
      const stop = new AbortController();
      progress?.whenCancelled(() => stop.abort(cancelledError()));
      const onNote = (n: SaftNote) => ('rows' in n ? sink.vouchers(n.rows) : sink.phase(n.phase));
      yield* streamTask('saft.file', job, { onNote, signal: stop.signal });
    }
    end = 'done';
  } catch (e) {
    if (!(e instanceof OpError && e.code === 'CANCELLED')) end = 'failed';
    throw e;
  } finally {
    progress?.finish(end);
  }
}

export const saftOps = [
  defineOp({
    name: 'reports.saft',
    method: 'GET',
    path: '/reports/saft',
    summary:
      'SAF-T Financial 1.30 for from..to (XML, streamed): company header, accounts with opening and closing balances, customers, tax table, journals of sales, payments and losses; 409 ORG_NUMBER_REQUIRED without the company org number',
    query: SaftQuery,
    output: FileOf(SAFT_TYPE),
    run: async ({ query }, ctx) => {
      const errors = new FieldErrors();
      if (query.from > query.to) errors.add('from', 'AFTER_TO', { to: query.to });
      errors.throwIfAny();
      const orgNumber = await saftOrgNumber(ctx);
      const progress = startProgress(ctx, query.progress);
      return new FileResult(SAFT_TYPE, saftFileName(orgNumber, ctx.clock.timestamp()), Buffer.alloc(0), () => saftBytes(ctx, query.from, query.to, progress));
    },
  }),
] as const;
