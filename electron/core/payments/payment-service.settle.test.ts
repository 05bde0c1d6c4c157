import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { money } from '../../../shared/money.ts';
import { DEMO_CREDENTIALS, startSandbox } from '../../sandbox/server.ts';
import { createBody, signedCall } from '../../sandbox/sandbox.test-helper.ts';
import { journalFileIn, openJournal } from './journal/index.ts';
import { TEST_SUPERVISOR_PIN } from './payment-test-context.test-helper.ts';
import { createPaymentModule } from './payment-service.ts';
import {
  expectJournalMatchesSandbox,
  FAST,
  isSettled,
  mintCode,
  openHarness,
  sandboxOrders,
  setFaults,
  waitForDetail,
} from './payment-service.test-helper.ts';
import { openTestContext } from './payment-test-context.test-helper.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// "Not found" proves a request never arrived only once it can no longer arrive: settleMs after the LAST time
// it could have left. The client retries inside one call (same key), so that last time is when the call gave
// up, not when it started; after a restart, it is when the new process started, not the row's last write
// (the dead process may have kept retrying until it died).
//
// The faults below make the first try fail and the client's retry leave well after the first send; that
// retry acts at the provider shortly after the client gave up on it (within the settle model: 200 ms after
// its 500 ms deadline, settleMs is 1.5 s).

/** Attempt deadline 500 ms; the one retry waits 0.5–1 s, so the call gives up 1.5–2 s after the first send. */
const SLOW_RETRY = {
  ...FAST,
  client: {
    timeouts: { connectMs: 200, readMs: 300 },
    retry: { maxAttempts: 2, baseDelayMs: 1_000, maxDelayMs: 1_000 },
  },
};
/** The first try answers 503 (too late to be seen) without acting; the retry acts 700 ms after it arrives. */
const FIRST_FAILS_RETRY_ACTS_LATE = (path: string) => ({ fail5xxNext: 1, latencyMs: 700, path });

describe('the settle time counts from the last try of a request', () => {
  it('a scan whose retry acts after the first send + settleMs is found and paid, never marked not-sent', async () => {
    // Past the resend window when the call returns, as with the defaults (the client's ~90 s budget outlasts the
    // 60 s window): only the settle rule decides.
    const harness = await openHarness({ ...SLOW_RETRY, resendWindowMs: 1_000 });
    const code = await mintCode(harness.sandbox, 'approve');
    await setFaults(harness.sandbox, FIRST_FAILS_RETRY_ACTS_LATE('/order/scan'));
    const view = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 1300,
      currency: 'SGD',
      consumerCode: code,
    });
    expect(view.state).toBe('checking');

    const settled = await waitForDetail(harness.h, view.referenceId, isSettled);
    // The customer's money was taken: the journal must say so.
    expect(settled.payment).toMatchObject({ state: 'final', displayStatus: 'paid', providerStatus: 'CAPTURED' });
    expect(settled.events.filter((e) => e.notice?.key === 'event.scan-sent')).toHaveLength(1);
    expect(await sandboxOrders(harness.sandbox)).toHaveLength(1);
    await expectJournalMatchesSandbox(harness, view.referenceId);
  });

  it('a refund whose retry acts late is found in the refund total, and its request is never sent again', async () => {
    const harness = await openHarness(SLOW_RETRY);
    const code = await mintCode(harness.sandbox, 'approve');
    const view = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 1400,
      currency: 'SGD',
      consumerCode: code,
    });
    await waitForDetail(harness.h, view.referenceId, (d) => d.payment.displayStatus === 'paid');
    await setFaults(harness.sandbox, FIRST_FAILS_RETRY_ACTS_LATE('/refund'));

    const first = await harness.h['payments.refund']({
      referenceId: view.referenceId,
      amountMinor: 600,
      reason: 'returned',
      supervisorPin: TEST_SUPERVISOR_PIN,
    });
    expect(first.refunds.map((r) => r.state)).toEqual(['checking']);
    const done = await waitForDetail(harness.h, view.referenceId, isSettled);
    expect(done.refunds.map((r) => [r.state, r.amount.amountMinor])).toEqual([['succeeded', 600]]);
    // Sending it again while the first could still land relies on the provider honouring keys; we never do.
    expect(done.events.filter((e) => e.notice?.key === 'event.refund-sent')).toHaveLength(1);
    const order = await expectJournalMatchesSandbox(harness, view.referenceId);
    expect(order.refunds).toHaveLength(1);
  });

  it('after a restart, a create the dead process retried long after its last journal write is found, not marked not-sent', async () => {
    const sandbox = await startSandbox({ confirmDelayMs: 100, seed: 5 });
    const dataDir = tempFolder('payments-settle-');
    const test = await openTestContext({ dataDir, sandbox });
    let module: Awaited<ReturnType<ReturnType<typeof createPaymentModule>>> | null = null;
    onTestFinished(async () => {
      await module?.close();
      await test.close();
      await sandbox.close();
      removeFolder(dataDir);
    });

    // The dead till wrote its write-ahead row 10 s before it died...
    const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC', now: () => Date.now() - 10_000 });
    const referenceId = journal.newReferenceId('TILL-01');
    const row = journal.recordAttempt({
      referenceId,
      method: 'merchant-qr',
      amount: money(900, 'SGD'),
      posId: DEMO_CREDENTIALS.posId,
      idempotencyKey: randomUUID(),
    });
    journal.close();
    // ...and its client's last retry of the create left just before it died; the provider acts on it 800 ms later.
    await setFaults(sandbox, { latencyMs: 800, path: '/order/create' });
    const lateCreate = signedCall(
      sandbox.instoreBaseUrl,
      'POST',
      '/v1/instore/order/create',
      createBody({ referenceId, amount: 900 }),
      { idempotencyKey: row.idempotencyKey },
    );

    // The same client as the dead till's, whose attempts (2 × 10 s) may go on that long after the write; FAST's
    // whole send window (about a second) would prove it could not have.
    module = await createPaymentModule({
      ...FAST,
      client: { ...FAST.client, timeouts: { connectMs: 5_000, readMs: 5_000 } },
    })(test.context);
    expect((await lateCreate).status).toBe(200);
    const found = await waitForDetail(
      module.handlers,
      referenceId,
      (d) => d.payment.state !== 'sending' && d.payment.state !== 'checking',
    );
    expect(found.payment).toMatchObject({ state: 'active', displayStatus: 'waiting', providerStatus: 'CREATED' });
    expect(await sandboxOrders(sandbox)).toHaveLength(1);
  });
});
