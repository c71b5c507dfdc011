/**
 * The report operations, generated from the registry: per report `GET /reports/{resource}/availableColumns` (2.11
 * descriptors in the UI language, or `lang`) and `GET /reports/{resource}` (format, columns, parameters; the file
 * streams out). Resources with a `{number}` take it as a path parameter. `GET /reports/` lists the reports for the GUI.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { defineOp, type Op } from '../../ops/define.js';
import { FileOf } from '../../ops/output.js';
import { getSettings } from '../settings/settings.service.js';
import { reports } from './registry.js';
import { checkReportQuery, reportQuerySchema } from './report-query.js';
import { runReport, STREAMED } from './report.runner.js';
import type { Lang, ReportDef, ReportFormat } from './report.types.js';
import { emailOps, emailReportFile } from './reports.email.js';
import { progressOps } from './report-progress.js';

/**
 * Each report's operation names, written out so that searching for one finds it (issue 24): the file
 * (`GET /reports/{resource}`) and, where the report has them, its column descriptors (`…/availableColumns`). A report in
 * the registry without a line here stops the start (opsOf).
 */
const REPORT_OP_NAMES: Record<string, { file: string; columns?: string }> = {
  invoices: { file: 'reports.invoices', columns: 'reports.invoicesColumns' },
  recipients: { file: 'reports.recipients', columns: 'reports.recipientsColumns' },
  openItems: { file: 'reports.openItems', columns: 'reports.openItemsColumns' },
  'recipients/balance': { file: 'reports.recipientsBalance', columns: 'reports.recipientsBalanceColumns' },
  'recipients/balance/aged': { file: 'reports.recipientsBalanceAged', columns: 'reports.recipientsBalanceAgedColumns' },
  'recipients/{number}/salesledger': { file: 'reports.recipientsSalesledger', columns: 'reports.recipientsSalesledgerColumns' },
  payments: { file: 'reports.payments', columns: 'reports.paymentsColumns' },
  participants: { file: 'reports.participants', columns: 'reports.participantsColumns' },
  accountOverview: { file: 'reports.accountOverview', columns: 'reports.accountOverviewColumns' },
  'revenue/overview': { file: 'reports.revenueOverview', columns: 'reports.revenueOverviewColumns' },
  'revenue/detail': { file: 'reports.revenueDetail', columns: 'reports.revenueDetailColumns' },
  'revenue/period': { file: 'reports.revenuePeriod', columns: 'reports.revenuePeriodColumns' },
  'revenue/customer': { file: 'reports.revenueCustomer', columns: 'reports.revenueCustomerColumns' },
  offers: { file: 'reports.offers', columns: 'reports.offersColumns' },
  orderConfirmations: { file: 'reports.orderConfirmations', columns: 'reports.orderConfirmationsColumns' },
  'payments/overview': { file: 'reports.paymentsOverview', columns: 'reports.paymentsOverviewColumns' },
  'payments/details/{number}': { file: 'reports.paymentsDetails', columns: 'reports.paymentsDetailsColumns' },
  currency: { file: 'reports.currency', columns: 'reports.currencyColumns' },
  'payments/products': { file: 'reports.paymentsProducts' },
  'payments/products/exceptions': { file: 'reports.paymentsProductsExceptions' },
  vat: { file: 'reports.vat' },
};

const NumberPath = Type.Object({ number: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
const LangQuery = Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('nb'), Type.Literal('en')])) }, { additionalProperties: false });

const ColumnDescriptor = Type.Object({ key: Type.String(), name: Type.String(), preselected: Type.Boolean() }, { description: 'spec 2.11' });
const ReportInfo = Type.Object({
  resource: Type.String(),
  group: Type.Union([Type.Literal('sales'), Type.Literal('ledger'), Type.Literal('payments'), Type.Literal('customers'), Type.Literal('accounting')]),
  title: Type.String(),
  formats: Type.Array(Type.String()),
  params: Type.Array(Type.String()),
  required: Type.Array(Type.String()),
  fixedColumns: Type.Boolean(),
  columns: Type.Array(ColumnDescriptor),
});
/** The content type of each format's file (runner, PDF writer, EHF zip). */
const CONTENT_TYPES: Record<ReportFormat, string> = {
  JSON: STREAMED.JSON.type,
  CSV: STREAMED.CSV.type,
  XLS: STREAMED.XLS.type,
  PDF: 'application/pdf',
  EHF: 'application/zip',
};

export async function uiLang(ctx: AppContext, asked?: unknown): Promise<Lang> {
  if (asked === 'nb' || asked === 'en') return asked;
  return (await getSettings(ctx)).ui.language;
}

export function columnDescriptors(def: ReportDef, lang: Lang) {
  return def.columns.map((c) => ({ key: c.key, name: c[lang], preselected: !!c.preselected }));
}

function opsOf(def: ReportDef): Op[] {
  const hasNumber = def.resource.includes('{number}');
  const names = REPORT_OP_NAMES[def.resource];
  if (!names || (def.availableColumns !== false) !== (names.columns !== undefined)) {
    throw new Error(`reports.ops.ts REPORT_OP_NAMES: no operation names (or columns name) for the report ${def.resource}`);
  }
  const name = names.file;
  const ops: Op[] = [];
  if (names.columns) {
    ops.push(
      defineOp({
        name: names.columns,
        method: 'GET',
        path: `/reports/${def.resource}/availableColumns`,
        summary: `Column descriptors (2.11) of the ${def.title.en.toLowerCase()} report`,
        params: hasNumber ? NumberPath : undefined,
        query: LangQuery,
        output: Type.Array(ColumnDescriptor),
        run: async ({ query }, ctx) => columnDescriptors(def, await uiLang(ctx, query.lang)),
      }),
    );
  }
  ops.push(
    defineOp({
      name,
      method: 'GET',
      path: `/reports/${def.resource}`,
      summary: `${def.title.en} report (${def.formats.join(', ')}); ${def.availableColumns === false ? 'format is required; columns optional (all preselected)' : 'format and columns are required'}`,
      params: hasNumber ? NumberPath : undefined,
      query: reportQuerySchema(def),
      output: FileOf(...def.formats.map((f) => CONTENT_TYPES[f])),
      run: async ({ params, query }, ctx) => {
        const req = checkReportQuery(def, query as Record<string, unknown>, (params as { number?: number })?.number, await uiLang(ctx, query.lang));
        const result = await runReport(ctx, def, req);
        return req.email ? emailReportFile(ctx, def, result, req.email) : result;
      },
    }),
  );
  return ops;
}

/** The report operations: the generated ones are plain `Op` (their names come from the registry); `as const` keeps the others' names and types for the typed client (op-table.ts OpTypesByName). */
export const reportOps = [
  defineOp({
    name: 'reports.list',
    method: 'GET',
    path: '/reports/',
    summary: 'The reports Kvitt offers: resource, group, title, formats, parameters and which are required',
    query: LangQuery,
    output: Type.Array(ReportInfo),
    run: async ({ query }, ctx) => {
      const lang = await uiLang(ctx, query.lang);
      return reports.map((r) => ({
        resource: r.resource,
        group: r.group,
        title: r.title[lang],
        formats: r.formats,
        params: r.params,
        required: r.required ?? [],
        fixedColumns: r.availableColumns === false,
        columns: columnDescriptors(r, lang),
      }));
    },
  }),
  ...reports.flatMap(opsOf),
  ...emailOps,
  ...progressOps,
] as const;
