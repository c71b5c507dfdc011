/** Calendar arithmetic on ISO dates in JS (SQL stays portable: reports compare dates, they never subtract them in SQL). */
const DAY = 86_400_000;
const ms = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));

/** Days from `a` to `b` (positive when b is later). */
export const daysBetween = (a: string, b: string): number => Math.round((ms(b) - ms(a)) / DAY);

export const addDays = (d: string, n: number): string => new Date(ms(d) + n * DAY).toISOString().slice(0, 10);

/** The first and last day of the month of `d`. */
export function monthOf(d: string): { from: string; to: string } {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${d.slice(0, 7)}-01`, to: `${d.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}
