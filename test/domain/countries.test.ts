import { describe, expect, test } from 'vitest';
import { allCountries, countryCode, countryName, DEFAULT_COUNTRY } from '../../main/features/common/countries.js';

describe('country lookup (bokmål names in upper case, ISO alpha-2 inside)', () => {
  test('Norwegian names in any case', () => {
    expect(countryCode('NORGE')).toBe('NO');
    expect(countryCode('norge')).toBe('NO');
    expect(countryCode(' Norge ')).toBe('NO');
    expect(countryCode('SVERIGE')).toBe('SE');
    expect(countryCode('DANMARK')).toBe('DK');
    expect(countryCode('FÆRØYENE')).toBe('FO');
    expect(countryCode('færøyene')).toBe('FO');
  });
  test('ISO alpha-2 codes', () => {
    expect(countryCode('NO')).toBe('NO');
    expect(countryCode('se')).toBe('SE');
  });
  test('unknown names and codes give null', () => {
    expect(countryCode('NARNIA')).toBeNull();
    expect(countryCode('XX')).toBeNull();
    expect(countryCode('')).toBeNull();
  });
  test('codes are shown with their Norwegian name; the default is Norway', () => {
    expect(DEFAULT_COUNTRY).toBe('NO');
    expect(countryName('NO')).toBe('NORGE');
    expect(countryName('FO')).toBe('FÆRØYENE');
    expect(countryName('SE')).toBe('SVERIGE');
  });
  test('the list has every ISO 3166 country once, upper case, sorted by Norwegian collation', () => {
    const list = allCountries();
    expect(list.length).toBeGreaterThanOrEqual(245);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(list).toContainEqual({ code: 'NO', name: 'NORGE' });
    for (const c of list) expect(c.name).toBe(c.name.toLocaleUpperCase('nb-NO'));
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nb')));
    // Æ, Ø, Å sort after Z in Norwegian
    expect(names.indexOf('ØSTERRIKE')).toBeGreaterThan(names.indexOf('ZIMBABWE'));
    // every name resolves back to its code
    for (const c of list) expect(countryCode(c.name)).toBe(c.code);
  });
});
