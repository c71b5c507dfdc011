import { describe, expect, test } from 'vitest';
import { isValidBankAccount, isValidIban, normaliseAccount } from '../../main/domain/bank-account.js';

describe('Norwegian bank account (BBAN, MOD11 5,4,3,2,7,6,5,4,3,2)', () => {
  test('vectors of domain-norway.md section 3', () => {
    expect(isValidBankAccount('86011117947')).toBe(true);
    expect(isValidBankAccount('15030012347')).toBe(false);
  });
  test('printed form with dots or spaces is accepted and normalised', () => {
    expect(isValidBankAccount('8601.11.17947')).toBe(true);
    expect(isValidBankAccount('8601 11 17947')).toBe(true);
    expect(normaliseAccount('8601.11.17947')).toBe('86011117947');
  });
  test('wrong length or letters are rejected', () => {
    expect(isValidBankAccount('8601111794')).toBe(false);
    expect(isValidBankAccount('860111179470')).toBe(false);
    expect(isValidBankAccount('8601111794A')).toBe(false);
    expect(isValidBankAccount('')).toBe(false);
  });
  test('every single-digit change of a valid account is caught', () => {
    const good = '86011117947';
    for (let pos = 0; pos < 11; pos++) {
      for (let d = 1; d < 10; d++) {
        const changed = good.slice(0, pos) + String((Number(good[pos]) + d) % 10) + good.slice(pos + 1);
        expect(isValidBankAccount(changed), changed).toBe(false);
      }
    }
  });
});

describe('IBAN (mod 97)', () => {
  test('the Norwegian vector passes, also spaced and lower case', () => {
    expect(isValidIban('NO9386011117947')).toBe(true);
    expect(isValidIban('NO93 8601 1117 947')).toBe(true);
    expect(isValidIban('no9386011117947')).toBe(true);
  });
  test('other countries pass the same check', () => {
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
  });
  test('a wrong check digit, a swapped digit or garbage fails', () => {
    expect(isValidIban('NO9486011117947')).toBe(false);
    expect(isValidIban('NO9386011117974')).toBe(false);
    expect(isValidIban('NO93')).toBe(false);
    expect(isValidIban('9386011117947NO')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});
