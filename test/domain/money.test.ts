import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { fromScaled, hasAtMostDecimals, krToOre, oreToKr, toScaled } from '../../main/domain/money.js';

describe('hasAtMostDecimals', () => {
  test('accepts values with at most the allowed decimals, floating-point noise included', () => {
    expect(hasAtMostDecimals(12.5, 2)).toBe(true);
    expect(hasAtMostDecimals(999.99, 2)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(true);
    expect(hasAtMostDecimals(0, 2)).toBe(true);
    expect(hasAtMostDecimals(1000, 0)).toBe(true);
    expect(hasAtMostDecimals(-3.25, 2)).toBe(true);
    expect(hasAtMostDecimals(1e21, 2)).toBe(true);
  });
  test('rejects a real extra decimal, also near the top of decimal(5,2)', () => {
    expect(hasAtMostDecimals(1.005, 2)).toBe(false);
    expect(hasAtMostDecimals(1.234, 2)).toBe(false);
    expect(hasAtMostDecimals(999.9899, 2)).toBe(false);
    expect(hasAtMostDecimals(999.999, 2)).toBe(false);
    expect(hasAtMostDecimals(0.5, 0)).toBe(false);
    expect(hasAtMostDecimals(1e-7, 2)).toBe(false);
  });
  test('rejects NaN and infinities', () => {
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
    expect(hasAtMostDecimals(Number.POSITIVE_INFINITY, 2)).toBe(false);
  });
});

describe('toScaled / fromScaled', () => {
  test('exact scaling of typical values', () => {
    expect(toScaled(0.1 + 0.2, 2)).toBe(30);
    expect(toScaled(999.99, 2)).toBe(99999);
    expect(toScaled(12.5, 2)).toBe(1250);
    expect(krToOre(19.99)).toBe(1999);
    expect(krToOre(1234567.89)).toBe(123456789);
  });
  test('rounds the written decimal half away from zero (1.005 -> 1.01)', () => {
    expect(toScaled(1.005, 2)).toBe(101);
    expect(toScaled(-1.005, 2)).toBe(-101);
    expect(toScaled(2.675, 2)).toBe(268);
    expect(toScaled(1.004, 2)).toBe(100);
    expect(Object.is(toScaled(-0.001, 2), 0)).toBe(true);
  });
  test('back to numbers with two decimals', () => {
    expect(fromScaled(99999, 2)).toBe(999.99);
    expect(oreToKr(30)).toBe(0.3);
    expect(oreToKr(-101)).toBe(-1.01);
  });
  test('property: øre -> kr -> øre is the identity and accepted as 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (ore) => {
        const kr = oreToKr(ore);
        return hasAtMostDecimals(kr, 2) && krToOre(kr) === ore;
      }),
      { numRuns: 5000 },
    );
  });
  test('property: a sum of two-decimal amounts scales to the sum of the øre', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 30 }), (ores) => {
        const kr = ores.reduce((s, o) => s + o / 100, 0);
        return hasAtMostDecimals(kr, 2) && krToOre(kr) === ores.reduce((a, b) => a + b, 0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('fromScaled on stored integers (the lists call it for every amount)', () => {
  test('the same number as printing with the decimals and reading back, never -0', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), fc.constantFrom(0, 2, 3, 6), (v, d) => {
        const viaText = Number((v / 10 ** d).toFixed(d));
        expect(Object.is(fromScaled(v, d), viaText)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    expect(Object.is(fromScaled(-0, 2), 0)).toBe(true);
    expect(fromScaled(12345, 2)).toBe(123.45);
    expect(fromScaled(-5, 2)).toBe(-0.05);
  });
});
