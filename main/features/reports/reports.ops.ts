/**
 * The report operations, one pair per report of the registry, each typed like every other operation: per report
 * `GET /reports/{resource}/availableColumns` (2.11 descriptors in the UI language, or `lang`) and `GET /reports/{resource}`
 * (format, columns, the report's own parameters; the file streams out). Resources with a `{number}` take it as a path
 * parameter. `GET /reports/` lists the reports for the GUI.
 */
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { defineOp, type Op } from '../../ops/define.js';
import { FileOf } from '../../ops/output.js';
import { getSettings } from '../settings/index.js';
import { reports } from './registry.js';
import { accountOverviewReport } from './account-overview.report.js';
import { agedReport } from './aged.report.js';
import { balanceReport } from './balance.report.js';
import { currencyReport } from './currency.report.js';
import { invoicesReport } from './invoices.report.js';
import { offersReport, orderConfirmationsReport } from './offers.report.js';
import { openItemsReport } from './open-items.report.js';
import { participantsReport } from './participants.report.js';
import { paymentDetailsReport, paymentsOverviewReport } from './payments-more.report.js';
import { paymentsProductsExceptionsReport, paymentsProductsReport } from './payments-products.report.js';
import { paymentsReport } from './payments.report.js';
import { recipientsReport } from './recipients.report.js';
import { revenueDetailReport } from './revenue-detail.report.js';
import { revenueCustomerReport, revenueOverviewReport, revenuePeriodReport } from './revenue.report.js';
import { salesLedgerReport } from './sales-ledger.report.js';
import { vatReport } from './vat.report.js';
import { checkReportQuery, reportQuerySchema } from './report-query.js';
import { runReport, STREAMED } from './report.runner.js';
import type { Lang, ParamName, ReportDef, ReportFormat } from './report.types.js';
import { emailOps, emailReportFile } from './reports.email.js';
import { progressOps } from './report-progress.js';

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

/** The path parameters of a report's operations: `{number}` where its resource has one, none otherwise. */
type PathOf<R extends string> = R extends `${string}{number}${string}` ? typeof NumberPath : undefined;
const pathOf = <R extends string>(def: ReportDef<R>) => (def.resource.includes('{number}') ? NumberPath : undefined) as PathOf<R>;

/** `GET /reports/{resource}/availableColumns`: the report's column descriptors (2.11) in the UI language or `lang`. */
function columnsOp<const N extends string, R extends string, P extends ParamName>(name: N, def: ReportDef<R, P>) {
  return defineOp({
    name,
    method: 'GET',
    path: `/reports/${def.resource}/availableColumns`,
    summary: `Column descriptors (2.11) of the ${def.title.en.toLowerCase()} report`,
    params: pathOf(def),
    query: LangQuery,
    output: Type.Array(ColumnDescriptor),
    run: async ({ query }, ctx) => columnDescriptors(def, await uiLang(ctx, query.lang)),
  });
}

/** `GET /reports/{resource}`: the report's file; its query is the common part and the report's own parameters. */
function fileOp<const N extends string, R extends string, P extends ParamName>(name: N, def: ReportDef<R, P>) {
  return defineOp({
    name,
    method: 'GET',
    path: `/reports/${def.resource}`,
    summary: `${def.title.en} report (${def.formats.join(', ')}); ${def.availableColumns === false ? 'format is required; columns optional (all preselected)' : 'format and columns are required'}`,
    params: pathOf(def),
    query: reportQuerySchema(def),
    output: FileOf(...def.formats.map((f) => CONTENT_TYPES[f])),
    run: async ({ params, query }, ctx) => {
      const req = checkReportQuery(def, query as Record<string, unknown>, (params as { number?: number } | undefined)?.number, await uiLang(ctx, (query as { lang?: Lang }).lang));
      const result = await runReport(ctx, def, req);
      return req.email ? emailReportFile(ctx, def, result, req.email) : result;
    },
  });
}

/**
 * A report's operations, each name written out so that searching for one finds it (issue 24): its column descriptors
 * where it has them (the payment-per-product reports and the VAT return have none: spec, all columns preselected),
 * then its file. Typed like every operation: the query is the report's own parameters, a wrong name fails tsc.
 */
