/**
 * The account mapping behind the SAF-T file and the VAT return (issue 27): which account each kind of entry goes to, the
 * GroupingCategory/GroupingCode pair SAF-T Financial 1.30 requires on every account, and the standard tax code of each
 * VAT rate and category. Pure data and rules, no I/O.
 *
 * Sources (Skatteetaten, github.com/Skatteetaten/saf-t, kept in ../shared/saft for the tests, never copied here):
 * - the accounts follow the standard chart of accounts (General_Ledger_Standard_Accounts_4_character.csv, NS 4102);
 * - the grouping pairs are codes of the business statement (næringsspesifikasjon, naeringsspesifikasjon.csv); only the
 *   categories an invoicing program posts to are listed here, each with its codes;
 * - the tax codes are the standard tax codes (Standard_Tax_Codes.csv): 3/31/33 output VAT regular/middle/low rate,
 *   5 zero-rated domestic sales, 52 export, 6 turnover outside the VAT act, 7 no VAT treatment (income).
 * test/accounting/chart.test.ts reads the shared files and holds every default and grouping code here to them.
 */

/** The kinds of entry Kvitt posts, each to one account (Settings → Regnskap). */
export const ACCOUNT_KINDS = [
  'receivables',
  'bank',
  'salesRegular',
  'salesMiddle',
  'salesLow',
  'salesZeroRated',
  'salesExport',
  'salesExempt',
  'salesOutsideVat',
  'vatRegular',
  'vatMiddle',
  'vatLow',
  'reminderFees',
  'interestIncome',
  'losses',
  'exchangeGains',
  'exchangeLosses',
  'rounding',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export interface AccountMapping {
  account: string;
  groupingCategory: string;
  groupingCode: string;
}

/**
 * Grouping categories and codes an invoicing program posts to (næringsspesifikasjon, naeringsspesifikasjon.csv):
 * the receivable and bank (current assets), VAT (short-term debt), sales, other operating income, other operating
 * costs (losses, rounding), financial income and costs (interest, exchange differences).
 */
export const GROUPING_CODES: Record<string, readonly string[]> = {
  balanseverdiForOmloepsmiddel: ['1400', '1401', '1470', '1490', '1500', '1501', '1530', '1560', '1565', '1570', '1780', '1800', '1810', '1830', '1840', '1880', '1895', '1900', '1920', '1950'],
  kortsiktigGjeld: ['2310', '2320', '2330', '2380', '2400', '2460', '2470', '2500', '2510', '2600', '2740', '2770', '2790', '2800', '2900', '2910', '2920', '2949', '2950', '2970', '2980', '2981', '2990'],
  salgsinntekt: ['3000', '3001', '3002', '3003', '3004', '3005', '3006', '3007', '3008', '3100', '3200', '3300'],
  annenDriftsinntekt: ['3400', '3500', '3600', '3650', '3695', '3700', '3710', '3850', '3870', '3880', '3885', '3886', '3890', '3895', '3900', '3910'],
  annenDriftskostnad: ['7700', '7701', '7830', '7860', '7880', '7885', '7886', '7890', '7897'],
  finansinntekt: ['8005', '8030', '8050', '8054', '8059', '8060', '8074', '8075', '8079', '8080', '8090', '8091'],
  finanskostnad: ['8100', '8105', '8115', '8120', '8130', '8150', '8154', '8159', '8160', '8174', '8175', '8179'],
};

/** Which account class each kind must be in (the standard chart's numbering) and the grouping categories it may use. */
const KIND_RULES: Record<AccountKind, { pattern: RegExp; categories: string[] }> = {
  receivables: { pattern: /^15\d\d$/, categories: ['balanseverdiForOmloepsmiddel'] },
  bank: { pattern: /^19\d\d$/, categories: ['balanseverdiForOmloepsmiddel'] },
  salesRegular: { pattern: /^3\d\d\d$/, categories: ['salgsinntekt', 'annenDriftsinntekt'] },
  salesMiddle: { pattern: /^3\d\d\d$/, categories: ['salgsinntekt', 'annenDriftsinntekt'] },
  salesLow: { pattern: /^3\d\d\d$/, categories: ['salgsinntekt', 'annenDriftsinntekt'] },
  salesZeroRated: { pattern: /^3\d\d\d$/, categories: ['salgsinntekt', 'annenDriftsinntekt'] },
  salesExport: { pattern: /^3\d\d\d$/, categories: ['salgsinntekt', 'annenDriftsinntekt'] },
  salesExempt: { pattern: /^3\d\d\d$/, categories: ['salgsinntekt', 'annenDriftsinntekt'] },
  salesOutsideVat: { pattern: /^3\d\d\d$/, categories: ['salgsinntekt', 'annenDriftsinntekt'] },
  vatRegular: { pattern: /^27\d\d$/, categories: ['kortsiktigGjeld'] },
  vatMiddle: { pattern: /^27\d\d$/, categories: ['kortsiktigGjeld'] },
  vatLow: { pattern: /^27\d\d$/, categories: ['kortsiktigGjeld'] },
  reminderFees: { pattern: /^(3\d\d\d|80\d\d)$/, categories: ['annenDriftsinntekt', 'finansinntekt', 'salgsinntekt'] },
  interestIncome: { pattern: /^80\d\d$/, categories: ['finansinntekt'] },
  losses: { pattern: /^78\d\d$/, categories: ['annenDriftskostnad'] },
  exchangeGains: { pattern: /^80\d\d$/, categories: ['finansinntekt'] },
  exchangeLosses: { pattern: /^81\d\d$/, categories: ['finanskostnad'] },
  rounding: { pattern: /^(77\d\d|80\d\d|81\d\d)$/, categories: ['annenDriftskostnad', 'finansinntekt', 'finanskostnad'] },
};

/**
 * The default account of each kind, chosen as an accountant would (docs/accounting.md says why):
 * - customers 1500 Kundefordringer, bank 1920 Bankinnskudd;
 * - sales by VAT treatment, because the VAT return and the auditor read them apart: 3000 regular rate (25 %), 3030
 *   middle rate (15 %, food), 3050 low rate (12 %: passenger transport, cinema, hotel), 3100 zero-rated domestic
 *   (fritatt, e.g. newspapers), 3105 export (utførsel, a buyer abroad), 3200 exempt (unntatt: health, education,
 *   financial services), 3200 too for sales of a business outside the VAT register;
 * - output VAT 2700 regular, 2701 middle, 2703 low rate (the chart's own accounts per rate);
 * - reminder fees 3900 Annen driftsrelatert inntekt (compensation for the dunning work, no VAT), late interest 8055
 *   Renteinntekt kundefordringer, losses 7830 Tap på fordringer, exchange 8060 agio / 8160 disagio, rounding 7740
 *   Øresavrunding.
 */
export const DEFAULT_ACCOUNTS: Record<AccountKind, AccountMapping> = {
  receivables: { account: '1500', groupingCategory: 'balanseverdiForOmloepsmiddel', groupingCode: '1500' },
  bank: { account: '1920', groupingCategory: 'balanseverdiForOmloepsmiddel', groupingCode: '1920' },
  salesRegular: { account: '3000', groupingCategory: 'salgsinntekt', groupingCode: '3000' },
  salesMiddle: { account: '3030', groupingCategory: 'salgsinntekt', groupingCode: '3000' },
  salesLow: { account: '3050', groupingCategory: 'salgsinntekt', groupingCode: '3000' },
  salesZeroRated: { account: '3100', groupingCategory: 'salgsinntekt', groupingCode: '3100' },
  salesExport: { account: '3105', groupingCategory: 'salgsinntekt', groupingCode: '3100' },
  salesExempt: { account: '3200', groupingCategory: 'salgsinntekt', groupingCode: '3200' },
  salesOutsideVat: { account: '3200', groupingCategory: 'salgsinntekt', groupingCode: '3200' },
  vatRegular: { account: '2700', groupingCategory: 'kortsiktigGjeld', groupingCode: '2740' },
  vatMiddle: { account: '2701', groupingCategory: 'kortsiktigGjeld', groupingCode: '2740' },
  vatLow: { account: '2703', groupingCategory: 'kortsiktigGjeld', groupingCode: '2740' },
  reminderFees: { account: '3900', groupingCategory: 'annenDriftsinntekt', groupingCode: '3900' },
  interestIncome: { account: '8055', groupingCategory: 'finansinntekt', groupingCode: '8050' },
  losses: { account: '7830', groupingCategory: 'annenDriftskostnad', groupingCode: '7830' },
  exchangeGains: { account: '8060', groupingCategory: 'finansinntekt', groupingCode: '8060' },
  exchangeLosses: { account: '8160', groupingCategory: 'finanskostnad', groupingCode: '8160' },
  rounding: { account: '7740', groupingCategory: 'annenDriftskostnad', groupingCode: '7700' },
};

/** The grouping an account number gets when only the number is given (the business statement line it belongs on). */
export function defaultGrouping(account: string): { groupingCategory: string; groupingCode: string } | null {
  const n = Number(account);
  if (!/^\d{4}$/.test(account)) return null;
  if (n >= 1500 && n < 1530) return { groupingCategory: 'balanseverdiForOmloepsmiddel', groupingCode: '1500' };
  if (n >= 1570 && n < 1600) return { groupingCategory: 'balanseverdiForOmloepsmiddel', groupingCode: '1570' };
  if (n >= 1900 && n < 1920) return { groupingCategory: 'balanseverdiForOmloepsmiddel', groupingCode: '1900' };
  if (n >= 1920 && n < 1950) return { groupingCategory: 'balanseverdiForOmloepsmiddel', groupingCode: '1920' };
  if (n >= 2700 && n < 2760) return { groupingCategory: 'kortsiktigGjeld', groupingCode: '2740' };
  if (n >= 3000 && n < 3100) return { groupingCategory: 'salgsinntekt', groupingCode: '3000' };
  if (n >= 3100 && n < 3200) return { groupingCategory: 'salgsinntekt', groupingCode: '3100' };
  if (n >= 3200 && n < 3300) return { groupingCategory: 'salgsinntekt', groupingCode: '3200' };
  if (n >= 3600 && n < 3700) return { groupingCategory: 'annenDriftsinntekt', groupingCode: '3600' };
  if (n >= 3700 && n < 3800) return { groupingCategory: 'annenDriftsinntekt', groupingCode: '3700' };
  if (n >= 3900 && n < 4000) return { groupingCategory: 'annenDriftsinntekt', groupingCode: '3900' };
  if (n >= 7700 && n < 7800) return { groupingCategory: 'annenDriftskostnad', groupingCode: '7700' };
  if (n >= 7800 && n < 7900) return { groupingCategory: 'annenDriftskostnad', groupingCode: '7830' };
  if (n >= 8040 && n < 8060) return { groupingCategory: 'finansinntekt', groupingCode: '8050' };
  if (n >= 8060 && n < 8070) return { groupingCategory: 'finansinntekt', groupingCode: '8060' };
  if (n >= 8070 && n < 8100) return { groupingCategory: 'finansinntekt', groupingCode: '8079' };
  if (n >= 8150 && n < 8160) return { groupingCategory: 'finanskostnad', groupingCode: '8150' };
  if (n >= 8160 && n < 8170) return { groupingCategory: 'finanskostnad', groupingCode: '8160' };
  if (n >= 8170 && n < 8200) return { groupingCategory: 'finanskostnad', groupingCode: '8179' };
  return null;
}

export type MappingProblem = 'ACCOUNT_CLASS' | 'GROUPING_CATEGORY' | 'GROUPING_CODE' | 'GROUPING_REQUIRED';

/** What is wrong with an account mapping for a kind, field by field (none: fine). */
export function mappingProblems(kind: AccountKind, m: AccountMapping): Array<{ field: keyof AccountMapping; problem: MappingProblem }> {
  const rule = KIND_RULES[kind];
  const out: Array<{ field: keyof AccountMapping; problem: MappingProblem }> = [];
  if (!rule.pattern.test(m.account)) out.push({ field: 'account', problem: 'ACCOUNT_CLASS' });
  if (!rule.categories.includes(m.groupingCategory)) out.push({ field: 'groupingCategory', problem: 'GROUPING_CATEGORY' });
  else if (!GROUPING_CODES[m.groupingCategory]?.includes(m.groupingCode)) out.push({ field: 'groupingCode', problem: 'GROUPING_CODE' });
  return out;
}

/** The account classes and grouping categories a kind accepts, for error messages. */
export function kindRule(kind: AccountKind): { accounts: string; categories: string } {
  const r = KIND_RULES[kind];
  return { accounts: r.pattern.source.replace(/[\^$()]/g, '').replace(/\\d/g, 'x'), categories: r.categories.join(', ') };
}

/* ---- VAT: standard tax codes ---- */

export interface TaxCodeInfo {
  /** Kvitt's own TaxCode in the file (equal to the standard code: nothing to map). */
  code: string;
  standard: string;
  /** Percentage as written in SAF-T (25, 15, 12, 0). */
  percent: number;
  nb: string;
  en: string;
  /** The sales account kind and, when VAT is charged, the VAT account kind. */
  sales: AccountKind;
  vat: AccountKind | null;
}

export const TAX_CODES: Record<string, TaxCodeInfo> = {
  '3': { code: '3', standard: '3', percent: 25, nb: 'Utgående mva, alminnelig sats', en: 'Output VAT, regular rate', sales: 'salesRegular', vat: 'vatRegular' },
  '31': { code: '31', standard: '31', percent: 15, nb: 'Utgående mva, middels sats', en: 'Output VAT, middle rate', sales: 'salesMiddle', vat: 'vatMiddle' },
  '33': { code: '33', standard: '33', percent: 12, nb: 'Utgående mva, lav sats', en: 'Output VAT, low rate', sales: 'salesLow', vat: 'vatLow' },
  '5': { code: '5', standard: '5', percent: 0, nb: 'Innenlands omsetning fritatt for mva', en: 'Zero-rated domestic sales', sales: 'salesZeroRated', vat: null },
  '52': { code: '52', standard: '52', percent: 0, nb: 'Utførsel av varer og tjenester', en: 'Export of goods and services', sales: 'salesExport', vat: null },
  '6': { code: '6', standard: '6', percent: 0, nb: 'Omsetning utenfor merverdiavgiftsloven', en: 'Turnover outside the VAT act', sales: 'salesExempt', vat: null },
  '7': { code: '7', standard: '7', percent: 0, nb: 'Ingen mva-behandling (inntekter)', en: 'No VAT treatment (income)', sales: 'salesOutsideVat', vat: null },
};

/**
 * The standard tax code of a document line: VAT category S by rate (25 → 3, 15 → 31, 12 → 33), Z zero-rated (5, or 52
 * when the buyer is abroad: export), E exempt (6: unntatt, outside the VAT act), O no VAT (7: a seller outside the VAT
 * register, or a line outside its scope).
 */
export function taxCodeOf(vatCategory: string, taxRateHundredths: number, buyerCountry: string): string {
  if (vatCategory === 'S') {
    if (taxRateHundredths === 1500) return '31';
    if (taxRateHundredths === 1200) return '33';
    if (taxRateHundredths === 2500) return '3';
  }
  if (vatCategory === 'S' || vatCategory === 'Z') return buyerCountry && buyerCountry !== 'NO' ? '52' : '5';
  if (vatCategory === 'E') return '6';
  return '7';
}

/**
 * The MVA-melding's post of each code for sales (skatteetaten.no, "Poster i mva-meldingen"): 3 → post 3 (innenlands
 * omsetning, alminnelig sats), 31 → post 4, 33 → post 5, 5 → post 6 (fritatt), 52 → post 8 (utførsel). 6 and 7 are
 * not part of the return (outside the VAT act) and are listed for completeness without a post.
 */
export const VAT_RETURN_POST: Record<string, number | null> = { '3': 3, '31': 4, '33': 5, '5': 6, '52': 8, '6': null, '7': null };
