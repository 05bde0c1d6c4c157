import { describe, expect, it } from 'vitest';
import { paymentRequestSchemas } from './payments.ts';

// The charge id a screen chooses (issue 37): taken only as crypto.randomUUID() makes it, on both charge channels.

const ID = '3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const merchantQr = paymentRequestSchemas['payments.chargeMerchantQr'];
const customerQr = paymentRequestSchemas['payments.chargeCustomerQr'];
const sale = { amountMinor: 1250, currency: 'SGD' } as const;

describe('a charge id', () => {
  it('is taken as a lower-case version 4 UUID, and may be left out', () => {
    expect(merchantQr.safeParse({ ...sale, chargeId: ID }).success).toBe(true);
    expect(merchantQr.safeParse({ ...sale, chargeId: crypto.randomUUID() }).success).toBe(true);
    expect(customerQr.safeParse({ ...sale, consumerCode: '2810', chargeId: ID }).success).toBe(true);
    expect(merchantQr.safeParse(sale).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['too short', ID.slice(0, 35)],
    ['too long', `${ID}0`],
    ['upper case', ID.toUpperCase()],
    ['not version 4', '3f0c1a2b-4d5e-1f60-8a7b-9c0d1e2f3a4b'],
    ['no hyphens', ID.replaceAll('-', '').padEnd(36, '0')],
    ['a payment reference', 'TILL01-20261129-K3F9Q2ZP'],
    ['braces around it', `{${ID.slice(1, 35)}}`],
    ['a line feed after it', `${ID.slice(0, 35)}\n`],
  ])('is refused %s', (_, chargeId) => {
    expect(merchantQr.safeParse({ ...sale, chargeId }).success).toBe(false);
    expect(customerQr.safeParse({ ...sale, consumerCode: '2810', chargeId }).success).toBe(false);
  });

  it('is refused when it is not text', () => {
    expect(merchantQr.safeParse({ ...sale, chargeId: 42 }).success).toBe(false);
    expect(merchantQr.safeParse({ ...sale, chargeId: null }).success).toBe(false);
  });
});
