import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { money } from '../../../shared/money.ts';
import { DEMO_CREDENTIALS, DEMO_MERCHANT, startSandbox, type RunningSandbox } from '../../sandbox/server.ts';
import { createBody, signedCall } from '../../sandbox/sandbox.test-helper.ts';
import { journalFileIn, openJournal, type Journal } from './journal/index.ts';
import type { PaymentModule } from './payment-module.ts';
import { EXISTS_NOT_FOUND_REASON, PROVIDER_SAID_EXISTS_DATA } from './decisions.ts';
import { createPaymentModule } from './payment-service.ts';
import { FAST, isSettled, mintCode, sandboxOrders, waitForDetail, control } from './payment-service.test-helper.ts';
import { openTestContext, type TestContext } from './payment-test-context.test-helper.ts';
import { notice, noticeInEnglish } from '../../../shared/notices.ts';
import { removeFolder, sleep, tempFolder } from '../../testing/helpers.ts';

// Recovery on start, one situation at a time: the journal holds what a till that died left behind (written
// here directly, as the dead process would have), the provider holds what really happened, and a fresh
// service must settle each row to the truth without sending anything twice.

interface Till {
  readonly sandbox: RunningSandbox;
  readonly dataDir: string;
  readonly test: TestContext;
  start(): Promise<PaymentModule>;
  /** The journal file, opened as the dead process had it (close before start()). */
  journal(): Journal;
}

async function till(sandboxOptions: Parameters<typeof startSandbox>[0] = {}): Promise<Till> {
  const sandbox = await startSandbox({ confirmDelayMs: 100, seed: 3, ...sandboxOptions });
  const dataDir = tempFolder('payments-recovery-');
  const test = await openTestContext({ dataDir, sandbox });
  const modules: PaymentModule[] = [];
  onTestFinished(async () => {
    for (const module of modules) await module.close();
    await test.close();
    await sandbox.close();
    removeFolder(dataDir);
  });
  return {
    sandbox,
    dataDir,
    test,
    async start() {
      const module = await createPaymentModule(FAST)(test.context);
      modules.push(module);
      return module;
    },
    journal: () => openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC' }),
  };
}

/** The write-ahead record a till makes before sending a create. */
function recordCreate(journal: Journal, amountMinor = 900): string {
  const referenceId = journal.newReferenceId('TILL-01');
  journal.recordAttempt({
    referenceId,
    method: 'merchant-qr',
    amount: money(amountMinor, 'SGD'),
    posId: DEMO_CREDENTIALS.posId,
    idempotencyKey: randomUUID(),
  });
  return referenceId;
}

