/**
 * The VAT return summary (MVA-melding, issue 27): `GET /reports/vat?year=2026&term=6` (terms 1–6 of two months, or
 * `term=year` for annual filers; without `term` the setting accounting.vatTerm decides: annual filers get the year,
 * bimonthly filers must name the term). One line per standard tax code used in the term with the return's post, the
 * base and the output VAT in NOK (credit notes lower them), then the VAT to pay. Kvitt knows only sales: the input VAT
 * of purchases is the accountant's, so "to pay" is the output VAT before deductions.
 */
import { TAX_CODES, VAT_RETURN_POST } from '../../domain/accounting.js';
import { FileResult } from '../../ops/define.js';
import { fieldError, validationError } from '../../ops/errors.js';
import { formatDate } from '../../render/format.js';
import { renderStatementPdf } from '../../render/pdf/statement-pdf.js';
import type { ReportRow } from '../../render/report/report-table.js';
import { termDates, vatSummary, type Term } from '../accounting/index.js';
import { getSettings } from '../settings/index.js';
import type { AppContext } from '../../context.js';
import { defineReport, type Lang, type ReportParams, type ReportRequest } from './report.types.js';

const TERM_NAMES: Record<Lang, string[]> = {
  nb: ['januar–februar', 'mars–april', 'mai–juni', 'juli–august', 'september–oktober', 'november–desember'],
  en: ['January–February', 'March–April', 'May–June', 'July–August', 'September–October', 'November–December'],
};

async function termOf(ctx: AppContext, p: ReportParams): Promise<Term> {
  if (p.term !== undefined) return p.term;
  return (await getSettings(ctx)).accounting.vatTerm === 'ANNUAL' ? 'year' : 0;
}

async function vatRows(ctx: AppContext, p: ReportParams, lang: Lang): Promise<ReportRow[]> {
  const term = await termOf(ctx, p);
  const { from, to } = termDates(p.year!, term);
  const sums = await vatSummary(ctx.db, from, to);
  const rows: ReportRow[] = sums.map((s) => ({
    post: VAT_RETURN_POST[s.code],
    taxCode: s.code,
    description: lang === 'nb' ? TAX_CODES[s.code].nb : TAX_CODES[s.code].en,
    rate: TAX_CODES[s.code].percent,
    base: s.base,
    vat: s.vat,
  }));
  const toPay = sums.reduce((a, s) => a + s.vat, 0);
  rows.push({ post: 11, taxCode: null, description: lang === 'nb' ? 'Sum utgående merverdiavgift å betale (før fradrag for inngående avgift)' : 'Output VAT to pay (before deducting input VAT)', rate: null, base: null, vat: toPay });
  return rows;
}

const periodText = (p: ReportParams, term: Term, lang: Lang) =>
  term === 'year' ? `${lang === 'nb' ? 'År' : 'Year'} ${p.year}` : `${lang === 'nb' ? 'Termin' : 'Term'} ${term} ${p.year} (${TERM_NAMES[lang][term - 1]})`;

async function vatPdf(ctx: AppContext, req: ReportRequest): Promise<FileResult> {
  const term = await termOf(ctx, req.params);
  const { from, to } = termDates(req.params.year!, term);
  const settings = await getSettings(ctx);
  const data = await renderStatementPdf({
    title: vatReport.title[req.lang],
    company: [settings.company.name, settings.company.orgNumber ? `${req.lang === 'nb' ? 'Org.nr.' : 'Org. no.'} ${settings.company.orgNumber}` : ''].filter(Boolean).join(', '),
    period: `${periodText(req.params, term, req.lang)}: ${formatDate(from)} – ${formatDate(to)}`,
    columns: vatReport.columns.filter((c) => req.columns.includes(c.key)).map((c) => ({ key: c.key, label: c[req.lang], type: c.type, sum: c.sum })),
    rows: await vatRows(ctx, req.params, req.lang),
    totals: {},
  });
  return new FileResult('application/pdf', `mva-${req.params.year}-${term === 'year' ? 'aar' : `termin-${term}`}.pdf`, data);
}

export const vatReport = defineReport({
  resource: 'vat',
  group: 'accounting',
  title: { nb: 'Mva-melding (utgående avgift)', en: 'VAT return (output VAT)' },
  filename: 'mva-melding',
  formats: ['JSON', 'XLS', 'CSV', 'PDF'],
  params: ['year', 'term'],
  required: ['year'],
  availableColumns: false,
  columns: [
    { key: 'post', nb: 'Post', en: 'Post', type: 'number', preselected: true },
    { key: 'taxCode', nb: 'Mva-kode', en: 'Tax code', type: 'text', preselected: true },
    { key: 'description', nb: 'Beskrivelse', en: 'Description', type: 'text', preselected: true },
    { key: 'rate', nb: 'Sats %', en: 'Rate %', type: 'number', preselected: true },
    { key: 'base', nb: 'Grunnlag', en: 'Base', type: 'money', preselected: true, sum: false },
    { key: 'vat', nb: 'Merverdiavgift', en: 'VAT', type: 'money', preselected: true, sum: false },
  ],
  async check(ctx, p) {
    if ((await termOf(ctx, p)) === 0) throw validationError([fieldError('term', 'REQUIRED_FOR_REPORT')]);
  },
  async *rows(ctx, p, req) {
    yield await vatRows(ctx, p, req.lang);
  },
  pdf: vatPdf,
});
