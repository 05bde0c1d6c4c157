import { describe, expect, it } from 'vitest';
import { MERCHANT_REF_PATTERN, newMerchantRef } from './merchant-ref.ts';

describe('merchantRef', () => {
  it('is terminal, kind, local day and 10 random characters, unique per call', () => {
    const ref = newMerchantRef('hold', 'TILL 01', '2026-11-21', () => 'K3F9Q2ZP7M');
    expect(ref).toBe('TILL01-H20261121-K3F9Q2ZP7M');
    expect(newMerchantRef('charge', 'TILL-01', '2026-11-21')).toMatch(MERCHANT_REF_PATTERN);
    const many = new Set(Array.from({ length: 1000 }, () => newMerchantRef('charge', 'TILL-01', '2026-11-21')));
    expect(many.size).toBe(1000);
  });
});
