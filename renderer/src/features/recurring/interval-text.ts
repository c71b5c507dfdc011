import { occurrencesBetween, periodText, type IntervalUnit } from '../../../../main/domain/recurring-schedule';
import { formatDate } from '../../shared/money';

/** A series' interval in words ("Hver måned", "Hver 3. måned"): shared by the list, the form and the customer's tab. */
export function intervalText(t: (k: string, o?: Record<string, unknown>) => string, i: { unit: string; every: number }): string {
  return i.every === 1 ? t(`rec.every1.${i.unit}`) : t(`rec.every.${i.unit}`, { every: i.every });
}

/**
 * A series' next occurrence as the list shows it: its date and the period it covers in the GUI's language
 * ("28.12.2026 (desember 2026)", "28/12/2026 (December 2026)"); the service's `nextPeriod` is the invoice's words
 * (Norwegian, what {periode} becomes on the invoice). '–' when nothing is next.
 */
export function nextOccurrenceText(
  s: { nextDate: string | null; nextPeriod: string | null; interval: { unit: string; every: number }; startDate: string },
  lang: string,
): string {
  if (!s.nextDate) return '–';
  const schedule = { unit: s.interval.unit as IntervalUnit, every: s.interval.every, startDate: s.startDate };
  const next = occurrencesBetween(schedule, s.nextDate, s.nextDate)[0];
  const period = next ? periodText(schedule, next.index, lang === 'en' ? 'en' : 'nb') : s.nextPeriod;
  return period ? `${formatDate(s.nextDate)} (${period})` : formatDate(s.nextDate);
}
