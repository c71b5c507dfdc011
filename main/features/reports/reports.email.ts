/**
 * Reports by e-mail through the outbox (sending issue): `email=` on any report sends that file; `POST /reports/email`
 * sends a set of reports as attachments of one message. With only `email` the default set goes: invoices,
 * recipients/balance and openItems for the current month (from its first day to today). Each report is attached as
 * XLSX (JSON when it offers no XLSX) with its preselected columns. Queued with its audit entry in one transaction;
 * the answer is the shipment(s).
 */
import { inTx } from '../../ops/transaction.js';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { defineOp, FileResult } from '../../ops/define.js';
import { FieldErrors } from '../../ops/errors.js';
import { Closed, IsoDate } from '../../ops/schemas.js';
import { ShipmentView as ShipmentViewSchema } from '../documents/core.js';
import { queueMessage, type ShipmentView } from '../sending/index.js';
import { audit } from '../audit/index.js';
import { EMAIL_RE } from '../../domain/email.js';
import { monthOf } from './dates.js';
import { reportByResource } from './registry.js';
import { reportBuffer, runReport } from './report.runner.js';
import type { Lang, ReportDef, ReportParams, ReportRequest } from './report.types.js';

export const EMAIL_REPORTS = ['invoices', 'recipients', 'accountOverview', 'revenue/overview', 'recipients/balance', 'openItems', 'payments', 'currency'] as const;
export const DEFAULT_EMAIL_REPORTS = ['invoices', 'recipients/balance', 'openItems'] as const;

type Attachment = { filename: string; contentType: string; content: Buffer };

async function queue(ctx: AppContext, to: string, cc: string[], subject: string, attachments: Attachment[], what: unknown): Promise<ShipmentView> {
  return inTx(ctx, async (tctx) => {
    const shipment = await queueMessage(tctx, {
      ref: { type: 'report', number: 0 },
      to,
      cc,
      subject,
      text: `Vedlagt: ${attachments.map((a) => a.filename).join(', ')}.\n\nSendt fra Kvitt.`,
      attachments,
    });
    await audit(tctx, 'report', 0, 'email', { to, cc, reports: what, shipment: shipment.id });
    return shipment;
  });
}

/** `email=` on GET /reports/…: the file is made once, queued, and answered as well. */
export async function emailReportFile(ctx: AppContext, def: ReportDef, result: FileResult, to: string): Promise<FileResult> {
  const content = await reportBuffer(result);
  await queue(ctx, to, [], `Rapport: ${def.title.nb}`, [{ filename: result.filename, contentType: result.contentType, content }], [def.resource]);
  return new FileResult(result.contentType, result.filename, content);
}

const EmailReport = Type.Union(EMAIL_REPORTS.map((r) => Type.Literal(r)));
/** The answer: the shipment queued (one e-mail), the reports attached and the period they cover. */
const EmailedReports = Closed({ shipments: Type.Array(ShipmentViewSchema), reports: Type.Array(EmailReport), from: IsoDate, to: IsoDate });

const EmailBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    copyEmail: Type.Optional(Type.Union([Type.String({ maxLength: 254 }), Type.Null()])),
    reports: Type.Optional(Type.Union([Type.Array(EmailReport, { minItems: 1, maxItems: 8, uniqueItems: true }), Type.Null()])),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    end: Type.Optional(IsoDate),
  },
  { additionalProperties: false },
);

function requestFor(def: ReportDef, range: { from: string; to: string }, lang: Lang): ReportRequest {
  const params: ReportParams = {};
  if (def.params.includes('from')) params.from = range.from;
  if (def.params.includes('to')) params.to = range.to;
  const format = def.formats.includes('XLS') ? 'XLS' : 'JSON';
  return { format, columns: def.columns.filter((c) => c.preselected).map((c) => c.key), params, lang };
}

export const emailOps = [
  defineOp({
    name: 'reports.email',
    output: EmailedReports,
    method: 'POST',
    path: '/reports/email',
    summary: 'E-mail reports as attachments (XLSX) through the outbox; only `email` sends invoices, recipients/balance and openItems for the current month',
    body: EmailBody,
    run: async ({ body }, ctx) => {
      const errors = new FieldErrors();
      if (!EMAIL_RE.test(body.email.trim())) errors.add('email', 'INVALID_EMAIL');
      if (body.copyEmail && !EMAIL_RE.test(body.copyEmail.trim())) errors.add('copyEmail', 'INVALID_EMAIL');
      const to = body.to ?? body.end;
      if (body.to && body.end && body.to !== body.end) errors.add('end', 'END_IS_TO');
      let range: { from: string; to: string };
      if (body.reports) {
        if (!body.from) errors.add('from', 'REQUIRED_WITH_REPORTS', {});
        if (!to) errors.add('to', 'REQUIRED_WITH_REPORTS', { alias: 'end' });
        if (body.from && to && body.from > to) errors.add('from', 'AFTER_TO', { to });
        range = { from: body.from!, to: to! };
      } else range = { from: monthOf(ctx.clock.today()).from, to: ctx.clock.today() };
      errors.throwIfAny();
      const resources = body.reports ?? [...DEFAULT_EMAIL_REPORTS];
      const attachments: Attachment[] = [];
      for (const resource of resources) {
        const def = reportByResource.get(resource)!;
        const result = await runReport(ctx, def, requestFor(def, range, 'nb'));
        attachments.push({ filename: result.filename, contentType: result.contentType, content: await reportBuffer(result) });
      }
      const subject = `Rapporter ${range.from} – ${range.to}`;
      const shipment = await queue(ctx, body.email.trim(), body.copyEmail ? [body.copyEmail.trim()] : [], subject, attachments, { resources, ...range });
      return { shipments: [shipment], reports: resources, from: range.from, to: range.to };
    },
  }),
];
