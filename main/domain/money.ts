/**
 * Decimal numbers from the API become integers of a fixed scale (øre, hundredths, thousandths) exactly once,
 * at the edge. Floating-point input such as 0.1 + 0.2 is rounded to the scale after checking it has no more
 * decimals than allowed.
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled));
}

export function toScaled(value: number, decimals: number): number {
  return Math.round(value * 10 ** decimals);
}

export function fromScaled(value: number, decimals: number): number {
  return Number((value / 10 ** decimals).toFixed(decimals));
}

/** øre -> kroner as the API shows it (a number with at most two decimals). */
export const oreToKr = (ore: number) => fromScaled(ore, 2);
export const krToOre = (kr: number) => toScaled(kr, 2);
