import { describe, expect, it } from 'vitest';
import { controlCall } from '../../sandbox/sandbox.test-helper.ts';
import { journalFileIn, openJournal } from './journal/index.ts';
import {
  control,
  expectJournalMatchesSandbox,
  isSettled,
  mintCode,
  openHarness,
  sandboxOrders,
  setFaults,
  shownStatuses,
  waitForDetail,
} from './payment-service.test-helper.ts';
import { caught } from '../../testing/helpers.ts';

// The payment service end to end against the embedded sandbox (real sockets, real journal file): the
// cashier's flows, the consumer played through the sandbox's control API.

describe('merchant QR', () => {
  it('goes waiting → scanned → confirming → paid as the consumer acts, and the journal matches the provider', async () => {
    const harness = await openHarness();
    const { h, sandbox } = harness;
    const view = await h['payments.chargeMerchantQr']({ amountMinor: 1250, currency: 'SGD', note: 'ORDER-7781' });
    expect(view).toMatchObject({
      state: 'active',
      displayStatus: 'waiting',
      method: 'merchant-qr',
      amount: { amountMinor: 1250, currency: 'SGD' },
    });
    expect(view.qrPayload).toMatch(/^sandbox-wallet:\/\/pay\//);
    expect(Date.parse(view.expiresAt!) - Date.parse(view.createdAt)).toBe(5 * 60_000);

    await control(sandbox, 'POST', '/consumer/scan', { qrPayload: view.qrPayload });
    await waitForDetail(h, view.referenceId, (d) => d.payment.displayStatus === 'scanned');
    await control(sandbox, 'POST', '/consumer/confirm', { referenceId: view.referenceId });
    const paid = await waitForDetail(h, view.referenceId, (d) => d.payment.displayStatus === 'paid');

    expect(shownStatuses(harness, view.referenceId)).toEqual(['sending', 'waiting', 'scanned', 'confirming', 'paid']);
    expect(paid.payment).toMatchObject({
      state: 'final',
      providerStatus: 'CAPTURED',
      paymentType: 'PAY',
      canRefund: true,
      canCancel: false,
      qrPayload: null,
    });
    expect(paid.payment.providerOrderId).toMatch(/^\d{6}-\d{4}-[A-Z]{4}$/);
    expect(paid.history.map((c) => c.status)).toEqual(['sending', 'waiting', 'scanned', 'confirming', 'paid']);
    expect(paid.events.some((e) => e.kind === 'request' && e.summary === 'create sent')).toBe(true);
    expect(paid.events.some((e) => e.kind === 'response' && /create attempt 1: HTTP 200/.test(e.summary))).toBe(true);

    const order = await expectJournalMatchesSandbox(harness, view.referenceId);
    // What went out on the wire: our reference, the note as merchant order reference, our webhook listener.
    expect(order.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/instore$/);
    expect(harness.module.counts()).toEqual({ pendingCount: 0, unresolvedCount: 0 });
  });

  it('journals a charge in order: create sent (with its write-ahead), the create answered, then the order created', async () => {
    const harness = await openHarness();
    const { h } = harness;
    const view = await h['payments.chargeMerchantQr']({ amountMinor: 1350, currency: 'SGD' });
    // The answer's audit entry is written with the answer's own commit (audit.ts AnswerAudits), so it is there
    // when the charge answers, and just before the status it explains.
    const detail = await h['payments.get']({ referenceId: view.referenceId });
    const story = detail.events
      .map((e) => e.summary)
      .filter(
        (s) => s === 'create sent' || /^create attempt 1: HTTP 200/.test(s) || s === 'order created at the provider',
      );
    expect(story).toHaveLength(3);
    expect(story[0]).toBe('create sent');
    expect(story[1]).toMatch(/^create attempt 1: HTTP 200/);
    expect(story[2]).toBe('order created at the provider');
  });

  it('sends a create on a provider connection it already has: no new connection set-up on the QR’s path', async () => {
    const harness = await openHarness();
    const { h, sandbox } = harness;
    const since = Date.now();
    // Node's fetch may keep two connections (it opens a second while the first finishes): after two sales both are
    // open, and the third sale's create must go on one of them.
    for (const amountMinor of [1450, 1550]) {
      const sale = await h['payments.chargeMerchantQr']({ amountMinor, currency: 'SGD' });
      await h['payments.cancel']({ referenceId: sale.referenceId });
    }
    await h['payments.chargeMerchantQr']({ amountMinor: 1650, currency: 'SGD' });
    const { requests } = (await control(sandbox, 'GET', `/requests?since=${since}`)) as {
      requests: { method: string; path: string; connection: number }[];
    };
    const creates = requests.filter((r) => r.method === 'POST' && r.path.endsWith('/order/create'));
    expect(creates).toHaveLength(3);
    const third = requests.indexOf(creates[2]!);
    const usedBefore = new Set(requests.slice(0, third).map((r) => r.connection));
    expect(usedBefore.has(creates[2]!.connection)).toBe(true);
  });

  it('shows a declined payment as failed, with the reason', async () => {
    const harness = await openHarness();
    const { h, sandbox } = harness;
    const view = await h['payments.chargeMerchantQr']({ amountMinor: 990, currency: 'SGD' });
    await control(sandbox, 'POST', '/consumer/decline', { referenceId: view.referenceId, reason: 'CONSUMER_DECLINED' });
    const failed = await waitForDetail(h, view.referenceId, (d) => d.payment.state === 'final');
    expect(failed.payment).toMatchObject({
      displayStatus: 'failed',
      providerStatus: 'FAILED',
      failureReason: 'CONSUMER_DECLINED',
      canRefund: false,
    });
    await expectJournalMatchesSandbox(harness, view.referenceId);
  });

  it('shows an order nobody paid as expired once the provider abandons it', async () => {
    const harness = await openHarness({}, { abandonAfterMs: 400 });
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    expect(harness.module.counts().pendingCount).toBe(1);
    const expired = await waitForDetail(harness.h, view.referenceId, (d) => d.payment.state === 'final');
    expect(expired.payment).toMatchObject({
      displayStatus: 'expired',
      providerStatus: 'ABANDONED',
      qrPayload: null,
      canCancel: false,
    });
    expect(harness.module.counts().pendingCount).toBe(0);
    await expectJournalMatchesSandbox(harness, view.referenceId);
  });
});

describe('customer QR', () => {
  it('charges a scanned code: paid, journal matches the provider', async () => {
    const harness = await openHarness();
    const code = await mintCode(harness.sandbox, 'approve');
    const view = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 2054,
      currency: 'SGD',
      consumerCode: `${code}\r\n`,
    });
    expect(view).toMatchObject({ method: 'customer-qr', state: 'active', qrPayload: null });
    const paid = await waitForDetail(harness.h, view.referenceId, (d) => d.payment.state === 'final');
    expect(paid.payment).toMatchObject({ displayStatus: 'paid', paymentType: 'PAYLATER' }); // magic ending 54
    const order = await expectJournalMatchesSandbox(harness, view.referenceId);
    expect(order.consumerCode).toBe(code);
    // The scanned code is a single-use payment credential: never in the event log.
    expect(JSON.stringify(paid.events)).not.toContain(code);
  });

  it('refuses the same code a second time before sending anything (the provider saw one scan)', async () => {
    const harness = await openHarness();
    const code = await mintCode(harness.sandbox, 'approve');
    const first = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 300,
      currency: 'SGD',
      consumerCode: code,
    });
    const error = await caught(
      harness.h['payments.chargeCustomerQr']({ amountMinor: 300, currency: 'SGD', consumerCode: ` ${code} ` }),
    );
    expect(error.code).toBe('consumer-code.already-used');
    const orders = await sandboxOrders(harness.sandbox);
    expect(orders.filter((o) => o.consumerCode === code)).toHaveLength(1);
    expect(orders).toHaveLength(1);
    expect((await harness.h['payments.history']({})).items.map((v) => v.referenceId)).toEqual([first.referenceId]);
  });

  it('a code the wallet declines ends failed with the reason', async () => {
    const harness = await openHarness();
    const code = await mintCode(harness.sandbox, 'decline');
    const view = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 700,
      currency: 'SGD',
      consumerCode: code,
    });
    const failed = await waitForDetail(harness.h, view.referenceId, (d) => d.payment.state === 'final');
    expect(failed.payment).toMatchObject({ displayStatus: 'failed', failureReason: 'CONSUMER_DECLINED' });
  });

  it('a code the provider does not know is refused with the reason, recorded as failed', async () => {
    const harness = await openHarness();
    const error = await caught(
      harness.h['payments.chargeCustomerQr']({
        amountMinor: 700,
        currency: 'SGD',
        consumerCode: 'SBCQNOTAREALCODE0000',
      }),
    );
    expect(error.code).toBe('consumer-code.invalid');
    const [row] = (await harness.h['payments.history']({})).items;
    expect(row).toMatchObject({ state: 'final', displayStatus: 'failed', failureReason: error.message });
    expect(await sandboxOrders(harness.sandbox)).toHaveLength(0);
  });
});

