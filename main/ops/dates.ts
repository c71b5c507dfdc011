/**
 * The date formats of the input schemas (schemas.ts IsoDate, IsoDateTimeMinute), registered with every ajv of
 * validate.ts: `date` is ajv-formats' real-day check (2026-02-29, 2026-13-01 and 2026-04-31 are refused), and this file
 * adds the event times, a real day and a time of day to the minute.
 */

import type { default as AjvClass } from 'ajv';
import formatsModule from 'ajv-formats';

const addFormats = (formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule;

/**
 * The one date rule of every date an operation takes (invoice, due, payment, credit, report and period dates alike):
 * a real day from DATE_MIN to DATE_MAX. A real day outside is DATE_OUT_OF_RANGE (naming the limits), anything else NOT_A_DATE.
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2099-12-31';

/** A real calendar day written YYYY-MM-DD (any year). */
export function isRealDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && leap(y) ? 29 : DAYS[mo - 1]);
}

/** A real day within DATE_MIN..DATE_MAX: the `date` format of every input schema. */
export const isDateInRange = (s: string): boolean => isRealDay(s) && s >= DATE_MIN && s <= DATE_MAX;

/** `YYYY-MM-DD HH:MM` in local time (event times): the format's name in the JSON schema. */
export const DATE_TIME_MINUTE = 'date-time-minute';

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** True for a real calendar day and time of day written `YYYY-MM-DD HH:MM` (2026-02-29 09:00 and 2026-03-01 24:00 are not). */
export function isDateTimeMinute(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && leap(y) ? 29 : DAYS[mo - 1]) && h < 24 && mi < 60;
}

/**
 * Registers `date` (real days) and `date-time-minute` with an ajv: every validator of the input; the tests' response
 * check takes all of ajv-formats' formats (`uri`, `date-time` … of the read shapes) as well.
 */
export function addDateFormats(ajv: AjvClass, opts: { allFormats?: boolean } = {}): void {
  if (opts.allFormats) addFormats(ajv);
  else addFormats(ajv, ['date']);
  // Replaces ajv-formats' `date`: a real day within DATE_MIN..DATE_MAX.
  ajv.addFormat('date', { type: 'string', validate: isDateInRange });
  ajv.addFormat(DATE_TIME_MINUTE, { type: 'string', validate: isDateTimeMinute });
}
