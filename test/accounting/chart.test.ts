/**
 * The account mapping's defaults and grouping codes (main/domain/accounting.ts) held to Skatteetaten's own files: every
 * default account is in the standard chart, every grouping pair Kvitt knows is in the business statement, every tax
 * code is a standard tax code with the rate it claims.
 */
import { describe, expect, test } from 'vitest';
import { ACCOUNT_KINDS, DEFAULT_ACCOUNTS, GROUPING_CODES, TAX_CODES, defaultGrouping, mappingProblems, taxCodeOf } from '../../main/domain/accounting.js';
import { groupingPairs, standardAccounts, standardTaxCodes } from './shared-saft.js';

describe('account mapping against the standard chart and the business statement', () => {
  const chart = standardAccounts();
  const pairs = groupingPairs();

  test('every default account is in the standard chart, with a grouping pair of the business statement that fits its kind', () => {
    for (const kind of ACCOUNT_KINDS) {
      const m = DEFAULT_ACCOUNTS[kind];
      expect(chart.has(m.account), `${kind} ${m.account}`).toBe(true);
      expect(pairs.has(`${m.groupingCategory}:${m.groupingCode}`), `${kind} ${m.groupingCategory}:${m.groupingCode}`).toBe(true);
      expect(mappingProblems(kind, m)).toEqual([]);
    }
    expect(chart.get(DEFAULT_ACCOUNTS.receivables.account)).toBe('Kundefordringer');
    expect(chart.get(DEFAULT_ACCOUNTS.salesExport.account)).toMatch(/utførsel/);
    expect(chart.get(DEFAULT_ACCOUNTS.rounding.account)).toBe('Øresavrunding');
  });

  test('every grouping code Kvitt accepts is a code of its category', () => {
    for (const [category, codes] of Object.entries(GROUPING_CODES)) for (const code of codes) expect(pairs.has(`${category}:${code}`), `${category}:${code}`).toBe(true);
  });

  test('the grouping given to a bare account number is a pair of the business statement', () => {
    for (const account of chart.keys()) {
      const g = defaultGrouping(account);
      if (g) expect(pairs.has(`${g.groupingCategory}:${g.groupingCode}`), account).toBe(true);
    }
  });

  test('every tax code is a standard tax code with the rate it is written with', () => {
    const std = standardTaxCodes();
    const rateText: Record<number, RegExp> = { 25: /Regular/, 15: /middle/, 12: /low/, 0: /Zero|^$/ };
    for (const t of Object.values(TAX_CODES)) {
      expect(std.has(t.standard), t.code).toBe(true);
      expect(std.get(t.standard)).toMatch(rateText[t.percent]);
    }
    expect([taxCodeOf('S', 2500, 'NO'), taxCodeOf('S', 1500, 'NO'), taxCodeOf('S', 1200, 'NO'), taxCodeOf('Z', 0, 'NO'), taxCodeOf('Z', 0, 'SE'), taxCodeOf('E', 0, 'NO'), taxCodeOf('O', 0, 'NO')]).toEqual(['3', '31', '33', '5', '52', '6', '7']);
  });
});
