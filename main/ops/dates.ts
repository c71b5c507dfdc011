/**
 * The date formats of the input schemas (schemas.ts IsoDate, IsoDateTimeMinute), registered with every ajv of
 * validate.ts: `date` is ajv-formats' real-day check (2026-02-29, 2026-13-01 and 2026-04-31 are refused), and this file
 * adds the event times, a real day and a time of day to the minute.
 */

import type { default as AjvClass } from 'ajv';
import formatsModule from 'ajv-formats';

const addFormats = (formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule;

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
  ajv.addFormat(DATE_TIME_MINUTE, { type: 'string', validate: isDateTimeMinute });
}
