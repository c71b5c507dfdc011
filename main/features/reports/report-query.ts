/**
 * The query of GET /reports/{resource}: one TypeBox schema per report (its own parameters only, unknown ones refused)
 * and the rules a schema cannot say, each a 400 naming the parameter: format and columns mandatory, a column the report
 * does not have, a format it does not offer, a missing required parameter, from after to, invoiceNumberFrom after
 * invoiceNumberTo, intervals missing while the intervals column is asked for.
 */
import { Type, type TObject, type TOptional, type TSchema } from '@sinclair/typebox';
import { IsoDate } from '../../ops/schemas.js';
import { FieldErrors } from '../../ops/errors.js';
import { EMAIL_RE } from '../../domain/email.js';
import { PROGRESS_TOKEN } from './report-progress.js';
import type { Lang, PaidFilter, ParamName, ReportDef, ReportFormat, ReportParams, ReportRequest } from './report.types.js';

const Id = Type.Integer({ minimum: 1 });
const PARAM_SCHEMAS = {
  from: IsoDate,
  to: IsoDate,
  recipientNumber: Id,
  invoiceNumber: Id,
  invoiceNumberFrom: Id,
  invoiceNumberTo: Id,
  eventNumber: Id,
  productCode: Type.String({ minLength: 1, maxLength: 9 }),
  paid: Type.String({ maxLength: 10, description: 'true/PAID, false/UNPAID or LOST' }),
  labelNumber: Type.String({ pattern: '^(-1|[1-9][0-9]{0,8}|null)$', description: '-1 (recipients in no label), a label number, or null (all)' }),
  intervals: Type.String({ pattern: '^[0-9]{1,4}(,[0-9]{1,4}){0,11}$', description: 'comma-separated numbers of days, e.g. 30,60,90' }),
  year: Type.Integer({ minimum: 2000, maximum: 2100 }),
  term: Type.String({ maxLength: 10, description: 'a VAT term 1-6 (two months each) or year' }),
} satisfies Record<ParamName, TSchema>;

/** What every report's query takes besides its own parameters. */
const COMMON_QUERY = {
  format: Type.Optional(Type.String({ maxLength: 10 })),
  columns: Type.Optional(Type.String({ maxLength: 4000 })),
  email: Type.Optional(Type.String({ maxLength: 254, description: 'an e-mail address the report is also sent to' })),
  lang: Type.Optional(Type.Union([Type.Literal('nb'), Type.Literal('en')])),
  maxRows: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  progress: Type.Optional(PROGRESS_TOKEN),
};

/** The query schema of a report taking the parameters P: the common ones and P, each optional (typed for the client). */
export type ReportQuerySchema<P extends ParamName> = TObject<typeof COMMON_QUERY & { [K in P]: TOptional<(typeof PARAM_SCHEMAS)[K]> }>;

export function reportQuerySchema<P extends ParamName>(def: { params: readonly P[] }): ReportQuerySchema<P> {
  const props: Record<string, TSchema> = { ...COMMON_QUERY };
  for (const p of def.params) props[p] = Type.Optional(PARAM_SCHEMAS[p]);
  return Type.Object(props, { additionalProperties: false }) as ReportQuerySchema<P>;
}

/** Column keys compare without case and underscores, so the spec's CUSTOM_FIELDS and INTERVALS name customFields and intervals. */
export const normKey = (k: string) => k.replace(/_/g, '').toLowerCase();

const PAID: Record<string, PaidFilter> = { true: 'PAID', paid: 'PAID', false: 'UNPAID', unpaid: 'UNPAID', lost: 'LOST' };

export function checkReportQuery(def: ReportDef, q: Record<string, unknown>, pathNumber: number | undefined, lang: Lang): ReportRequest & { email?: string; progress?: string } {
  const errors = new FieldErrors();
  const format = typeof q.format === 'string' ? q.format.toUpperCase() : undefined;
  if (!format) errors.add('format', 'FORMAT_REQUIRED', { allowed: def.formats.join(', ') });
  else if (!def.formats.includes(format as ReportFormat)) errors.add('format', 'FORMAT_NOT_OFFERED', { allowed: def.formats.join(', '), format: String(q.format) });

  const byKey = new Map(def.columns.map((c) => [normKey(c.key), c.key]));
  const columns: string[] = [];
  const noColumns = typeof q.columns !== 'string' || !q.columns.trim();
  // Reports without availableColumns (payments per product) have every column preselected: `columns` is optional there.
  if (noColumns && def.availableColumns === false) columns.push(...def.columns.map((c) => c.key));
  else if (noColumns) errors.add('columns', 'COLUMNS_REQUIRED');
  else if (typeof q.columns === 'string') {
    for (const raw of q.columns.split(',').map((s) => s.trim()).filter(Boolean)) {
      const key = byKey.get(normKey(raw));
      if (!key) errors.add('columns', 'UNKNOWN_COLUMN', { column: raw });
      else if (!columns.includes(key)) columns.push(key);
    }
  }

  const p: ReportParams = {};
  for (const name of ['from', 'to'] as const) {
    const v = q[name];
    if (typeof v === 'string') p[name] = v;
  }
  if (p.from && p.to && p.from > p.to) errors.add('from', 'AFTER_TO', { to: p.to });
  for (const name of ['recipientNumber', 'invoiceNumber', 'invoiceNumberFrom', 'invoiceNumberTo', 'eventNumber'] as const) {
    if (typeof q[name] === 'number') p[name] = q[name] as number;
  }
  if (p.invoiceNumberFrom && p.invoiceNumberTo && p.invoiceNumberFrom > p.invoiceNumberTo) {
    errors.add('invoiceNumberFrom', 'AFTER_NUMBER_TO', { to: p.invoiceNumberTo });
  }
  if (typeof q.productCode === 'string') p.productCode = q.productCode.trim();
  if (typeof q.paid === 'string') {
    const paid = PAID[q.paid.toLowerCase()];
    if (!paid) errors.add('paid', 'INVALID_PAID');
    else p.paid = paid;
  }
  if (typeof q.labelNumber === 'string' && q.labelNumber !== 'null') p.labelNumber = Number(q.labelNumber);
  if (typeof q.intervals === 'string') {
    const list = q.intervals.split(',').map(Number);
    if (list.some((n, i) => n < 1 || (i > 0 && n <= list[i - 1]))) errors.add('intervals', 'INVALID_INTERVALS');
    else p.intervals = list;
  }
  if (typeof q.year === 'number') p.year = q.year;
  if (typeof q.term === 'string') {
    if (/^[1-6]$/.test(q.term)) p.term = Number(q.term);
    else if (q.term.toLowerCase() === 'year') p.term = 'year';
    else errors.add('term', 'INVALID_TERM');
  }
  if (columns.includes('intervals') && !q.intervals) errors.add('intervals', 'INTERVALS_REQUIRED');
  for (const name of def.required ?? []) if (q[name] === undefined || q[name] === null) errors.add(name, 'REQUIRED_FOR_REPORT');
  if (pathNumber !== undefined) p.number = pathNumber;
  const email = typeof q.email === 'string' ? q.email.trim() : undefined;
  if (email !== undefined && !EMAIL_RE.test(email)) errors.add('email', 'INVALID_EMAIL');
  errors.throwIfAny();
  return { format: format as ReportFormat, columns, params: p, lang, maxRows: q.maxRows as number | undefined, email, progress: q.progress as string | undefined };
}
