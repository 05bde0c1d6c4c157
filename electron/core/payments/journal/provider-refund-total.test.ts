import { describe, expect, it } from 'vitest';
import { seedPayment, tempJournal } from './journal-fixture.test-helper.ts';

describe("the provider's refund total", () => {
  it('is kept only as it grows, capped at the amount, and shown as refunded elsewhere beyond our own refunds', () => {
    const { journal } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1400 });
    expect(journal.viewOf(paid.referenceId)).toMatchObject({
      refunded: { amountMinor: 0 },
      refundedElsewhere: { amountMinor: 0 },
      refundable: { amountMinor: 1400 },
    });

    // Nothing reported refunded: nothing to keep (no write, no new version).
    expect(journal.recordProviderRefundTotal(paid.referenceId, 0)).toMatchObject({
      changed: false,
      row: { providerRefundedMinor: null, version: paid.version },
    });

    const grown = journal.recordProviderRefundTotal(paid.referenceId, 700);
    expect(grown).toMatchObject({
      changed: true,
      row: { providerRefundedMinor: 700, refundedMinor: 0, version: paid.version + 1 },
    });
    expect(journal.viewOf(paid.referenceId)).toMatchObject({
      displayStatus: 'paid',
      refunded: { amountMinor: 700 },
      refundedElsewhere: { amountMinor: 700 },
      refundable: { amountMinor: 700 },
      canRefund: true,
    });
    // A lookup answered before the last one reports less: the total never shrinks.
    expect(journal.recordProviderRefundTotal(paid.referenceId, 300).changed).toBe(false);
    expect(journal.getAttempt(paid.referenceId)?.providerRefundedMinor).toBe(700);
    // More than the order amount (a provider fault) is kept at the amount, as the schema demands.
    expect(journal.recordProviderRefundTotal(paid.referenceId, 99_999).row.providerRefundedMinor).toBe(1400);
    expect(journal.viewOf(paid.referenceId)).toMatchObject({ refundable: { amountMinor: 0 }, canRefund: false });
    expect(() => journal.recordProviderRefundTotal(paid.referenceId, -1)).toThrow(
      expect.objectContaining({ code: 'internal' }),
    );
    expect(() => journal.recordProviderRefundTotal(paid.referenceId, 1.5)).toThrow(
      expect.objectContaining({ code: 'internal' }),
    );
  });

  it('caps a refund recorded here by what is left after refunds made elsewhere', () => {
    const { journal } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1400 });
    journal.recordProviderRefundTotal(paid.referenceId, 1000);
    expect(() => journal.recordRefund(paid.referenceId, { amountMinor: 600 })).toThrow(
      expect.objectContaining({
        code: 'refund.exceeds-refundable',
        details: expect.objectContaining({ refundableMinor: 400 }),
      }),
    );
    expect(journal.recordRefund(paid.referenceId, { amountMinor: 400 }).amountMinor).toBe(400);
  });

  it('is not taken in while a refund of ours is in flight, and our refund landing raises it to its baseline + amount', () => {
    const { journal } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 2000 });
    journal.recordProviderRefundTotal(paid.referenceId, 500);
    const ours = journal.recordRefund(paid.referenceId, { amountMinor: 600, providerRefundedBeforeMinor: 500 });

    // The provider's 1100 may hold our 600 already: it must not show as 1100 refunded elsewhere.
    expect(journal.recordProviderRefundTotal(paid.referenceId, 1100)).toMatchObject({
      changed: false,
      row: { providerRefundedMinor: 500 },
    });
    expect(journal.viewOf(paid.referenceId)).toMatchObject({
      refundedElsewhere: { amountMinor: 500 },
      refundable: { amountMinor: 900 },
    });

    journal.updateRefund(ours.refundId, { state: 'succeeded' });
    expect(journal.getAttempt(paid.referenceId)).toMatchObject({ refundedMinor: 600, providerRefundedMinor: 1100 });
    expect(journal.viewOf(paid.referenceId)).toMatchObject({
      refunded: { amountMinor: 1100 },
      refundedElsewhere: { amountMinor: 500 },
      refundable: { amountMinor: 900 },
    });

    // Settled: a later lookup's larger total is another refund made elsewhere.
    expect(journal.recordProviderRefundTotal(paid.referenceId, 1300).changed).toBe(true);
    expect(journal.viewOf(paid.referenceId)).toMatchObject({
      refunded: { amountMinor: 1300 },
      refundedElsewhere: { amountMinor: 700 },
      refundable: { amountMinor: 700 },
    });
  });

  it('a refund recorded without a baseline (older rows) leaves the total as it was; our own total then counts', () => {
    const { journal } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1000 });
    const ours = journal.recordRefund(paid.referenceId, { amountMinor: 300 });
    journal.updateRefund(ours.refundId, { state: 'succeeded' });
    expect(journal.getAttempt(paid.referenceId)).toMatchObject({ refundedMinor: 300, providerRefundedMinor: null });
    expect(journal.viewOf(paid.referenceId)).toMatchObject({
      refunded: { amountMinor: 300 },
      refundedElsewhere: { amountMinor: 0 },
      refundable: { amountMinor: 700 },
    });
  });
});
