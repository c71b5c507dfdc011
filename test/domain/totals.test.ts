import { describe, expect, test } from 'vitest';
import { computeTotals, lineNet, roundDiv, toNok, vatOf, type LineAmountsInput } from '../../main/domain/totals.js';

const l = (quantityMilli: number, unitPriceOre: number, taxRateHundredths = 2500, discountHundredths = 0, vatCategory: LineAmountsInput['vatCategory'] = 'S'): LineAmountsInput => ({
  quantityMilli, unitPriceOre, taxRateHundredths, discountHundredths, vatCategory,
});

describe('rounding', () => {
  test('half away from zero, symmetric for negatives', () => {
    expect(roundDiv(5n, 10n)).toBe(1n);
    expect(roundDiv(4n, 10n)).toBe(0n);
    expect(roundDiv(-5n, 10n)).toBe(-1n);
    expect(roundDiv(-4n, 10n)).toBe(0n);
    expect(roundDiv(15n, 10n)).toBe(2n);
  });

  test('0.5 x 0.01 rounds to one øre (and -0.5 x 0.01 to minus one)', () => {
    expect(lineNet(500, 1, 0)).toBe(1);
    expect(lineNet(-500, 1, 0)).toBe(-1);
    expect(lineNet(400, 1, 0)).toBe(0);
  });

  test('a line is rounded once: 3 x 33.33 = 99.99, never 3 x a rounded share', () => {
    expect(lineNet(3000, 3333, 0)).toBe(9999);
    expect(lineNet(1333, 999, 0)).toBe(1332); // 1.333 x 9.99 = 13.31667 -> 13.32
  });

  test('discounts: 3 x 99.99 less 12.5 % = 262.47375 -> 262.47; 100 % gives 0', () => {
    expect(lineNet(3000, 9999, 1250)).toBe(26247);
    expect(lineNet(3000, 9999, 10000)).toBe(0);
    expect(lineNet(1000, 1, 5000)).toBe(1); // 0.005 -> 0.01
  });

  test('VAT of an amount is rounded once', () => {
    expect(vatOf(9999, 2500)).toBe(2500); // 24.9975 -> 25.00
    expect(vatOf(1, 1500)).toBe(0);
    expect(vatOf(10, 1500)).toBe(2); // 0.015 -> 0.02
  });

  test('large amounts stay exact (BigInt inside)', () => {
    // 100 000 x 99 999 999.99
    expect(lineNet(100_000_000, 9_999_999_999, 0)).toBe(999_999_999_900_000);
    expect(() => lineNet(999_999_999, 9_999_999_999, 0)).toThrow(RangeError);
  });
});

describe('document totals', () => {
  test('3 x 33.33 with 25 % VAT: net 99.99, VAT 25.00, total 124.99', () => {
    const t = computeTotals([l(3000, 3333)]);
    expect(t.netOre).toBe(9999);
    expect(t.taxOre).toBe(2500);
    expect(t.totalOre).toBe(12499);
    expect(t.lines[0]).toEqual({ netOre: 9999, taxOre: 2500, totalOre: 12499 });
  });

  test('VAT per rate from the sum of rounded line nets, not the sum of line VAT', () => {
    // three lines of 0.02 at 25 %: each line's VAT 0.005 -> 0.01 (sum 0.03); the rate's VAT: 0.06 x 25 % = 0.015 -> 0.02
    const t = computeTotals([l(1000, 2), l(1000, 2), l(1000, 2)]);
    expect(t.lines.map((x) => x.taxOre)).toEqual([1, 1, 1]);
    expect(t.vat).toHaveLength(1);
    expect(t.vat[0]).toMatchObject({ taxRateHundredths: 2500, baseOre: 6, taxOre: 2 });
    expect(t.taxOre).toBe(2);
    expect(t.totalOre).toBe(8);
  });

  test('several rates, zero-rated and exempt lines each get their own group, sorted by rate', () => {
    const t = computeTotals([
      l(7500, 125000), // 9375.00 at 25 %
      l(12000, 8950, 1500, 1000), // 12 x 89.50 less 10 % = 966.60 at 15 %
      l(2000, 19900, 1200), // 398.00 at 12 %
      l(3000, 4500, 0, 0, 'Z'), // 135.00 zero-rated
      { ...l(1000, 350000, 0, 0, 'E'), exemptionReason: 'Utleie av fast eiendom' }, // 3500.00 exempt
      l(500, 19900), // 99.50 at 25 %
    ]);
    expect(t.vat.map((g) => [g.vatCategory, g.taxRateHundredths, g.baseOre, g.taxOre])).toEqual([
      ['S', 2500, 947450, 236863], // 9474.50 x 25 % = 2368.625 -> 2368.63
      ['S', 1500, 96660, 14499], // 966.60 x 15 % = 144.99
      ['S', 1200, 39800, 4776],
      ['E', 0, 350000, 0],
      ['Z', 0, 13500, 0],
    ]);
    expect(t.vat.find((g) => g.vatCategory === 'E')!.exemptionReason).toBe('Utleie av fast eiendom');
    expect(t.netOre).toBe(947450 + 96660 + 39800 + 350000 + 13500);
    expect(t.taxOre).toBe(236863 + 14499 + 4776);
    expect(t.totalOre).toBe(t.netOre + t.taxOre);
    // NOK: identical at rate 1
    expect(t.taxNokOre).toBe(t.taxOre);
    expect(t.totalNokOre).toBe(t.totalOre);
  });

  test('foreign currency: VAT in NOK from each rate base converted and rounded', () => {
    const rate = 11_724_500; // 11.7245 NOK per EUR
    const t = computeTotals([l(1000, 120000), l(1500, 95000, 2500, 1250), l(2000, 4250, 1500)], rate);
    // 1200.00 + 1246.88 (1.5 x 950 less 12.5 % = 1246.875) at 25 %, 85.00 at 15 %
    expect(t.vat[0].baseOre).toBe(244688);
    expect(t.vat[0].baseNokOre).toBe(toNok(244688, rate)); // 28688.44
    expect(t.vat[0].baseNokOre).toBe(2868844);
    expect(t.vat[0].taxNokOre).toBe(717211); // 28688.44 x 25 % = 7172.11
    expect(t.vat[1].baseNokOre).toBe(99658); // 85 x 11.7245 = 996.5825 -> 996.58
    expect(t.vat[1].taxNokOre).toBe(14949); // 149.487 -> 149.49
    expect(t.taxNokOre).toBe(717211 + 14949);
  });

  test('an empty document is all zero', () => {
    expect(computeTotals([])).toMatchObject({ netOre: 0, taxOre: 0, totalOre: 0, vat: [] });
  });
});
