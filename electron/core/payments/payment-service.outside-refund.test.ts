import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentDetail } from '../../../shared/payments.ts';
import { PosError } from '../../../shared/errors.ts';
import { signedCall } from '../../sandbox/sandbox.test-helper.ts';
import { journalFileIn, openJournal } from './journal/index.ts';
import { TEST_SUPERVISOR_PIN } from './payment-test-context.test-helper.ts';
import {
  isSettled,
  mintCode,
  openHarness,
  sandboxOrders,
  setFaults,
  waitForDetail,
  type Harness,
} from './payment-service.test-helper.ts';

// A refund made elsewhere (the provider's merchant portal, another till) raises the provider's refund total
// without this till knowing. A refund of ours whose answer is lost must still end in its true state: it is
// reconciled against the total the provider showed just before it was sent, not against our own total.

const OUTSIDE_REASON = 'refunded at the merchant portal';
const OUR_REASON = 'returned at the till';

async function paidOrder(harness: Harness, amountMinor: number): Promise<string> {
  const code = await mintCode(harness.sandbox, 'approve');
  const view = await harness.h['payments.chargeCustomerQr']({ amountMinor, currency: 'SGD', consumerCode: code });
  await waitForDetail(harness.h, view.referenceId, (d) => d.payment.displayStatus === 'paid');
  return view.referenceId;
}

/** A refund made directly at the provider with our credentials, as the merchant portal would. */
async function refundElsewhere(harness: Harness, referenceId: string, amount: number): Promise<void> {
  const result = await signedCall(
    harness.sandbox.instoreBaseUrl,
    'POST',
    `/v1/instore/order/${referenceId}/refund`,
    { amount, referenceId, reason: OUTSIDE_REASON },
    { idempotencyKey: randomUUID() },
  );
  expect(result.status).toBe(200);
}

async function sandboxRefunds(
  harness: Harness,
  referenceId: string,
): Promise<{ refundAmount: number; refunds: [string | null, number][] }> {
  const order = (await sandboxOrders(harness.sandbox)).find((o) => o.referenceId === referenceId)!;
  const refunds = (order.refunds as readonly { amount: number; reason: string | null }[]).map(
    (r): [string | null, number] => [r.reason, r.amount],
  );
  return { refundAmount: order.refundAmount, refunds };
}

function refundSends(detail: PaymentDetail): { idempotencyKey: string }[] {
  return detail.events
    .filter((e) => /^refund .* sent$/.test(e.summary))
    .map((e) => JSON.parse(e.data!) as { idempotencyKey: string });
}

function baselineOf(harness: Harness, referenceId: string): number | null {
  const journal = openJournal({ filePath: journalFileIn(harness.dataDir) });
  try {
    return journal.refundsOf(referenceId)[0]!.providerRefundedBeforeMinor;
  } finally {
    journal.close();
  }
}

describe('a lost refund answer, after a refund made elsewhere', () => {
  it('not applied by the provider: sent again with the same key, refunded once, never taken for the outside refund', async () => {
    const harness = await openHarness();
    const referenceId = await paidOrder(harness, 1400);
    // Larger than ours: compared with our own (zero) total, the provider's 700 would "hold" our 600.
    await refundElsewhere(harness, referenceId, 700);
    await setFaults(harness.sandbox, { resetNext: 2, path: '/refund' });

    const first = await harness.h['payments.refund']({
      referenceId,
      amountMinor: 600,
      reason: OUR_REASON,
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(first.refunds.map((r) => r.state)).toEqual(['checking']);
    expect(baselineOf(harness, referenceId)).toBe(700);

    const done = await waitForDetail(harness.h, referenceId, isSettled);
    expect(done.refunds.map((r) => [r.state, r.amount.amountMinor])).toEqual([['succeeded', 600]]);
    const sends = refundSends(done);
    expect(sends).toHaveLength(2);
    expect(sends[1]!.idempotencyKey).toBe(sends[0]!.idempotencyKey);
    expect(await sandboxRefunds(harness, referenceId)).toEqual({
      refundAmount: 1300,
      refunds: [
        [OUTSIDE_REASON, 700],
        [OUR_REASON, 600],
      ],
    });
    // Refunded in all, as the provider says; the portal's part shown as refunded elsewhere.
    expect(done.payment).toMatchObject({
      providerStatus: 'CAPTURED',
      refunded: { amountMinor: 1300 },
      refundedElsewhere: { amountMinor: 700 },
      refundable: { amountMinor: 100 },
    });
  });

  it('applied by the provider: found in the growth of its total, never sent again', async () => {
    const harness = await openHarness();
    const referenceId = await paidOrder(harness, 1400);
    await refundElsewhere(harness, referenceId, 700);
    await setFaults(harness.sandbox, { dropAfterActNext: 2, path: '/refund' });

    const first = await harness.h['payments.refund']({
      referenceId,
      amountMinor: 600,
      reason: OUR_REASON,
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(first.refunds.map((r) => r.state)).toEqual(['checking']);

    const done = await waitForDetail(harness.h, referenceId, isSettled);
    expect(done.refunds.map((r) => [r.state, r.amount.amountMinor])).toEqual([['succeeded', 600]]);
    expect(refundSends(done)).toHaveLength(1);
    expect(await sandboxRefunds(harness, referenceId)).toEqual({
      refundAmount: 1300,
      refunds: [
        [OUTSIDE_REASON, 700],
        [OUR_REASON, 600],
      ],
    });
    expect(baselineOf(harness, referenceId)).toBe(700);
  });

  it('what was refunded elsewhere caps the refund: more is refused before anything is recorded or sent', async () => {
    const harness = await openHarness();
    const referenceId = await paidOrder(harness, 1400);
    await refundElsewhere(harness, referenceId, 1000);

    const refused = await harness.h['payments.refund']({
      referenceId,
      amountMinor: 600,
      reason: OUR_REASON,
      supervisorPin: TEST_SUPERVISOR_PIN,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PosError);
    expect(refused).toMatchObject({
      code: 'refund.exceeds-refundable',
      details: { refundableMinor: 400, requestedMinor: 600 },
    });
    expect((await harness.h['payments.get']({ referenceId })).refunds).toEqual([]);
    expect((await sandboxRefunds(harness, referenceId)).refunds).toEqual([[OUTSIDE_REASON, 1000]]);

    // Without an amount: what is left at the provider.
    await harness.h['payments.refund']({ referenceId, reason: OUR_REASON, supervisorPin: TEST_SUPERVISOR_PIN });
    const done = await waitForDetail(
      harness.h,
      referenceId,
      (d) => isSettled(d) && d.payment.providerStatus === 'REFUNDED',
    );
    expect(done.refunds.map((r) => [r.state, r.amount.amountMinor])).toEqual([['succeeded', 400]]);
    expect(await sandboxRefunds(harness, referenceId)).toEqual({
      refundAmount: 1400,
      refunds: [
        [OUTSIDE_REASON, 1000],
        [OUR_REASON, 400],
      ],
    });
  });
});
