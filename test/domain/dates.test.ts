import { Type } from '@sinclair/typebox';
import { describe, expect, test } from 'vitest';
import { isDateTimeMinute } from '../../main/ops/dates.js';
import { IsoDate, IsoDateTimeMinute } from '../../main/ops/schemas.js';
import { checkSchema } from '../../main/ops/validate.js';

describe('real days in the schemas (ajv-formats date, date-time-minute)', () => {
  const D = Type.Object({ d: IsoDate });
  test.each(['2026-02-29', '2026-13-01', '2026-04-31', '2026-00-10', '2100-02-29'])('%s is NOT_A_DATE, the catalogue message', (d) => {
    expect(checkSchema(D, { d })).toEqual([{ field: 'd', code: 'NOT_A_DATE', message: 'must be a date YYYY-MM-DD' }]);
  });
  test.each(['2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31'])('%s is a day', (d) => {
    expect(checkSchema(D, { d })).toEqual([]);
  });
  test('query strings (coerced) are checked the same', () => {
    expect(checkSchema(Type.Object({ from: Type.Optional(IsoDate) }), { from: '2026-04-31' }, { coerce: true })).toEqual([
      { field: 'from', code: 'NOT_A_DATE', message: 'must be a date YYYY-MM-DD' },
    ]);
  });

  const T = Type.Object({ at: IsoDateTimeMinute });
  test.each(['2026-02-29 09:00', '2026-03-01 24:00', '2026-03-01 10:60', '2026-03-01T10:00', '2026-03-01 9:00'])('%s is not a time to the minute', (at) => {
    expect(isDateTimeMinute(at)).toBe(false);
    expect(checkSchema(T, { at })).toEqual([{ field: 'at', code: 'NOT_A_DATE_TIME', message: 'must be a date and time YYYY-MM-DD HH:MM' }]);
  });
  test.each(['2024-02-29 23:59', '2026-03-01 00:00'])('%s is', (at) => {
    expect(isDateTimeMinute(at)).toBe(true);
    expect(checkSchema(T, { at })).toEqual([]);
  });
});
