/**
 * Decimal numbers from the API become integers of a fixed scale (øre, hundredths, thousandths) exactly once,
 * at the edge. Floating-point input such as 0.1 + 0.2 is rounded to the scale after checking it has no more
 * decimals than allowed.
 */

/** value * 10^decimals done on the number's shortest decimal form, so 1.005 shifts to 100.5 (not 100.49999999999999). */
function shift(value: number, decimals: number): number {
  // Whole numbers (most amounts and discounts) scale exactly by multiplication; others go through the decimal text.
  if (Number.isInteger(value) && Math.abs(value) < 1e12 && Number.isInteger(decimals) && decimals >= 0 && decimals <= 3) return value * 10 ** decimals;
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + decimals}`);
}

export function hasAtMostDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scaled = shift(value, decimals);
  // Tolerate only floating-point noise (0.1 + 0.2), never a real extra decimal (999.9899 has four).
  return Math.abs(scaled - Math.round(scaled)) <= 1e-9 + Math.abs(scaled) * 8 * Number.EPSILON;
}

/** Rounds half away from zero on the written decimal value: 1.005 -> 101 hundredths, -1.005 -> -101. */
export function toScaled(value: number, decimals: number): number {
  const scaled = shift(Math.abs(value), decimals);
  const rounded = Math.round(scaled);
  return (value < 0 ? -rounded : rounded) + 0;
}

/**
 * A scaled integer (øre, thousandths) as the decimal number it stands for: 12345 øre -> 123.45. For an integer (every
 * stored amount) the division alone is exact to the double nearest the written decimal, the same number that printing
 * and reading back gives, without making a string (lists call this for every amount of every line); + 0 turns -0 into
 * 0. Anything else is rounded to `decimals` through its decimal text.
 */
export function fromScaled(value: number, decimals: number): number {
  if (Number.isSafeInteger(value)) return value / 10 ** decimals + 0;
  return Number((value / 10 ** decimals).toFixed(decimals));
}

/** øre -> kroner as the API shows it (a number with at most two decimals). */
export const oreToKr = (ore: number) => fromScaled(ore, 2);
export const krToOre = (kr: number) => toScaled(kr, 2);
