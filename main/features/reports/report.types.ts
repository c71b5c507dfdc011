/**
 * The report interface (spec 4.8): a report is one `<name>.report.ts` file exporting a ReportDef and registered with one
 * line in registry.ts. Columns carry keys, nb/en labels, a type and whether they are preselected; rows come from SQL in
 * chunks (an async iterator of row arrays), never the whole table at once. Money values are integer øre.
 */
import type { AppContext } from '../../context.js';
import type { ColumnType, ReportRow, ReportTable, TableColumn } from '../../render/report/report-table.js';
import type { FileResult } from '../../ops/define.js';

export type ReportFormat = 'JSON' | 'XLS' | 'CSV' | 'PDF' | 'EHF';
export type Lang = 'nb' | 'en';
export type ReportGroup = 'sales' | 'ledger' | 'payments' | 'customers' | 'accounting';

/** The query parameters of spec 4.8 that a report may take. */
export type ParamName =
  | 'from' | 'to' | 'recipientNumber' | 'invoiceNumber' | 'invoiceNumberFrom' | 'invoiceNumberTo' | 'productCode' | 'paid'
  | 'labelNumber' | 'intervals' | 'eventNumber' | 'year' | 'term';

/** `paid` on the invoices report: `true`/`PAID` settled in full, `false`/`UNPAID` with an open balance, `LOST` written off. */
export type PaidFilter = 'PAID' | 'UNPAID' | 'LOST';

export interface ReportParams {
  from?: string;
  to?: string;
  recipientNumber?: number;
  invoiceNumber?: number;
  invoiceNumberFrom?: number;
  invoiceNumberTo?: number;
  productCode?: string;
  paid?: PaidFilter;
  /** undefined: all recipients; -1: recipients in no label; n: recipients with label n (rule 1). */
  labelNumber?: number;
  intervals?: number[];
  eventNumber?: number;
  /** The VAT return (issue 27): the year and the term, 1–6 (two months each) or 'year'. */
  year?: number;
  term?: number | 'year';
  /** The `{number}` of paths like recipients/{number}/salesledger. */
  number?: number;
}

export interface ReportColumn {
  key: string;
  nb: string;
  en: string;
  type: ColumnType;
  preselected?: boolean;
  /** false: a money column that is not summed (running balances). */
  sum?: boolean;
}

export interface ReportRequest {
  format: ReportFormat;
  /** Column keys as asked, in the asked order (validated). */
  columns: string[];
  params: ReportParams;
  lang: Lang;
  /** JSON only: items beyond this are counted and summed but not listed (the GUI preview). */
  maxRows?: number;
}

/**
 * A report: `R` its resource, `P` the parameters it takes. Written with `defineReport` so both stay literal types, from
 * which reports.ops.ts types each report's operations (their query is the report's own parameters).
 */
export interface ReportDef<R extends string = string, P extends ParamName = ParamName> {
  /** Path under /reports/, e.g. `invoices`, `recipients/balance`, `recipients/{number}/salesledger`. */
  resource: R;
  group: ReportGroup;
  title: { nb: string; en: string };
  /** Stem of downloaded file names, e.g. `fakturaer`. */
  filename: string;
  columns: ReportColumn[];
  formats: ReportFormat[];
  params: readonly P[];
  required?: readonly P[];
  /** False for the payment-per-product reports (spec: no availableColumns; all columns preselected). */
  availableColumns?: boolean;
  /** Checks beyond the common rules (e.g. 404 for an unknown path number); throws OpError. */
  check?(ctx: AppContext, p: ReportParams): Promise<void>;
  /** The asked columns as written (rule 2 expands CUSTOM_FIELDS, the aged report its intervals). Default: as declared. */
  tableColumns?(ctx: AppContext, req: ReportRequest): Promise<TableColumn[]>;
  rows(ctx: AppContext, p: ReportParams, req: ReportRequest): AsyncIterable<ReportRow[]>;
  /** How many rows `rows` gives (one SQL count), for a true progress bar on big reports. Optional. */
  count?(ctx: AppContext, p: ReportParams, req: ReportRequest): Promise<number>;
  /** Extra sheets that XLS holds besides the report itself (rule 3). */
  moreSheets?(ctx: AppContext, req: ReportRequest): Promise<ReportTable[]>;
  pdf?(ctx: AppContext, req: ReportRequest): Promise<FileResult>;
  ehf?(ctx: AppContext, req: ReportRequest): Promise<FileResult>;
}

/** A report as written in its `<name>.report.ts`, keeping its resource and parameter names as literal types. */
export const defineReport = <const R extends string, const P extends ParamName = never>(def: ReportDef<R, P>): ReportDef<R, P> => def;
