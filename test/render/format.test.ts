import { describe, expect, it } from 'vitest';
import {
  formatAccount, formatDate, formatDecimal2, formatIban, formatMoney, formatOrgNumber, formatPercent, formatQuantity,
  formatQuantityDecimal, needsForetaksregisteret, NBSP,
} from '../../main/render/format';

const sp = (s: string) => s.replace(/ /g, NBSP);

describe('document formatting helpers', () => {
  it('formatMoney: Norwegian grouping and decimal comma, optional currency', () => {
    expect(formatMoney(1234567)).toBe(sp('12 345,67'));
    expect(formatMoney(1234567, 'NOK')).toBe(sp('12 345,67 NOK'));
    expect(formatMoney(0)).toBe('0,00');
    expect(formatMoney(5)).toBe('0,05');
    expect(formatMoney(-123456789, 'EUR')).toBe(sp('-1 234 567,89 EUR'));
    expect(formatMoney(100000000)).toBe(sp('1 000 000,00'));
    expect(() => formatMoney(1.5)).toThrow();
  });

  it('formatDecimal2: machine amounts with two decimals', () => {
    expect(formatDecimal2(123456)).toBe('1234.56');
    expect(formatDecimal2(-5)).toBe('-0.05');
    expect(formatDecimal2(0)).toBe('0.00');
  });

  it('formatQuantity / formatQuantityDecimal', () => {
    expect(formatQuantity(1500)).toBe('1,5');
    expect(formatQuantity(500)).toBe('0,5');
    expect(formatQuantity(2000)).toBe('2');
    expect(formatQuantity(1125)).toBe('1,125');
    expect(formatQuantity(1234500)).toBe(sp('1 234,5'));
    expect(formatQuantity(-2500)).toBe('-2,5');
    expect(formatQuantityDecimal(1250)).toBe('1.25');
    expect(formatQuantityDecimal(3000)).toBe('3');
  });

  it('formatPercent', () => {
    expect(formatPercent(2500)).toBe('25');
    expect(formatPercent(1250)).toBe('12,5');
    expect(formatPercent(1111)).toBe('11,11');
  });

  it('formatOrgNumber', () => {
    expect(formatOrgNumber('923609016')).toBe('923 609 016');
    expect(formatOrgNumber('923609016', true)).toBe('923 609 016 MVA');
    expect(formatOrgNumber('923 609 016', true)).toBe('923 609 016 MVA');
    expect(formatOrgNumber('SE556677')).toBe('SE556677');
  });

  it('formatAccount and formatIban', () => {
    expect(formatAccount('86011117947')).toBe('8601 11 17947');
    expect(formatAccount('8601.11.17947')).toBe('8601 11 17947');
    expect(formatIban('NO9386011117947')).toBe('NO93 8601 1117 947');
  });

  it('formatDate', () => {
    expect(formatDate('2026-01-15')).toBe('15.01.2026');
    expect(formatDate('2026-01-15T10:00:00Z')).toBe('15.01.2026');
    expect(formatDate(null)).toBe('');
  });

  it('needsForetaksregisteret for AS, ASA and NUF only', () => {
    expect(needsForetaksregisteret('as')).toBe(true);
    expect(needsForetaksregisteret('ASA')).toBe(true);
    expect(needsForetaksregisteret('enk')).toBe(false);
    expect(needsForetaksregisteret(null)).toBe(false);
  });
});
