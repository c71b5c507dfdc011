import { expect, test } from 'vitest';
import { unitForQuantity } from '../../main/domain/units';

test('a Norwegian unit agrees with the count: 1 time, 2 timer, 0,5 timer; typed plural or singular either way', () => {
  expect(unitForQuantity('time', 1000)).toBe('time');
  expect(unitForQuantity('time', 2000)).toBe('timer');
  expect(unitForQuantity('time', 500)).toBe('timer');
  expect(unitForQuantity('timer', 1000)).toBe('time');
  expect(unitForQuantity('timer', 7500)).toBe('timer');
  expect(unitForQuantity('Time', 3000)).toBe('Timer');
  expect(unitForQuantity('dag', 2000)).toBe('dager');
  expect(unitForQuantity('måned', 12000)).toBe('måneder');
  expect(unitForQuantity('natt', 2000)).toBe('netter');
  expect(unitForQuantity('time', -1000)).toBe('time');
});

test('units without number forms, and the user\'s own words, stay as typed', () => {
  expect(unitForQuantity('stk', 5000)).toBe('stk');
  expect(unitForQuantity('kg', 2500)).toBe('kg');
  expect(unitForQuantity('år', 3000)).toBe('år');
  expect(unitForQuantity('hours', 3000)).toBe('hours');
  expect(unitForQuantity(null, 3000)).toBe('');
  expect(unitForQuantity('  ', 3000)).toBe('');
});
