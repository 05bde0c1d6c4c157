import { beforeEach, describe, expect, it } from 'vitest';
import { useSaleStore } from './sale-store.ts';

describe('sale keypad entry (digits from the right)', () => {
  // The store as first made: reset() keeps the over-limit counter, and screen tests run before this file in the
  // same worker (one module graph) may have counted refusals.
  beforeEach(() => useSaleStore.setState(useSaleStore.getInitialState(), true));
  const sale = () => useSaleStore.getState();

  it('builds integer minor units digit by digit, with 00 and delete', () => {
    for (const [index, digit] of ['1', '2', '3', '4'].entries()) sale().appendDigits(digit, 1_000_000, index);
    expect(sale().amountMinor).toBe(1234);
    sale().deleteDigit(10);
    expect(sale().amountMinor).toBe(123);
    sale().appendDigits('00', 1_000_000, 11);
    expect(sale().amountMinor).toBe(12300);
    sale().clearAmount(12);
    expect(sale().amountMinor).toBe(0);
  });

  it('never goes past the terminal maximum, and says so (a refused digit is counted, never dropped silently)', () => {
    sale().appendDigits('99999', 50_000, 1);
    expect(sale().amountMinor).toBe(9999);
    expect(sale().overLimitCount).toBe(1);
    sale().appendDigits('0', 50_000, 2);
    expect(sale().overLimitCount).toBe(2);
  });

  it('a stale amount is never added to: the next digit starts a new amount', () => {
    sale().appendDigits('2001', 1_000_000, 1);
    sale().markStale();
    sale().appendDigits('1', 1_000_000, 2);
    sale().appendDigits('299', 1_000_000, 3);
    expect(sale().amountMinor).toBe(1299);
    sale().markStale();
    sale().deleteDigit(4);
    expect(sale().amountMinor).toBe(0);
  });

  it('undoes exactly what a scanner burst typed, keeping what the cashier typed before it', () => {
    sale().appendDigits('5', 1_000_000, 100);
    sale().setNote('table 4', 200);
    // The burst starts at t=1000: its digits and note keys land in the form…
    sale().appendDigits('1', 1_000_000, 1000);
    sale().appendDigits('2', 1_000_000, 1004);
    sale().setNote('table 4x', 1008);
    sale().revertSince(1000);
    expect(sale().amountMinor).toBe(5);
    expect(sale().note).toBe('table 4');
  });
});
