import { describe, expect, test } from 'vitest';
import { buildKid, isValidKid, mod10CheckDigit, mod11CheckDigit, withCheckDigit } from '../../main/domain/kid.js';

// domain-norway.md section 3
const VECTORS: Array<[string, string | null, string | null]> = [
  ['1234', '12344', '12343'],
  ['100', '1008', '1007'],
  ['2345676', '23456767', '23456761'],
  ['1234567890', '12345678903', '12345678903'],
  ['0006', null, '0006-'],
  ['19', '190', null],
];

describe('KID check digits', () => {
  test.each(VECTORS)('base %s: MOD10 %s, MOD11 %s', (base, mod10, mod11) => {
    if (mod10) expect(withCheckDigit('MOD10', base)).toBe(mod10);
    if (mod11) expect(withCheckDigit('MOD11', base)).toBe(mod11);
  });

  test('MOD11 remainder 1 gives "-"', () => {
    expect(mod11CheckDigit('0006')).toBe('-');
  });

  test('12344 is MOD10-valid and MOD11-invalid; 12343 the reverse', () => {
    expect(isValidKid('12344', 'MOD10')).toBe(true);
    expect(isValidKid('12344', 'MOD11')).toBe(false);
    expect(isValidKid('12343', 'MOD11')).toBe(true);
    expect(isValidKid('12343', 'MOD10')).toBe(false);
    expect(isValidKid('0006-', 'MOD11')).toBe(true);
    expect(isValidKid('12a44', 'MOD10')).toBe(false);
  });

  test('check digits reject non-digits', () => {
    expect(() => mod10CheckDigit('12a')).toThrow();
  });
});

describe('KID of an invoice', () => {
  test('NONE gives no KID', () => {
    expect(buildKid({ kidScheme: 'NONE', kidBase: 'INVOICE', kidLength: 8 }, 10001, 42)).toBeNull();
  });

  test('invoice number zero-padded to length - 1, then the check digit', () => {
    const kid = buildKid({ kidScheme: 'MOD10', kidBase: 'INVOICE', kidLength: 8 }, 10001, 42)!;
    expect(kid).toHaveLength(8);
    expect(kid.slice(0, 7)).toBe('0010001');
    expect(isValidKid(kid, 'MOD10')).toBe(true);
    expect(kid).toBe('00100016');
  });

  test('customer number followed by invoice number', () => {
    const kid = buildKid({ kidScheme: 'MOD11', kidBase: 'CUSTOMER_INVOICE', kidLength: 12 }, 10001, '1042')!;
    expect(kid.slice(0, 11)).toBe('00104210001');
    expect(kid).toHaveLength(12);
    expect(isValidKid(kid, 'MOD11')).toBe(true);
  });

  test('a base longer than the length is kept whole, never truncated', () => {
    const kid = buildKid({ kidScheme: 'MOD10', kidBase: 'INVOICE', kidLength: 4 }, 123456, 1)!;
    expect(kid).toBe(withCheckDigit('MOD10', '123456'));
  });

  test('more than 25 digits is refused', () => {
    expect(() => buildKid({ kidScheme: 'MOD10', kidBase: 'CUSTOMER_INVOICE', kidLength: 25 }, 123456789, '1234567890123456')).toThrow(/24 digits/);
  });
});