function reportOpsOf<const F extends string, R extends string, P extends ParamName>(def: ReportDef<R, P>, file: F): readonly [ReturnType<typeof fileOp<F, R, P>>];
function reportOpsOf<const F extends string, const C extends string, R extends string, P extends ParamName>(
  def: ReportDef<R, P>,
  file: F,
  columns: C,
): readonly [ReturnType<typeof columnsOp<C, R, P>>, ReturnType<typeof fileOp<F, R, P>>];
function reportOpsOf(def: ReportDef, file: string, columns?: string): readonly Op[] {
  if ((def.availableColumns !== false) !== (columns !== undefined)) throw new Error(`reports.ops.ts: the report ${def.resource} has availableColumns ${def.availableColumns !== false} but ${columns ? 'a' : 'no'} columns operation`);
  return columns ? [columnsOp(columns, def), fileOp(file, def)] : [fileOp(file, def)];
}

/** Every report of the registry, in its order, with its operation names. */
const perReportOps = [
  ...reportOpsOf(invoicesReport, 'reports.invoices', 'reports.invoicesColumns'),
  ...reportOpsOf(recipientsReport, 'reports.recipients', 'reports.recipientsColumns'),
  ...reportOpsOf(openItemsReport, 'reports.openItems', 'reports.openItemsColumns'),
  ...reportOpsOf(balanceReport, 'reports.recipientsBalance', 'reports.recipientsBalanceColumns'),
  ...reportOpsOf(agedReport, 'reports.recipientsBalanceAged', 'reports.recipientsBalanceAgedColumns'),
  ...reportOpsOf(salesLedgerReport, 'reports.recipientsSalesledger', 'reports.recipientsSalesledgerColumns'),
  ...reportOpsOf(paymentsReport, 'reports.payments', 'reports.paymentsColumns'),
  ...reportOpsOf(participantsReport, 'reports.participants', 'reports.participantsColumns'),
  ...reportOpsOf(accountOverviewReport, 'reports.accountOverview', 'reports.accountOverviewColumns'),
  ...reportOpsOf(revenueOverviewReport, 'reports.revenueOverview', 'reports.revenueOverviewColumns'),
  ...reportOpsOf(revenueDetailReport, 'reports.revenueDetail', 'reports.revenueDetailColumns'),
  ...reportOpsOf(revenuePeriodReport, 'reports.revenuePeriod', 'reports.revenuePeriodColumns'),
  ...reportOpsOf(revenueCustomerReport, 'reports.revenueCustomer', 'reports.revenueCustomerColumns'),
  ...reportOpsOf(offersReport, 'reports.offers', 'reports.offersColumns'),
  ...reportOpsOf(orderConfirmationsReport, 'reports.orderConfirmations', 'reports.orderConfirmationsColumns'),
  ...reportOpsOf(paymentsOverviewReport, 'reports.paymentsOverview', 'reports.paymentsOverviewColumns'),
  ...reportOpsOf(paymentDetailsReport, 'reports.paymentsDetails', 'reports.paymentsDetailsColumns'),
  ...reportOpsOf(currencyReport, 'reports.currency', 'reports.currencyColumns'),
  ...reportOpsOf(paymentsProductsReport, 'reports.paymentsProducts'),
  ...reportOpsOf(paymentsProductsExceptionsReport, 'reports.paymentsProductsExceptions'),
  ...reportOpsOf(vatReport, 'reports.vat'),
] as const;

// The registry (GET /reports/, e-mail, the worker) and these operations list the same reports in the same order.
const fileOpPaths = perReportOps.filter((op) => !op.path.endsWith('/availableColumns')).map((op) => op.path);
if (fileOpPaths.join() !== reports.map((r) => `/reports/${r.resource}`).join()) throw new Error('reports.ops.ts: the report operations do not follow registry.ts');

/** The report operations; `as const` keeps each one's name and types for the typed client (op-table.ts OpTypesByName). */
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
        params: [...r.params],
        required: [...(r.required ?? [])],
        fixedColumns: r.availableColumns === false,
        columns: columnDescriptors(r, lang),
      }));
    },
  }),
  ...perReportOps,
  ...emailOps,
  ...progressOps,
] as const;
