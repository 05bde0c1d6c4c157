import { describe, expect, it } from 'vitest';
import { saleSearchQueryOf } from './sale-search-query.ts';

// The Refund screen's "amount or note" field as the payments.find request it sends.

const DAY = '2026-11-29';
const of = (text: string) => saleSearchQueryOf(text, DAY, 'SGD');

describe('refund: the amount-or-note search', () => {
  it("empty: the day's latest ten sales", () => {
    expect(of('')).toEqual({ latest: 10, day: DAY });
    expect(of('   ')).toEqual({ latest: 10, day: DAY });
  });

  it('a number: that amount over the whole day', () => {
    expect(of('12.50')).toEqual({ amountMinor: 1250, from: `${DAY}T00:00`, to: `${DAY}T23:59` });
    expect(of(' S$12,5 ')).toEqual({ amountMinor: 1250, from: `${DAY}T00:00`, to: `${DAY}T23:59` });
    expect(of('RM7')).toEqual({ amountMinor: 700, from: `${DAY}T00:00`, to: `${DAY}T23:59` });
  });

  it('words: the note; an amount first narrows it; a number after words stays a word', () => {
    expect(of('table 4')).toEqual({ note: 'table 4', day: DAY });
    expect(of('Blue   shirt')).toEqual({ note: 'Blue shirt', day: DAY });
    expect(of('12.50 table 4')).toEqual({ note: 'table 4', day: DAY, amountMinor: 1250 });
    expect(of('4B')).toEqual({ note: '4B', day: DAY });
    // Not an amount of this currency (three decimals, or nothing): words.
    expect(of('1.234 x')).toEqual({ note: '1.234 x', day: DAY });
    expect(of('0 table')).toEqual({ note: '0 table', day: DAY });
  });
});