describe('bad input is refused before anything is recorded or sent', () => {
  it('amounts, currency and consumer codes', async () => {
    const harness = await openHarness();
    await harness.test.context.settings.save({ settings: { amountLimits: { minMinor: 100, maxMinor: 50_000 } } });
    const h = harness.h;
    expect((await caught(h['payments.chargeMerchantQr']({ amountMinor: 0, currency: 'SGD' }))).code).toBe(
      'amount.invalid',
    );
    expect((await caught(h['payments.chargeMerchantQr']({ amountMinor: 12.5, currency: 'SGD' }))).code).toBe(
      'amount.invalid',
    );
    const low = await caught(h['payments.chargeMerchantQr']({ amountMinor: 99, currency: 'SGD' }));
    expect([low.code, low.message]).toEqual(['amount.invalid', 'The smallest amount this terminal takes is S$1.00.']);
    const high = await caught(h['payments.chargeMerchantQr']({ amountMinor: 50_001, currency: 'SGD' }));
    expect([high.code, high.message]).toEqual([
      'amount.over-limit',
      'This amount is above the limit of S$500.00 set for this terminal.',
    ]);
    expect((await caught(h['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'HKD' }))).code).toBe(
      'currency.unsupported',
    );
    expect(
      (await caught(h['payments.chargeCustomerQr']({ amountMinor: 500, currency: 'SGD', consumerCode: '  abc ' })))
        .code,
    ).toBe('consumer-code.invalid');
    expect(
      (
        await caught(
          h['payments.chargeCustomerQr']({ amountMinor: 500, currency: 'SGD', consumerCode: 'SBCQ\tBROKEN1234' }),
        )
      ).code,
    ).toBe('consumer-code.invalid');
    expect((await h['payments.history']({})).total).toBe(0);
    expect(await sandboxOrders(harness.sandbox)).toHaveLength(0);
  });
});

describe('cancel', () => {
  it('cancels a waiting order: cancelled at the provider and in the journal; a second tap is harmless', async () => {
    const harness = await openHarness();
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 800, currency: 'SGD' });
    expect(view.canCancel).toBe(true);
    const cancelled = await harness.h['payments.cancel']({ referenceId: view.referenceId, reason: 'customer left' });
    expect(cancelled).toMatchObject({
      state: 'final',
      displayStatus: 'cancelled',
      providerStatus: 'CANCELLED',
      canCancel: false,
    });
    expect(await harness.h['payments.cancel']({ referenceId: view.referenceId })).toMatchObject({
      displayStatus: 'cancelled',
    });
    await expectJournalMatchesSandbox(harness, view.referenceId);
  });

  it('a cancel while the create is unresolved: the order is never sent again, and cancelled if it exists', async () => {
    const harness = await openHarness();
    // The create acts at the provider, but both answers are lost.
    await setFaults(harness.sandbox, { dropAfterActNext: 2, path: '/order/create' });
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 800, currency: 'SGD' });
    expect(view.state).toBe('checking');
    const asked = await harness.h['payments.cancel']({ referenceId: view.referenceId });
    expect(asked.displayStatus).toBe('checking');
    const done = await waitForDetail(harness.h, view.referenceId, isSettled);
    expect(done.payment).toMatchObject({ displayStatus: 'cancelled', providerStatus: 'CANCELLED', qrPayload: null });
    expect(done.events.filter((e) => e.summary === 'create sent')).toHaveLength(1);
    await expectJournalMatchesSandbox(harness, view.referenceId);
  });

  it('a cancel while the create is unresolved and it never arrived: not sent, nothing to cancel', async () => {
    const harness = await openHarness();
    await setFaults(harness.sandbox, { resetNext: 2, path: '/order/create' });
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 800, currency: 'SGD' });
    await harness.h['payments.cancel']({ referenceId: view.referenceId });
    const done = await waitForDetail(harness.h, view.referenceId, isSettled);
    expect(done.payment).toMatchObject({ state: 'not-sent', displayStatus: 'not-sent' });
    expect(await sandboxOrders(harness.sandbox)).toHaveLength(0);
    await expect.poll(() => harness.module.counts().unresolvedCount).toBe(0);
    const journal = openJournal({ filePath: journalFileIn(harness.dataDir) });
    try {
      expect(journal.cancelsOf(view.referenceId)).toMatchObject([{ state: 'done', outcome: 'failed' }]);
    } finally {
      journal.close();
    }
  });

  it('a cancel tapped while the charge is being sent, then the provider refuses the charge: the cancel ends, nothing stays unresolved', async () => {
    const harness = await openHarness();
    await setFaults(harness.sandbox, { latencyMs: 300, path: '/order/scan' });
    const charging = caught(
      harness.h['payments.chargeCustomerQr']({
        amountMinor: 700,
        currency: 'SGD',
        consumerCode: 'SBCQNOTAREALCODE0000',
      }),
    );
    await expect.poll(() => harness.test.payments.length).toBeGreaterThan(0);
    const { referenceId } = harness.test.payments[0]!;
    expect((await harness.h['payments.cancel']({ referenceId })).displayStatus).toBe('sending');
    expect((await charging).code).toBe('consumer-code.invalid');

    await expect.poll(() => harness.module.counts().unresolvedCount, { timeout: 5_000 }).toBe(0);
    expect(await harness.h['payments.unresolved']({})).toEqual([]);
    const journal = openJournal({ filePath: journalFileIn(harness.dataDir) });
    try {
      expect(journal.cancelsOf(referenceId)).toMatchObject([{ state: 'done', outcome: 'failed' }]);
    } finally {
      journal.close();
    }
    expect(await sandboxOrders(harness.sandbox)).toHaveLength(0);
  });

  it('refuses to cancel a paid order, with the reason', async () => {
    const harness = await openHarness();
    const code = await mintCode(harness.sandbox, 'approve');
    const view = await harness.h['payments.chargeCustomerQr']({
      amountMinor: 800,
      currency: 'SGD',
      consumerCode: code,
    });
    await waitForDetail(harness.h, view.referenceId, (d) => d.payment.displayStatus === 'paid');
    const error = await caught(harness.h['payments.cancel']({ referenceId: view.referenceId }));
    expect([error.code, error.message]).toEqual([
      'order.not-cancellable',
      'This payment is already paid. Refund it instead.',
    ]);
  });

  it('a cancel the provider refuses (the customer confirmed meanwhile) says why, and the payment shows its true status', async () => {
    const harness = await openHarness({ schedule: { firstDelayMs: 60_000, steps: [[0, 60_000]] }, webhooks: false });
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 800, currency: 'SGD' });
    // The till has not polled since: it still believes the order is waiting.
    await control(harness.sandbox, 'POST', '/consumer/confirm', { referenceId: view.referenceId });
    const error = await caught(harness.h['payments.cancel']({ referenceId: view.referenceId }));
    expect(error.code).toBe('order.not-cancellable');
    expect(error.message).toMatch(/already confirmed|no longer be cancelled/);
    const detail = await harness.h['payments.get']({ referenceId: view.referenceId });
    expect(['confirming', 'paid']).toContain(detail.payment.displayStatus);
  });
});

