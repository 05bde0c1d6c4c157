import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { TEST_SUPERVISOR_PIN } from './payment-test-context.test-helper.ts';
import {
  expectJournalMatchesSandbox,
  isSettled,
  mintCode,
  openHarness,
  setFaults,
  waitForDetail,
  type Harness,
} from './payment-service.test-helper.ts';
import { sleep } from '../../testing/helpers.ts';

// Two refunds of one payment at once. A lost refund answer is reconciled against the provider total read
// just before the refund was recorded; that total is a valid baseline only if none of our own refunds could
// land while it was read. Taking a stale total as B's baseline would count A's 3.00 as B's 2.00 and mark B
// succeeded although it never happened. Two ways one refund's baseline can hold another of ours:
// - A is already in flight when B starts: B is refused before it reads anything;
// - B's total is read, and A is recorded and lands before that answer comes back: B is refused when it
//   compares the refunds recorded now with those recorded when it asked.

/** Resolves to the refund's detail or to what it threw, and says whether it has finished yet. */
function watched<T>(promise: Promise<T>): { readonly outcome: Promise<T | unknown>; done: () => boolean } {
  let finished = false;
  const outcome = promise.then(
    (value) => value,
    (error: unknown) => error,
  );
  void outcome.finally(() => {
    finished = true;
  });
  return { outcome, done: () => finished };
}

async function paidPayment(harness: Harness): Promise<string> {
  const code = await mintCode(harness.sandbox, 'approve');
  const { referenceId } = await harness.h['payments.chargeCustomerQr']({
    amountMinor: 1000,
    currency: 'SGD',
    consumerCode: code,
  });
  await waitForDetail(harness.h, referenceId, (d) => d.payment.displayStatus === 'paid');
  return referenceId;
}

/** The sandbox and the journal both hold exactly refund A (3.00), succeeded, and nothing of B. */
async function expectOnlyRefundA(harness: Harness, referenceId: string): Promise<void> {
  const settled = await waitForDetail(harness.h, referenceId, isSettled);
  expect(settled.refunds.map((r) => [r.amount.amountMinor, r.state])).toEqual([[300, 'succeeded']]);
  expect(settled.payment.refunded.amountMinor).toBe(300);
  const order = await expectJournalMatchesSandbox(harness, referenceId);
  expect(order.refunds.map((r) => r.amount)).toEqual([300]);
}

describe('two refunds of one payment at once', () => {
  it('a refund started while another is in flight is refused at once, before any lookup', async () => {
    const harness = await openHarness({
      client: {
        timeouts: { connectMs: 200, readMs: 3_000 },
        retry: { maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 40 },
      },
    });
    const { h, sandbox } = harness;
    const referenceId = await paidPayment(harness);

    // Every request about this payment (status lookups and the refund POST) is held 1 s on its way to the
    // provider: A stays in flight (recorded, not yet answered) for at least 1 s, and a lookup by B would take
    // as long, so B finishing while A is still in flight shows that B asked the provider nothing.
    await setFaults(sandbox, { path: `/order/${referenceId}`, latencyMs: 1_000 });
    const refundA = watched(
      h['payments.refund']({ referenceId, amountMinor: 300, reason: 'first item', supervisorPin: TEST_SUPERVISOR_PIN }),
    );
    await waitForDetail(h, referenceId, (d) => d.refunds.length === 1);

    const refundB = watched(
      h['payments.refund']({
        referenceId,
        amountMinor: 200,
        reason: 'second item',
        supervisorPin: TEST_SUPERVISOR_PIN,
      }),
    );
    const outcomeB = await refundB.outcome;
    // Refused while A was still on its way: by the first check, before any lookup.
    expect(refundA.done()).toBe(false);
    expect(outcomeB).toBeInstanceOf(PosError);
    expect((outcomeB as PosError).code).toBe('order.not-refundable');
    expect((outcomeB as PosError).message).toMatch(/still being confirmed/);

    const afterA = await refundA.outcome;
    expect(
      (afterA as { refunds: { amount: { amountMinor: number } }[] }).refunds.map((r) => r.amount.amountMinor),
    ).toEqual([300]);
    await expectOnlyRefundA(harness, referenceId);
  });

  it('a refund whose total was read before another refund was recorded and landed is refused, never judged by that total', async () => {
    const harness = await openHarness({
      client: {
        timeouts: { connectMs: 200, readMs: 6_000 },
        retry: { maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 40 },
      },
    });
    const { h, sandbox } = harness;
    const referenceId = await paidPayment(harness);

    // B starts first. Its status lookup is read at once (refund total 0) but answered only 4 s later. The
    // fault is the status GET's path, and is lifted once B's lookup has arrived (a request's faults are
    // decided on arrival), so nothing else of this payment is held. The sandbox cannot say when a request
    // arrived; 1 s is ample for a loopback request even on a loaded machine, and a late one fails the
    // test below (B done too early), it cannot make it pass wrongly.
    await setFaults(sandbox, { path: `/order/${referenceId}`, delayAfterActMs: 4_000 });
    const startedB = Date.now();
    const refundB = watched(
      h['payments.refund']({
        referenceId,
        amountMinor: 200,
        reason: 'second item',
        supervisorPin: TEST_SUPERVISOR_PIN,
      }),
    );
    await sleep(1_000);
    await setFaults(sandbox, { path: null, delayAfterActMs: 0 });

    // Meanwhile A is read, recorded, sent and confirmed: the provider's total is 3.00 before B's answer
    // (which still says 0) comes back.
    const afterA = await h['payments.refund']({
      referenceId,
      amountMinor: 300,
      reason: 'first item',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(afterA.refunds.map((r) => [r.amount.amountMinor, r.state])).toEqual([[300, 'succeeded']]);
    // The race really happened: B was still waiting for its lookup when A had succeeded.
    expect(refundB.done()).toBe(false);

    const outcomeB = await refundB.outcome;
    expect(Date.now() - startedB).toBeGreaterThanOrEqual(3_900);
    expect(outcomeB).toBeInstanceOf(PosError);
    expect((outcomeB as PosError).code).toBe('order.not-refundable');
    expect((outcomeB as PosError).message).toMatch(/Another refund was just made/);
    await expectOnlyRefundA(harness, referenceId);
  });
});
