import { describe, expect, it } from 'vitest';
import { CashierSales } from './cashier-sales.ts';
import { ON_SCREEN_TTL_MS } from './on-screen.ts';

// The cashier's windows say where their own sale stands; the till is busy for registers while any window has one.

describe('the cashier’s sales, as the windows say', () => {
  it('one mark per window, replaced as it moves on: never free between the Sale screen and the Payment screen', () => {
    const sales = new CashierSales(() => 1_000);
    expect(sales.underWay()).toBeNull();
    sales.mark('window-a', { surface: 'sale' });
    expect(sales.underWay()).toEqual({ surface: 'sale' });
    sales.mark('window-a', { surface: 'payment', referenceId: 'TILL01-20261122-AAAAAAAA' });
    expect(sales.underWay()).toEqual({ surface: 'payment', referenceId: 'TILL01-20261122-AAAAAAAA' });
    sales.mark('window-a', null);
    expect(sales.underWay()).toBeNull();
  });

  it('a window that is free does not clear another’s sale; one with a payment is named first', () => {
    const sales = new CashierSales(() => 1_000);
    sales.mark('window-a', { surface: 'scan' });
    sales.mark('window-b', null);
    expect(sales.underWay()).toEqual({ surface: 'scan' });
    sales.mark('window-b', { surface: 'payment', referenceId: 'TILL01-20261122-BBBBBBBB' });
    expect(sales.underWay()).toEqual({ surface: 'payment', referenceId: 'TILL01-20261122-BBBBBBBB' });
  });

  it('a mark not repeated within the on-screen lifetime has lapsed (a window closed or crashed mid-sale)', () => {
    let now = 1_000;
    const sales = new CashierSales(() => now);
    sales.mark('window-a', { surface: 'scan' });
    now += ON_SCREEN_TTL_MS - 1;
    expect(sales.underWay()).toEqual({ surface: 'scan' });
    sales.mark('window-a', { surface: 'scan' });
    now += ON_SCREEN_TTL_MS - 1;
    expect(sales.underWay()).toEqual({ surface: 'scan' });
    now += 1;
    expect(sales.underWay()).toBeNull();
  });
});
