import { describe, expect, it } from 'vitest';
import { computeTotals as domainTotals } from '../../main/domain/totals';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatOre, formatQuantity, monthName } from '../../renderer/src/shared/format';
import { computeTotals, lineNetOre, parseDecimal } from '../../renderer/src/shared/money';

describe('the GUI formatter (renderer/src/shared/format.ts)', () => {
  it('money: Norwegian 1 234,50 with plain spaces and hyphen minus; English 1,234.50', () => {
    expect(formatMoney(1234.5, 2, 'nb')).toBe('1 234,50');
    expect(formatMoney(12345678.9, 2, 'nb')).toBe('12 345 678,90');
    expect(formatMoney(-1234.5, 2, 'nb')).toBe('-1 234,50');
    expect(formatMoney(0, 2, 'nb')).toBe('0,00');
    expect(formatMoney(-0.001, 2, 'nb')).toBe('0,00');
    expect(formatMoney(1234.5, 2, 'en')).toBe('1,234.50');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatOre(123450, 'nb')).toBe('1 234,50');
    expect(formatOre(-5, 'nb')).toBe('-0,05');
  });

  it('quantities keep up to 3 decimals and drop trailing zeros; numbers take a decimal range', () => {
    expect(formatQuantity(1.5, 'nb')).toBe('1,5');
    expect(formatQuantity(2, 'nb')).toBe('2');
    expect(formatQuantity(0.125, 'nb')).toBe('0,125');
    expect(formatQuantity(1234.1234, 'nb')).toBe('1 234,123');
    expect(formatNumber(10.5, 4, 6, 'nb')).toBe('10,5000');
    expect(formatNumber(5006, 0, 0, 'nb')).toBe('5 006');
  });

  it('dates: dd.mm.yyyy in bokmål, dd/mm/yyyy in English; not-a-date text unchanged', () => {
    expect(formatDate('2026-03-05', 'nb')).toBe('05.03.2026');
    expect(formatDate('2026-03-05T23:30:00Z', 'nb')).toBe('05.03.2026');
    expect(formatDate('2026-03-05', 'en')).toBe('05/03/2026');
    expect(formatDate('snart', 'nb')).toBe('snart');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('2026-03-15 09:15', 'nb')).toBe('15.03.2026 09:15');
    expect(formatDateTime('2026-03-15', 'nb')).toBe('15.03.2026');
    expect(monthName(2, 'nb')).toBe('mars');
    expect(monthName(2, 'en')).toBe('March');
  });
});

describe('live totals in the GUI use the service rules (main/domain/totals.ts)', () => {
  it('agree with the domain on line nets and VAT per rate', () => {
    const lines = [
      { quantity: 3, unitPrice: 33.33, discount: 10, taxRate: 25 },
      { quantity: 1.5, unitPrice: 99.99, discount: 0, taxRate: 15 },
      { quantity: 2, unitPrice: 0.05, discount: 0, taxRate: 25 },
    ];
    const t = computeTotals(lines);
    const d = domainTotals(lines.map((l) => ({ quantityMilli: l.quantity * 1000, unitPriceOre: Math.round(l.unitPrice * 100), discountHundredths: l.discount * 100, taxRateHundredths: l.taxRate * 100, vatCategory: 'S' as const })));
    expect(t.lines).toEqual([8999, 14999, 10]);
    expect(t.lines).toEqual(d.lines.map((l) => l.netOre));
    expect(t.vat).toEqual([{ taxRate: 25, baseOre: 9009, taxOre: 2252 }, { taxRate: 15, baseOre: 14999, taxOre: 2250 }]);
    expect(t.totalOre).toBe(d.totalOre);
    expect(lineNetOre(lines[0])).toBe(8999);
  });

  it('a figure past what the service accepts shows blank instead of breaking the editor', () => {
    const t = computeTotals([{ quantity: 1e12, unitPrice: 1e12, discount: 0, taxRate: 25 }]);
    expect(formatOre(t.totalOre)).toBe('');
  });

  it('parses what people type', () => {
    expect(parseDecimal('1 234,50')).toBe(1234.5);
    expect(parseDecimal('−3')).toBe(-3);
    expect(parseDecimal('')).toBeNull();
    expect(Number.isNaN(parseDecimal('abc'))).toBe(true);
  });
});
