import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { TEST_SUPERVISOR_PIN } from './payment-test-context.ts';
import { expectJournalMatchesSandbox, isSettled, mintCode, openHarness, setFaults, waitForDetail } from './payment-service.test-helper.ts';

// Two refunds of one payment at once. A lost refund answer is reconciled against the provider total read
// just before the refund was recorded; that total is a valid baseline only if none of our own refunds could
// land while it was read. Here refund B's total is read while refund A is in flight and answered only after
// A succeeded; B's own request never reaches the provider. Taking B's stale total as its baseline would
// count A's 3.00 as B's 2.00 and mark B succeeded although it never happened.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two refunds of one payment at once', () => {
  it('a refund whose baseline could hold our other refund in flight is refused, never judged by it', async () => {
    // Long read timeout: the sandbox holds answers back for longer than the usual test deadline.
    const harness = await openHarness({ client: { timeouts: { connectMs: 200, readMs: 3_000 }, retry: { maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 40 } } });
    const { h, sandbox } = harness;
    const code = await mintCode(sandbox, 'approve');
    const { referenceId } = await h['payments.chargeCustomerQr']({ amountMinor: 1000, currency: 'SGD', consumerCode: code });
    await waitForDetail(h, referenceId, (d) => d.payment.displayStatus === 'paid');

    // Refund A (3.00) reaches the provider only 600 ms after it leaves.
    await setFaults(sandbox, { path: '/refund', latencyMs: 600 });
    const refundA = h['payments.refund']({ referenceId, amountMinor: 300, reason: 'first item', supervisorPin: TEST_SUPERVISOR_PIN });
    await waitForDetail(h, referenceId, (d) => d.refunds.length === 1);
    await sleep(100); // A's request has arrived (its latency is decided on arrival)

    // B's status lookup is read at once (total 0, A not landed yet) but answered 1.2 s later, after A succeeded.
    await setFaults(sandbox, { path: `/order/${referenceId}`, latencyMs: 0, delayAfterActMs: 1_200 });
    const refundB = h['payments.refund']({ referenceId, amountMinor: 200, reason: 'second item', supervisorPin: TEST_SUPERVISOR_PIN }).then(
      (detail) => detail,
      (error: unknown) => error,
    );
    await sleep(300);
    // B's refund request, if it is ever sent, never reaches the provider.
    await setFaults(sandbox, { path: '/refund', resetNext: 20, latencyMs: 0, delayAfterActMs: 0 });

    const outcomeB = await refundB;
    expect(outcomeB).toBeInstanceOf(PosError);
    expect((outcomeB as PosError).code).toBe('order.not-refundable');
    expect((outcomeB as PosError).message).toMatch(/still being confirmed/);

    const afterA = await refundA;
    expect(afterA.refunds.map((r) => r.amount.amountMinor)).toEqual([300]);
    const settled = await waitForDetail(h, referenceId, isSettled);
    expect(settled.refunds.map((r) => [r.amount.amountMinor, r.state])).toEqual([[300, 'succeeded']]);
    expect(settled.payment.refunded.amountMinor).toBe(300);
    const order = await expectJournalMatchesSandbox(harness, referenceId);
    expect(order.refunds.map((r) => r.amount)).toEqual([300]);
  });
});
