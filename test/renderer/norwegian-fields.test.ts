import { describe, expect, it } from 'vitest';
import { checkNumber, comparableNumbers, zipLookup } from '../../renderer/src/shared/norwegian-fields';
import '../../renderer/src/i18n';

describe('the Norwegian number fields checked when left (Firma, the customer form)', () => {
  it('an organisation number: right ones written as 923 609 016, wrong ones named in the service’s words, empty is fine', () => {
    expect(checkNumber('orgNumber', '923609016')).toEqual({ error: null, value: '923 609 016' });
    expect(checkNumber('orgNumber', ' 923 609 016 ')).toEqual({ error: null, value: '923 609 016' });
    expect(checkNumber('orgNumber', '923609017').error).toMatch(/organisasjonsnummer|organisation number/);
    expect(checkNumber('orgNumber', '92360901').value).toBe('92360901');
    expect(checkNumber('orgNumber', '')).toEqual({ error: null, value: '' });
  });

  it('a bank account: right ones written as 8601 11 17947, a wrong check digit named', () => {
    expect(checkNumber('bankAccount', '86011117947')).toEqual({ error: null, value: '8601 11 17947' });
    expect(checkNumber('bankAccount', '8601.11.17947').value).toBe('8601 11 17947');
    expect(checkNumber('bankAccount', '1234 56 78900').error).toMatch(/kontonummer|account number/);
  });

  it('a postcode: the Poststed in Norway (no country counts as Norway), unknown four digits pointed out, abroad left alone', () => {
    expect(zipLookup('5003', 'Norge')).toEqual({ place: 'BERGEN', unknown: false });
    expect(zipLookup('0155', '')).toEqual({ place: 'OSLO', unknown: false });
    expect(zipLookup('0000', 'NO')).toEqual({ place: null, unknown: true });
    expect(zipLookup('015', 'Norge')).toEqual({ place: null, unknown: false });
    expect(zipLookup('5003', 'Sverige')).toEqual({ place: null, unknown: false });
  });

  it('"changed since opened" compares the numbers by their digits', () => {
    expect(comparableNumbers({ orgNumber: '923 609 016', name: 'A B' }, ['orgNumber'])).toEqual({ orgNumber: '923609016', name: 'A B' });
  });
});

describe('an IBAN left in Firma', () => {
  it('written in groups of four in capitals when right; a wrong check named', () => {
    expect(checkNumber('iban', 'no9386011117947')).toEqual({ error: null, value: 'NO93 8601 1117 947' });
    expect(checkNumber('iban', 'NO9386011117948').error).toMatch(/IBAN/);
  });
});

describe('a postcode of the wrong length', () => {
  it('is pointed out once the field is left ("155": a spreadsheet dropped the 0 of 0155), not while typing', () => {
    expect(zipLookup('155', 'Norge')).toEqual({ place: null, unknown: false });
    expect(zipLookup('155', 'Norge', true)).toEqual({ place: null, unknown: true });
    expect(zipLookup('', 'Norge', true)).toEqual({ place: null, unknown: false });
    expect(zipLookup('155', 'Danmark', true)).toEqual({ place: null, unknown: false });
  });
});
