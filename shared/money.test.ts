import { describe, expect, it } from 'vitest';
import { appendKeypadDigit, formatMoney, fromMajor, money, removeKeypadDigit, toMajorString } from './money.ts';

describe('money', () => {
  it('refuses a non-integer amount of minor units', () => {
    expect(() => money(12.5, 'SGD')).toThrow(RangeError);
  });

  it('formats in the currency of the terminal', () => {
    expect(formatMoney(money(1234, 'SGD'))).toBe('S$12.34');
    expect(formatMoney(money(123456, 'HKD'), 'zh-HK')).toBe('HK$1,234.56');
    expect(formatMoney(money(5, 'SGD'))).toBe('S$0.05');
    expect(formatMoney(money(-250, 'SGD'))).toBe('-S$2.50');
  });

  it('converts to and from major units without float error', () => {
    expect(toMajorString(money(1234, 'SGD'))).toBe('12.34');
    expect(toMajorString(money(7, 'SGD'))).toBe('0.07');
    expect(fromMajor(0.29, 'SGD').amountMinor).toBe(29); // 0.29 * 100 = 28.999999999999996 in floats
    expect(fromMajor('1005.10', 'SGD').amountMinor).toBe(100510);
    expect(() => fromMajor('1.005', 'SGD')).toThrow(RangeError);
    expect(() => fromMajor('abc', 'SGD')).toThrow(RangeError);
  });

  it('enters digits from the right and stops at the limit', () => {
    let amount = 0;
    for (const digit of [1, 2, 3, 4]) amount = appendKeypadDigit(amount, digit, 1_000_000);
    expect(amount).toBe(1234);
    expect(appendKeypadDigit(999_999, 9, 1_000_000)).toBe(999_999);
    expect(removeKeypadDigit(1234)).toBe(123);
  });
});
