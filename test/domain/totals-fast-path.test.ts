import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { lineNet, lineNetBig, toNok, toNokBig, vatOf, vatOfBig } from '../../main/domain/totals.js';

// main/domain/totals.ts computes in plain numbers when every product provably stays within Number.MAX_SAFE_INTEGER and
// in BigInt otherwise. The two must agree on every input: same øre, same rounding (half away from zero, negatives
// symmetric), never -0, the same error (RangeError) where BigInt refuses.

const MAX = Number.MAX_SAFE_INTEGER;
const RATES = [0, 600, 1100, 1200, 1500, 2500];

/** What a call gives: its value, or the error's class (BigInt refuses fractions with RangeError, toNum too). */
function outcome(f: () => number): unknown {
  try {
    const v = f();
    return Object.is(v, -0) ? '-0' : v;
  } catch (e) {
    return (e as Error).constructor.name;
  }
}

const quantity = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -1e12, max: 1e12 }));
const price = fc.oneof(fc.integer({ min: -100_000_00, max: 100_000_00 }), fc.integer({ min: -1e13, max: 1e13 }));
const discount = fc.oneof(fc.constantFrom(0, 1250, 5000, 9999, 10_000), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: -20_000, max: 20_000 }));
const rate = fc.oneof(fc.constantFrom(...RATES), fc.integer({ min: 0, max: 10_000 }));
const exchange = fc.oneof(fc.constant(1_000_000), fc.integer({ min: 1, max: 50_000_000 }), fc.integer({ min: 1, max: 1e12 }));
const base = fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -MAX, max: MAX }));