describe('recovery on start', () => {
  it('a create that reached the provider before the crash: found, adopted, followed to its end', async () => {
    const t = await till();
    const journal = t.journal();
    const referenceId = recordCreate(journal);
    journal.close();
    // The request that left just before the process died:
    const sent = await signedCall(
      t.sandbox.instoreBaseUrl,
      'POST',
      '/v1/instore/order/create',
      createBody({ referenceId, amount: 900 }),
      { idempotencyKey: randomUUID() },
    );
    expect(sent.status).toBe(200);

    const module = await t.start();
    const active = await waitForDetail(module.handlers, referenceId, (d) => d.payment.state === 'active');
    expect(active.payment).toMatchObject({ displayStatus: 'waiting', providerStatus: 'CREATED' });
    expect(active.events.map((e) => e.summary)).toContain('resumed after the app started');
    await control(t.sandbox, 'POST', '/consumer/confirm', { referenceId });
    const paid = await waitForDetail(module.handlers, referenceId, isSettled);
    expect(paid.payment.displayStatus).toBe('paid');
    expect(await sandboxOrders(t.sandbox)).toHaveLength(1);
  });

  // The 409 is remembered by the marker in the event's data whatever its summary says, and by the exact summary
  // alone in journals written before the marker existed (that text is written out here on purpose).
  it.each([
    [
      'recorded with the data marker (summary reworded)',
      { kind: 'note', summary: 'provider: reference exists (409)', data: PROVIDER_SAID_EXISTS_DATA },
    ],
    [
      'recorded by an earlier version (summary only)',
      { kind: 'note', summary: 'the provider answered that this reference already exists (409): the order is there' },
    ],
  ] as const)(
    'a create the provider answered with 409 "already exists" before the crash (%s) is never made not-sent by lookups that lag',
    async (_, event) => {
      const t = await till();
      const journal = t.journal();
      const referenceId = recordCreate(journal);
      journal.updateAttempt(referenceId, { state: 'checking', unresolvedReason: notice('unresolved.already-exists') });
      journal.appendEvent(referenceId, event);
      journal.close();

      // The provider's lookups do not show the order (lagging behind its 409): well past the settle time (1.5 s)
      // the payment is still being checked, with why, and nothing was sent again.
      const module = await t.start();
      await sleep(2_500);
      const detail = await module.handlers['payments.get']({ referenceId });
      expect(detail.payment).toMatchObject({
        state: 'checking',
        displayStatus: 'checking',
        unresolvedReason: EXISTS_NOT_FOUND_REASON,
      });
      expect(detail.events.filter((e) => e.kind === 'request')).toEqual([]);
      expect(module.counts().unresolvedCount).toBe(1);
    },
  );

  it('a create that never left: checked until the settle time, then not-sent — and never sent by recovery', async () => {
    const t = await till();
    const journal = t.journal();
    const referenceId = recordCreate(journal);
    journal.close();

    const module = await t.start();
    // While it waits for the settle time, it is listed as unresolved, with the reason.
    const unresolved = await waitForDetail(module.handlers, referenceId, (d) => d.payment.state === 'checking');
    expect(noticeInEnglish(unresolved.payment.unresolvedReason!)).toMatch(/no record of this payment yet/);
    expect((await module.handlers['payments.unresolved']({})).map((v) => v.referenceId)).toEqual([referenceId]);
    expect(module.counts().unresolvedCount).toBe(1);

    const settled = await waitForDetail(module.handlers, referenceId, isSettled);
    expect(settled.payment).toMatchObject({ state: 'not-sent', displayStatus: 'not-sent' });
    expect(await sandboxOrders(t.sandbox)).toHaveLength(0);
    expect(module.counts()).toEqual({ pendingCount: 0, unresolvedCount: 0 });
  });

  it('a payment settled as not-sent that turns up at the provider later is followed to its end once found (check now)', async () => {
    const t = await till();
    const journal = t.journal();
    const referenceId = recordCreate(journal);
    journal.close();
    const module = await t.start();
    await waitForDetail(module.handlers, referenceId, (d) => d.payment.state === 'not-sent');
    // A request held far beyond any timeout (a stuck proxy) reaches the provider after all.
    const late = await signedCall(
      t.sandbox.instoreBaseUrl,
      'POST',
      '/v1/instore/order/create',
      createBody({ referenceId, amount: 900 }),
      { idempotencyKey: randomUUID() },
    );
    expect(late.status).toBe(200);

    const checked = await module.handlers['payments.checkNow']({ referenceId });
    expect(checked).toMatchObject({ state: 'active', displayStatus: 'waiting', providerStatus: 'CREATED' });
    expect(module.counts().pendingCount).toBe(1);
    // From now on it is watched like any open order: the customer pays, the journal sees it.
    await control(t.sandbox, 'POST', '/consumer/confirm', { referenceId });
    const paid = await waitForDetail(module.handlers, referenceId, isSettled);
    expect(paid.payment).toMatchObject({ state: 'final', displayStatus: 'paid', providerStatus: 'CAPTURED' });
  });

  async function paidThenStopped(t: Till): Promise<string> {
    const first = await t.start();
    const code = await mintCode(t.sandbox, 'approve');
    const view = await first.handlers['payments.chargeCustomerQr']({
      amountMinor: 1000,
      currency: 'SGD',
      consumerCode: code,
    });
    await waitForDetail(first.handlers, view.referenceId, isSettled);
    await first.close();
    return view.referenceId;
  }

  it('a refund that reached the provider before the crash: found in its refund total, never sent twice', async () => {
    const t = await till();
    const referenceId = await paidThenStopped(t);
    const journal = t.journal();
    const refund = journal.recordRefund(referenceId, { amountMinor: 400, reason: 'returned' });
    journal.close();
    const sent = await signedCall(
      t.sandbox.instoreBaseUrl,
      'POST',
      `/v1/instore/order/${referenceId}/refund`,
      { amount: 400, referenceId },
      { idempotencyKey: refund.idempotencyKey },
    );
    expect(sent.status).toBe(200);

    const module = await t.start();
    const done = await waitForDetail(module.handlers, referenceId, isSettled);
    expect(done.refunds.map((r) => r.state)).toEqual(['succeeded']);
    expect(done.payment).toMatchObject({ refunded: { amountMinor: 400 }, providerStatus: 'CAPTURED' });
    const [order] = await sandboxOrders(t.sandbox);
    expect(order!.refunds).toHaveLength(1);
  });

  it('a refund that never left: sent once the settle time proves it cannot land any more, exactly once', async () => {
    const t = await till();
    const referenceId = await paidThenStopped(t);
    const journal = t.journal();
    journal.recordRefund(referenceId, { amountMinor: 1000, reason: 'whole order' });
    journal.close();

    const module = await t.start();
    const done = await waitForDetail(
      module.handlers,
      referenceId,
      (d) => isSettled(d) && d.payment.providerStatus === 'REFUNDED',
    );
    expect(done.refunds.map((r) => r.state)).toEqual(['succeeded']);
    const [order] = await sandboxOrders(t.sandbox);
    expect(order).toMatchObject({ status: 'REFUNDED', refundAmount: 1000 });
    expect(order!.refunds).toHaveLength(1);
  });

  it('a cancel recorded but never sent: sent on start, the order ends cancelled', async () => {
    const t = await till();
    const first = await t.start();
    const view = await first.handlers['payments.chargeMerchantQr']({ amountMinor: 700, currency: 'SGD' });
    await first.close();
    const journal = t.journal();
    journal.recordCancel(view.referenceId, { reason: 'customer left' });
    journal.close();

    const module = await t.start();
    const done = await waitForDetail(module.handlers, view.referenceId, isSettled);
    expect(done.payment).toMatchObject({ displayStatus: 'cancelled', providerStatus: 'CANCELLED' });
    const check = t.journal();
    try {
      expect(check.cancelsOf(view.referenceId).map((c) => [c.state, c.outcome])).toEqual([['done', 'cancelled']]);
    } finally {
      check.close();
    }
  });

  it("after the till is switched to another terminal, the old terminal's payment is not judged by the new one", async () => {
    const other = {
      name: 'Other Shop',
      accessKeyId: 'AK_OTHER',
      accessKeySecret: 'SK_OTHER',
      country: 'SG' as const,
      posIds: ['POS-OTHER-1'],
    };
    const t = await till({ merchants: [DEMO_MERCHANT, other] });
    const journal = t.journal();
    const referenceId = recordCreate(journal);
    journal.close();
    const settings = t.test.context.settings;
    await settings.save({
      settings: {
        environment: 'custom',
        customBaseUrl: t.sandbox.instoreBaseUrl,
        accessKeyId: other.accessKeyId,
        posId: 'POS-OTHER-1',
      },
      secrets: { accessKeySecret: other.accessKeySecret },
    });

    const module = await t.start();
    // Well past the settle time: a "not found" from the other terminal would have made it not-sent.
    await sleep((FAST.settleMs ?? 0) + 500);
    const held = await module.handlers['payments.get']({ referenceId });
    expect(held.payment.state).toBe('checking');
    expect(noticeInEnglish(held.payment.unresolvedReason!)).toMatch(
      /taken on terminal POS-DEMO-1; the till is now set up as POS-OTHER-1/,
    );

    await settings.save({ settings: { environment: 'embedded-sandbox' } });
    const settled = await waitForDetail(module.handlers, referenceId, isSettled);
    expect(settled.payment.state).toBe('not-sent');
    expect(await sandboxOrders(t.sandbox)).toHaveLength(0);
  });
});
