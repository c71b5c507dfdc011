import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isValidOrgNumber, normaliseOrgNumber } from '../../main/domain/orgnr.js';

// domain-norway.md section 2
const VALID = ['923609016', '984851006', '982463718', '914778271', '910747711', '986228608', '974760673', '991825827', '998447356', '988077917'];
const INVALID = ['123456789', '988077918', '000000000', '12345678', '9236090160', '92360901A'];
const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

describe('organisation number (MOD11)', () => {
  test.each(VALID)('%s is valid', (n) => expect(isValidOrgNumber(n)).toBe(true));
  test.each(INVALID)('%s is invalid', (n) => expect(isValidOrgNumber(n)).toBe(false));

  test('the printed forms with spaces and MVA are accepted and normalised', () => {
    expect(isValidOrgNumber('923 609 016')).toBe(true);
    expect(isValidOrgNumber('923 609 016 MVA')).toBe(true);
    expect(normaliseOrgNumber('923 609 016 MVA')).toBe('923609016');
    expect(isValidOrgNumber('')).toBe(false);
  });

  const base8 = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 });

  test('property: exactly one check digit completes an 8-digit base, unless the remainder is 1', () => {
    fc.assert(
      fc.property(base8, (digits) => {
        const base = digits.join('');
        const r = digits.reduce((s, d, i) => s + d * WEIGHTS[i], 0) % 11;
        const accepted = [...'0123456789'].filter((c) => isValidOrgNumber(base + c));
        if (r === 1 || base === '00000000') return accepted.length === 0; // no check digit exists / 000000000 is refused
        return accepted.length === 1 && accepted[0] === String(r === 0 ? 0 : 11 - r);
      }),
      { numRuns: 2000 },
    );
  });

  test('property: changing any single digit of a valid number makes it invalid', () => {
    const valid = base8
      .map((d) => {
        const r = d.reduce((s, x, i) => s + x * WEIGHTS[i], 0) % 11;
        return r === 1 ? null : d.join('') + String(r === 0 ? 0 : 11 - r);
      })
      .filter((n): n is string => n !== null && n !== '000000000');
    fc.assert(
      fc.property(valid, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (n, pos, delta) => {
        expect(isValidOrgNumber(n)).toBe(true);
        const changed = n.slice(0, pos) + String((Number(n[pos]) + delta) % 10) + n.slice(pos + 1);
        return !isValidOrgNumber(changed);
      }),
      { numRuns: 2000 },
    );
  });

  test('property: anything that is not 9 digits is rejected', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        fc.pre(!/^\d{9}$/.test(normaliseOrgNumber(s)));
        return !isValidOrgNumber(s);
      }),
    );
  });
});