describe('totals: the plain-number path equals the BigInt path', () => {
  test('lineNet on random lines (quantities in thousandths, prices in øre incl. negatives, discounts in hundredths)', () => {
    fc.assert(
      fc.property(quantity, price, discount, (q, p, d) => {
        expect(outcome(() => lineNet(q, p, d))).toEqual(outcome(() => lineNetBig(q, p, d)));
      }),
      { numRuns: 20_000 },
    );
  });

  test('vatOf on random bases at every rate', () => {
    fc.assert(
      fc.property(base, rate, (b, r) => {
        expect(outcome(() => vatOf(b, r))).toEqual(outcome(() => vatOfBig(b, r)));
      }),
      { numRuns: 20_000 },
    );
  });

  test('toNok on random amounts and rates of exchange', () => {
    fc.assert(
      fc.property(base, exchange, (o, x) => {
        expect(outcome(() => toNok(o, x))).toEqual(outcome(() => toNokBig(o, x)));
      }),
      { numRuns: 20_000 },
    );
  });

  test('half-way cases round away from zero on both paths, negatives symmetric', () => {
    // q x p x (10000 - d) an odd multiple of 5_000_000: exactly half an øre
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), (k) => {
        const q = 2 * k + 1; // (2k + 1) thousandths x 1 øre less 50 %: (2k + 1) / 2000 øre; x 1000 below gives k + 0.5
        expect(outcome(() => lineNet(q * 1000, 1, 5000))).toEqual(outcome(() => lineNetBig(q * 1000, 1, 5000)));
        expect(lineNet(q * 1000, 1, 5000)).toBe(q > 0 ? k + 1 : k); // k + 0.5 away from zero
        expect(outcome(() => lineNet(q, 1, 5000))).toEqual(outcome(() => lineNetBig(q, 1, 5000)));
        expect(outcome(() => vatOf(2 * k + 1, 5000))).toEqual(outcome(() => vatOfBig(2 * k + 1, 5000)));
        expect(outcome(() => toNok(2 * k + 1, 500_000))).toEqual(outcome(() => toNokBig(2 * k + 1, 500_000)));
      }),
    );
    expect(vatOf(1, 5000)).toBe(1); // 0.5 -> 1
    expect(vatOf(-1, 5000)).toBe(-1); // -0.5 -> -1
    expect(toNok(-3, 500_000)).toBe(-2); // -1.5 -> -2
    expect(lineNet(1000, 1, 5000)).toBe(1); // 1 x 0.01 less 50 % = 0.005 -> 0.01
  });

  test('zero is never -0 (a negative amount rounding to nothing, a 100 % discount on a negative line)', () => {
    expect(Object.is(lineNet(-1, 1, 0), 0)).toBe(true);
    expect(Object.is(lineNet(-3000, 9999, 10_000), 0)).toBe(true);
    expect(Object.is(vatOf(-1, 2500), 0)).toBe(true);
    expect(Object.is(vatOf(-5, 0), 0)).toBe(true);
    expect(Object.is(toNok(-0, 1_000_000), 0)).toBe(true);
  });

  test('at the safe-integer bound: just below takes the plain path exactly, just above falls back to BigInt', () => {
    const cases: Array<[number, number]> = [];
    for (const b of [MAX, MAX - 1, MAX - 2, 2 ** 52, 2 ** 52 + 1, 2 ** 53, 2 ** 53 + 2, 1e16, 1e17]) for (const s of [1, -1]) cases.push([s * b, 1], [s * b, 2]);
    // base x rate around 2^53: floor and ceiling of 2^53 / rate
    for (const r of [...RATES.filter((x) => x > 0), 1, 9999, 10_000]) {
      const edge = Math.floor(MAX / r);
      for (const b of [edge - 1, edge, edge + 1, edge + 2]) for (const s of [1, -1]) cases.push([s * b, r]);
    }
    for (const [b, r] of cases) {
      expect(outcome(() => vatOf(b, r)), `vatOf(${b}, ${r})`).toEqual(outcome(() => vatOfBig(b, r)));
      expect(outcome(() => toNok(b, r)), `toNok(${b}, ${r})`).toEqual(outcome(() => toNokBig(b, r)));
    }
    // lineNet: q x p x (10000 - d) around 2^53
    for (const d of [0, 1, 1250, 9999, 10_000, -10_000]) {
      const c = 10_000 - d;
      for (const p of [1, 7, 99_999, 1_000_000_007, -123_456_789]) {
        const edge = c === 0 ? 1e15 : Math.floor(MAX / Math.abs(p * c));
        for (const q of [edge - 1, edge, edge + 1, edge + 2, -edge, -edge - 1]) {
          expect(outcome(() => lineNet(q, p, d)), `lineNet(${q}, ${p}, ${d})`).toEqual(outcome(() => lineNetBig(q, p, d)));
        }
      }
    }
    // products whose doubles round: 2^53 + 1 is not a double, the BigInt path must answer
    expect(lineNet(2 ** 27 + 1, 2 ** 26 + 1, 9_999)).toBe(lineNetBig(2 ** 27 + 1, 2 ** 26 + 1, 9_999));
    expect(vatOf(2 ** 51 + 1, 5)).toBe(vatOfBig(2 ** 51 + 1, 5));
  });

  test('fractions, NaN and infinities are refused as before (the BigInt path decides)', () => {
    for (const bad of [0.5, -1.25, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(outcome(() => lineNet(bad, 100, 0))).toEqual(outcome(() => lineNetBig(bad, 100, 0)));
      expect(outcome(() => lineNet(1000, bad, 0))).toEqual(outcome(() => lineNetBig(1000, bad, 0)));
      expect(outcome(() => vatOf(bad, 2500))).toEqual(outcome(() => vatOfBig(bad, 2500)));
      expect(outcome(() => toNok(100, bad))).toEqual(outcome(() => toNokBig(100, bad)));
    }
    expect(() => lineNet(0.5, 100, 0)).toThrow(RangeError);
  });
});

// computeTotals only composes lineNet, vatOf and toNok (sums of their results): with each equal to its BigInt form on
// every input above, whole documents are too; test/domain/totals.test.ts keeps its worked examples.
