import { describe, expect, it } from 'vitest';
import { journalFileIn, openJournal } from './journal/index.ts';
import { TEST_SUPERVISOR_PIN } from './payment-test-context.test-helper.ts';
import {
  control,
  expectJournalMatchesSandbox,
  isSettled,
  mintCode,
  openHarness,
  sandboxOrders,
  setFaults,
  waitForDetail,
  type Harness,
} from './payment-service.test-helper.ts';

// Create, scan, refund and cancel, each under the network troubles a till meets, injected by the sandbox on
// real sockets. Whatever happens on the wire: exactly one order (one refund) exists at the provider, the
// journal says what the provider says, and the attempt ends in its true final state with nothing unresolved.
//
// The client tries each request twice (attempt deadline 500 ms); the faults below outlast both tries, so
// the service's own resolution (lookup by referenceId, resend with the same key, refund reconciliation)
// has to finish the job.

const FAULTS: Record<string, (path: string) => Record<string, unknown>> = {
  '5xx then success': (path) => ({ fail5xxNext: 3, path }),
  'timeout after the server acted': (path) => ({ delayAfterActMs: 700, path }),
  'connection dropped after the server acted': (path) => ({ dropAfterActNext: 3, path }),
  'connection reset before acting': (path) => ({ resetNext: 3, path }),
  'slow response (acts after the client gave up)': (path) => ({ latencyMs: 800, path }),
};

const CASES = Object.keys(FAULTS);

async function expectNothingUnresolved(harness: Harness): Promise<void> {
  await expect.poll(() => harness.module.counts().unresolvedCount, { timeout: 5_000 }).toBe(0);
  expect(await harness.h['payments.unresolved']({})).toEqual([]);
}

describe.each(CASES)('%s', (fault) => {
  it('create: one order, paid, journal matches', async () => {
    const harness = await openHarness();
    await setFaults(harness.sandbox, FAULTS[fault]!('/order/create'));
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 1200, currency: 'SGD' });
    expect(['active', 'checking']).toContain(view.state);
    // The order becomes known (found, or sent again), with its QR: when the answer was lost but the fault
    // lets a later request through, the same request with the same key brings the first answer (QR) back.
    const qrComesBack = !/timeout|slow/.test(fault);
    const active = await waitForDetail(
      harness.h,
      view.referenceId,
      (d) => d.payment.state === 'active' && (!qrComesBack || d.payment.qrPayload !== null),
    );
    const [order] = await sandboxOrders(harness.sandbox);
    if (qrComesBack) expect(active.payment.qrPayload).toBe(order!.qrPayload);
    await control(harness.sandbox, 'POST', '/consumer/confirm', { referenceId: view.referenceId });
    const paid = await waitForDetail(harness.h, view.referenceId, isSettled);
    expect(paid.payment).toMatchObject({ displayStatus: 'paid', providerStatus: 'CAPTURED' });
    expect(await sandboxOrders(harness.sandbox)).toHaveLength(1);
    await expectJournalMatchesSandbox(harness, view.referenceId);
    await expectNothingUnresolved(harness);
  });

  it('scan: one order, paid, journal matches', async () => {
    const harness = await openHarness();
    const code = await mintCode(harness.sandbox, 'approve');
    await setFaults(harness.sandbox, FAULTS[fault]!('/order/scan'));
    const view = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 1300,
      currency: 'SGD',
      consumerCode: code,
    });
    const paid = await waitForDetail(harness.h, view.referenceId, isSettled);
    expect(paid.payment).toMatchObject({ displayStatus: 'paid', providerStatus: 'CAPTURED' });
    const orders = await sandboxOrders(harness.sandbox);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.consumerCode).toBe(code);
    await expectJournalMatchesSandbox(harness, view.referenceId);
    await expectNothingUnresolved(harness);
  });

  it('refund: refunded once, journal matches', async () => {
    const harness = await openHarness();
    const code = await mintCode(harness.sandbox, 'approve');
    const view = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 1400,
      currency: 'SGD',
      consumerCode: code,
    });
    await waitForDetail(harness.h, view.referenceId, (d) => d.payment.displayStatus === 'paid');
    await setFaults(harness.sandbox, FAULTS[fault]!('/refund'));
    const detail = await harness.h['payments.refund']({
      referenceId: view.referenceId,
      reason: 'returned',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(detail.refunds).toHaveLength(1);
    expect(['succeeded', 'checking']).toContain(detail.refunds[0]!.state);
    const refunded = await waitForDetail(
      harness.h,
      view.referenceId,
      (d) => isSettled(d) && d.payment.providerStatus === 'REFUNDED',
    );
    expect(refunded.refunds.map((r) => r.state)).toEqual(['succeeded']);
    expect(refunded.payment).toMatchObject({
      displayStatus: 'refunded',
      refunded: { amountMinor: 1400 },
      refundable: { amountMinor: 0 },
    });
    const order = await expectJournalMatchesSandbox(harness, view.referenceId);
    expect(order.refunds).toHaveLength(1);
    await expectNothingUnresolved(harness);
  });

  it('cancel: cancelled once, journal matches', async () => {
    const harness = await openHarness();
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 1500, currency: 'SGD' });
    await setFaults(harness.sandbox, FAULTS[fault]!('/cancel'));
    const after = await harness.h['payments.cancel']({ referenceId: view.referenceId, reason: 'customer left' });
    expect(['waiting', 'cancelled']).toContain(after.displayStatus);
    const cancelled = await waitForDetail(harness.h, view.referenceId, isSettled);
    expect(cancelled.payment).toMatchObject({ displayStatus: 'cancelled', providerStatus: 'CANCELLED' });
    await expectJournalMatchesSandbox(harness, view.referenceId);
    await expectNothingUnresolved(harness);
    const journal = openJournal({ filePath: journalFileIn(harness.dataDir) });
    try {
      expect(journal.cancelsOf(view.referenceId).map((c) => [c.state, c.outcome])).toEqual([['done', 'cancelled']]);
    } finally {
      journal.close();
    }
  });
});
