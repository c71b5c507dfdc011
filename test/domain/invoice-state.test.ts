import { describe, expect, test } from 'vitest';
import { invoiceState } from '../../main/domain/invoice-state.js';

describe('invoice state at today', () => {
  const today = '2026-03-15';
  test('due date today is not due; yesterday is due; tomorrow is not due', () => {
    expect(invoiceState(100, '2026-03-15', false, today)).toBe('not-due');
    expect(invoiceState(100, '2026-03-14', false, today)).toBe('due');
    expect(invoiceState(100, '2026-03-16', false, today)).toBe('not-due');
  });
  test('balance 0 or below is paid, whatever the due date', () => {
    expect(invoiceState(0, '2026-01-01', false, today)).toBe('paid');
    expect(invoiceState(-50, '2026-01-01', false, today)).toBe('paid');
    expect(invoiceState(1, '2026-01-01', false, today)).toBe('due');
  });
  test('lost is its own state', () => {
    expect(invoiceState(0, '2026-01-01', true, today)).toBe('lost');
    expect(invoiceState(100, '2026-04-01', true, today)).toBe('lost');
  });
});