describe('an order the provider never finishes', () => {
  it('still open past its expiry + grace: the till cancels it at the provider (write-ahead), so it can never be paid later', async () => {
    // The provider here would keep the order payable for a minute; the screen said 300 ms.
    const harness = await openHarness({ orderLifetimeMs: 300, expiryGraceMs: 200 }, { abandonAfterMs: 60_000 });
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 650, currency: 'SGD' });
    const done = await waitForDetail(harness.h, view.referenceId, isSettled, 5_000);
    // Expired unpaid, as the cashier and the day summary call it; the provider's word (CANCELLED) stays in the detail.
    expect(done.payment).toMatchObject({
      state: 'final',
      displayStatus: 'expired',
      providerStatus: 'CANCELLED',
      qrPayload: null,
    });
    expect(done.history.at(-1)).toMatchObject({ status: 'expired', providerStatus: 'CANCELLED' });
    const summary = await harness.h['payments.summary']({ day: done.payment.createdAt.slice(0, 10) });
    expect(summary.byStatus).toMatchObject({ expired: { count: 1 } });
    expect(summary.byStatus).not.toHaveProperty('cancelled');
    expect((await harness.h['payments.history']({ status: 'expired' })).items.map((v) => v.referenceId)).toEqual([
      view.referenceId,
    ]);
    expect(Date.parse(done.payment.updatedAt)).toBeGreaterThanOrEqual(Date.parse(done.payment.expiresAt!) + 200);
    expect(done.events.some((e) => /still open past its expiry/.test(e.summary))).toBe(true);
    await expectJournalMatchesSandbox(harness, view.referenceId);
    expect(harness.module.counts()).toEqual({ pendingCount: 0, unresolvedCount: 0 });
    const journal = openJournal({ filePath: journalFileIn(harness.dataDir) });
    try {
      expect(journal.cancelsOf(view.referenceId)).toMatchObject([
        { state: 'done', outcome: 'cancelled', reason: 'Not paid before the QR expired' },
      ]);
    } finally {
      journal.close();
    }
    // Too late for the customer now: the provider refuses to take the payment.
    const late = await controlCall(harness.sandbox, 'POST', '/consumer/confirm', { referenceId: view.referenceId });
    expect(late.status).not.toBe(200);
  });

  it('a customer who has already confirmed (PROCESSING) at the deadline is never cancelled: the payment ends paid', async () => {
    const harness = await openHarness(
      { orderLifetimeMs: 300, expiryGraceMs: 200 },
      { abandonAfterMs: 60_000, confirmDelayMs: 1_500 },
    );
    const view = await harness.h['payments.chargeMerchantQr']({ amountMinor: 650, currency: 'SGD' });
    await control(harness.sandbox, 'POST', '/consumer/confirm', { referenceId: view.referenceId });
    const paid = await waitForDetail(harness.h, view.referenceId, isSettled, 5_000);
    expect(paid.payment).toMatchObject({ displayStatus: 'paid', providerStatus: 'CAPTURED' });
    const journal = openJournal({ filePath: journalFileIn(harness.dataDir) });
    try {
      expect(journal.cancelsOf(view.referenceId)).toEqual([]);
    } finally {
      journal.close();
    }
    await expectJournalMatchesSandbox(harness, view.referenceId);
  });
});
