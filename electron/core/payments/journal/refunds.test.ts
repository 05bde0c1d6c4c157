import { describe, expect, it } from 'vitest';
import { PosError, type ErrorCode } from '../../../../shared/errors.ts';
import { seedPayment, tempJournal } from './journal-fixture.test-helper.ts';

function expectPosError(work: () => unknown, code: ErrorCode): PosError {
  let caught: unknown;
  try {
    work();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(PosError);
  expect((caught as PosError).code).toBe(code);
  return caught as PosError;
}

describe('refunds', () => {
  it('keeps the confirmed running total and what is left to refund', () => {
    const { journal, clock } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1000 });

    const first = journal.recordRefund(paid.referenceId, {
      amountMinor: 300,
      reason: 'Wrong item charged',
      idempotencyKey: 'rk-1',
    });
    expect(first).toMatchObject({
      refundId: `${paid.referenceId}-R1`,
      state: 'sending',
      currency: 'SGD',
      idempotencyKey: 'rk-1',
    });
    // In flight: not refunded yet, but no longer refundable either.
    expect(journal.viewOf(paid.referenceId)).toMatchObject({
      refunded: { amountMinor: 0 },
      refundable: { amountMinor: 700 },
      canRefund: true,
    });

    clock.advance(1_000);
    journal.updateRefund(first.refundId, {
      state: 'succeeded',
      providerOrderId: '220801-0679-YVUY',
      providerTraceId: 'trace-1',
    });
    const afterFirst = journal.getAttempt(paid.referenceId);
    expect(afterFirst?.refundedMinor).toBe(300);
    expect(afterFirst?.version).toBe(paid.version + 1);
    expect(journal.viewOf(paid.referenceId)).toMatchObject({
      refunded: { amountMinor: 300 },
      refundable: { amountMinor: 700 },
    });

    const second = journal.recordRefund(paid.referenceId, { amountMinor: 700 });
    expect(second.refundId).toBe(`${paid.referenceId}-R2`);
    journal.updateRefund(second.refundId, { state: 'checking' });
    journal.updateRefund(second.refundId, { state: 'succeeded' });
    expect(journal.viewOf(paid.referenceId)).toMatchObject({
      refunded: { amountMinor: 1000 },
      refundable: { amountMinor: 0 },
      canRefund: false,
    });
    expect(journal.refundsOf(paid.referenceId).map((refund) => [refund.amountMinor, refund.state])).toEqual([
      [300, 'succeeded'],
      [700, 'succeeded'],
    ]);
    const over = expectPosError(
      () => journal.recordRefund(paid.referenceId, { amountMinor: 1 }),
      'refund.exceeds-refundable',
    );
    expect(over.details?.['refundableMinor']).toBe(0);
  });

  it('reserves refunds in flight so two clerks cannot refund the same money', () => {
    const { journal } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1000 });
    const first = journal.recordRefund(paid.referenceId, { amountMinor: 600 });
    const error = expectPosError(
      () => journal.recordRefund(paid.referenceId, { amountMinor: 500 }),
      'refund.exceeds-refundable',
    );
    expect(error.details).toMatchObject({ refundableMinor: 400, requestedMinor: 500 });

    // A refused refund frees its amount again and changes no total.
    journal.updateRefund(first.refundId, { state: 'failed', failureReason: 'Order is not in captured state.' });
    expect(journal.getAttempt(paid.referenceId)?.refundedMinor).toBe(0);
    expect(journal.recordRefund(paid.referenceId, { amountMinor: 1000 }).amountMinor).toBe(1000);
  });

  it('caps a refund by what is left at the provider when more was refunded there than here, and keeps the baseline', () => {
    const { journal } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1000 });
    // 700 refunded at the merchant portal: this till's own total is still 0.
    const error = expectPosError(
      () => journal.recordRefund(paid.referenceId, { amountMinor: 400, providerRefundedBeforeMinor: 700 }),
      'refund.exceeds-refundable',
    );
    expect(error.details).toMatchObject({ refundableMinor: 300, requestedMinor: 400 });
    expect(journal.refundsOf(paid.referenceId)).toEqual([]);
    const refund = journal.recordRefund(paid.referenceId, { amountMinor: 300, providerRefundedBeforeMinor: 700 });
    expect(journal.getRefund(refund.refundId)).toMatchObject({ providerRefundedBeforeMinor: 700, state: 'sending' });
    // Not a number the provider could have sent.
    expectPosError(
      () => journal.updateRefund(refund.refundId, { state: 'checking', providerRefundedBeforeMinor: -5 }),
      'internal',
    );
    expect(journal.getRefund(refund.refundId)?.state).toBe('sending');
    // Without a baseline (rows from older code paths), only our own totals count.
    const other = seedPayment(journal, { amountMinor: 500 });
    expect(journal.recordRefund(other.referenceId, { amountMinor: 500 }).providerRefundedBeforeMinor).toBeNull();
  });

  it('refuses a baseline read while our own refund could land: one in flight, or one recorded since the read', () => {
    const { journal } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1000 });
    // Clerk B reads the provider total (0) with no refund in the journal; meanwhile clerk A records and sends 300.
    const a = journal.recordRefund(paid.referenceId, {
      amountMinor: 300,
      providerRefundedBeforeMinor: 0,
      refundCountAtBaselineRead: 0,
    });
    const inFlight = expectPosError(
      () =>
        journal.recordRefund(paid.referenceId, {
          amountMinor: 200,
          providerRefundedBeforeMinor: 0,
          refundCountAtBaselineRead: 0,
        }),
      'order.not-refundable',
    );
    expect(inFlight.message).toMatch(/still being confirmed/);
    expect(inFlight.retryable).toBe(true);
    // A succeeds before B records: B's total (0) may or may not hold A's 300, so B is still refused.
    journal.updateRefund(a.refundId, { state: 'succeeded' });
    const stale = expectPosError(
      () =>
        journal.recordRefund(paid.referenceId, {
          amountMinor: 200,
          providerRefundedBeforeMinor: 0,
          refundCountAtBaselineRead: 0,
        }),
      'order.not-refundable',
    );
    expect(stale.message).toMatch(/Another refund was just made/);
    expect(journal.refundsOf(paid.referenceId).map((r) => r.amountMinor)).toEqual([300]);
    // Read again after A settled: accepted with the exact baseline.
    const b = journal.recordRefund(paid.referenceId, {
      amountMinor: 200,
      providerRefundedBeforeMinor: 300,
      refundCountAtBaselineRead: 1,
    });
    expect(b).toMatchObject({ providerRefundedBeforeMinor: 300, state: 'sending' });
  });

  it('counts a confirmed refund once, and never takes it back', () => {
    const { journal } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1000 });
    const refund = journal.recordRefund(paid.referenceId, { amountMinor: 250 });
    journal.updateRefund(refund.refundId, { state: 'succeeded' });
    journal.updateRefund(refund.refundId, { state: 'succeeded' });
    expect(journal.getAttempt(paid.referenceId)?.refundedMinor).toBe(250);
    expectPosError(() => journal.updateRefund(refund.refundId, { state: 'failed' }), 'journal.conflict');
    expectPosError(() => journal.updateRefund(refund.refundId, { state: 'sending' }), 'journal.conflict');
    expect(journal.getRefund(refund.refundId)?.state).toBe('succeeded');
  });

  it('refuses a refund of an order that was never paid, of nothing, or of an unknown payment', () => {
    const { journal } = tempJournal();
    const open = seedPayment(journal, { outcome: 'waiting' });
    expectPosError(() => journal.recordRefund(open.referenceId, { amountMinor: 100 }), 'order.not-captured');
    const failed = seedPayment(journal, { outcome: 'failed' });
    expectPosError(() => journal.recordRefund(failed.referenceId, { amountMinor: 100 }), 'order.not-captured');
    const paid = seedPayment(journal);
    expectPosError(() => journal.recordRefund(paid.referenceId, { amountMinor: 0 }), 'amount.invalid');
    expectPosError(() => journal.recordRefund(paid.referenceId, { amountMinor: 1.5 }), 'amount.invalid');
    expectPosError(() => journal.recordRefund('TILL01-20261121-NOTTHERE', { amountMinor: 100 }), 'payment.not-found');
    expectPosError(() => journal.updateRefund('nope', { state: 'failed' }), 'payment.not-found');
    expect(journal.refundsOf(paid.referenceId)).toEqual([]);
  });

  it('lists refunds whose outcome is unknown, for recovery', () => {
    const { journal, clock } = tempJournal();
    const paid = seedPayment(journal, { amountMinor: 1000 });
    const a = journal.recordRefund(paid.referenceId, { amountMinor: 100 });
    clock.advance(10);
    const b = journal.recordRefund(paid.referenceId, { amountMinor: 100 });
    clock.advance(10);
    const c = journal.recordRefund(paid.referenceId, { amountMinor: 100 });
    journal.updateRefund(b.refundId, { state: 'checking' });
    journal.updateRefund(c.refundId, { state: 'succeeded' });
    expect(journal.unsettledRefunds().map((refund) => refund.refundId)).toEqual([a.refundId, b.refundId]);
    expect(journal.detailOf(paid.referenceId)?.refunds.map((refund) => refund.state)).toEqual([
      'sending',
      'checking',
      'succeeded',
    ]);
  });
});

