import { describe, expect, it } from 'vitest';
import { printedWidth, twoColumns } from './escpos-layout.ts';

// Columns on the paper: a double-byte character takes two, so a zh-HK line keeps its value at the right edge.

describe('two columns on a 32-column roll', () => {
  it('puts the value at the right edge, counting Chinese as two columns', () => {
    const [line] = twoColumns('金額', 'S$12.34', 32);
    expect(printedWidth(line!)).toBe(32);
    expect(line).toBe(`金額${' '.repeat(32 - 4 - 7)}S$12.34`);
  });

  it('gives a value that does not fit beside its label a line of its own, right-aligned', () => {
    expect(twoColumns('支付商訂單編號', 'TILL-01-20261127-D09H17CW', 32)).toEqual([
      '支付商訂單編號',
      `${' '.repeat(32 - 25)}TILL-01-20261127-D09H17CW`,
    ]);
    expect(printedWidth('TILL-01 · POS-1')).toBe(16);
  });
});