describe('cancels', () => {
  it('records the request first and its outcome after', () => {
    const { journal, clock } = tempJournal();
    const open = seedPayment(journal, { outcome: 'waiting' });
    const cancel = journal.recordCancel(open.referenceId, { reason: 'Customer changed mind', idempotencyKey: 'ck-1' });
    expect(cancel).toMatchObject({
      cancelId: `${open.referenceId}-C1`,
      state: 'sending',
      outcome: null,
      idempotencyKey: 'ck-1',
    });
    expect(journal.unsettledCancels().map((row) => row.cancelId)).toEqual([cancel.cancelId]);

    clock.advance(500);
    const done = journal.updateCancel(cancel.cancelId, { state: 'done', outcome: 'cancelled' });
    expect(done).toMatchObject({ state: 'done', outcome: 'cancelled', updatedAt: clock.now() });
    journal.updateAttempt(open.referenceId, { state: 'final', providerStatus: 'CANCELLED' });
    expect(journal.viewOf(open.referenceId)).toMatchObject({ displayStatus: 'cancelled', canCancel: false });
    expect(journal.unsettledCancels()).toEqual([]);
    expect(journal.cancelsOf(open.referenceId)).toEqual([done]);
  });

  it('needs an outcome to finish, and a finished cancel stays finished', () => {
    const { journal } = tempJournal();
    const open = seedPayment(journal, { outcome: 'waiting' });
    const cancel = journal.recordCancel(open.referenceId);
    expectPosError(() => journal.updateCancel(cancel.cancelId, { state: 'done' }), 'internal');
    journal.updateCancel(cancel.cancelId, { state: 'checking' });
    journal.updateCancel(cancel.cancelId, {
      state: 'done',
      outcome: 'not-cancellable',
      failureReason: 'customer already confirmed',
    });
    expect(journal.updateCancel(cancel.cancelId, { state: 'done', outcome: 'not-cancellable' }).outcome).toBe(
      'not-cancellable',
    );
    expectPosError(
      () => journal.updateCancel(cancel.cancelId, { state: 'done', outcome: 'cancelled' }),
      'journal.conflict',
    );
    expect(journal.recordCancel(open.referenceId).cancelId).toBe(`${open.referenceId}-C2`);
    expectPosError(() => journal.recordCancel('TILL01-20261121-NOTTHERE'), 'payment.not-found');
  });
});
