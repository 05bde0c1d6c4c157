import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '../../../shared/payments.ts';
import { notice } from '../../../shared/notices.ts';
import { App } from '../../App.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { openCoreBridge, type CoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { keyAt, renderWithBridge } from '../../test/render.test-helper.tsx';

async function startCharge(bridge = createFakeBridge()) {
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  keyAt(document.body, '1', 1_000);
  keyAt(document.body, '2', 1_200);
  keyAt(document.body, 'Enter', 1_400);
  await screen.findByTestId('payment-screen');
  const [view] = [...bridge.payments.values()] as [PaymentView];
  const update = (patch: Partial<PaymentView>, at: string) => {
    const next = { ...bridge.payments.get(view.referenceId)!, ...patch, updatedAt: at };
    bridge.payments.set(view.referenceId, next);
    act(() => bridge.emit('payment.updated', next));
  };
  return { bridge, view, update };
}

/** The same start against the real core: the sale keyed in, the QR on screen. */
async function chargeOnCore(): Promise<CoreBridge> {
  const bridge = await openCoreBridge();
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  keyAt(document.body, '1', 1_000);
  keyAt(document.body, '2', 1_200);
  keyAt(document.body, 'Enter', 1_400);
  await screen.findByTestId('payment-qr');
  return bridge;
}

/** The payment the core answered the charge with. */
function charged(bridge: CoreBridge): [PaymentView] {
  const answer = bridge.answersTo('payments.chargeMerchantQr').at(-1);
  if (!answer?.ok) throw new Error('no charge');
  return [answer.value];
}

afterEach(() => {
  vi.useRealTimers();
});

describe('merchant-QR payment view', () => {
  it('offers Cancel exactly while the order can be cancelled, following payment.updated events', async () => {
    const { update } = await startCharge();
    expect(screen.getByTestId('cancel-payment')).toBeDefined();
    expect(screen.getByTestId('payment-qr')).toBeDefined();
    expect(screen.getByTestId('payment-countdown').textContent).toMatch(/^Expires in [45]:\d\d$/);

    update({ displayStatus: 'scanned', providerStatus: 'PENDING' }, '2026-11-22T10:00:05.000Z');
    expect(screen.getByTestId('payment-status').textContent).toBe('Customer scanned — waiting for confirmation');
    expect(screen.queryByTestId('cancel-payment')).not.toBeNull();

    update({ displayStatus: 'confirming', providerStatus: 'PROCESSING', canCancel: false }, '2026-11-22T10:00:06.000Z');
    expect(screen.getByTestId('payment-status').dataset.status).toBe('confirming');
    expect(screen.queryByTestId('cancel-payment')).toBeNull();

    update(
      {
        displayStatus: 'paid',
        providerStatus: 'CAPTURED',
        state: 'final',
        qrPayload: null,
        providerOrderId: '221122-0001-ABCD',
      },
      '2026-11-22T10:00:07.000Z',
    );
    expect(screen.getByTestId('payment-result').dataset.outcome).toBe('success');
    expect(screen.getByTestId('payment-result').textContent).toContain('Paid S$0.12');
    expect(screen.getByTestId('payment-provider-order-id').textContent).toBe('221122-0001-ABCD');
    expect(screen.queryByTestId('payment-qr')).toBeNull();
  });

  it('ignores an out-of-order older event', async () => {
    const { update } = await startCharge();
    update({ displayStatus: 'confirming', canCancel: false }, '2026-11-22T10:00:06.000Z');
    update({ displayStatus: 'scanned', canCancel: true }, '2026-11-22T10:00:05.000Z');
    expect(screen.getByTestId('payment-status').dataset.status).toBe('confirming');
    expect(screen.queryByTestId('cancel-payment')).toBeNull();
  });

  it('the customer scans the QR and pays in their wallet: Paid, with the provider’s order id', async () => {
    const bridge = await chargeOnCore();
    const [view] = charged(bridge);
    expect(screen.getByTestId('payment-status').dataset.status).toBe('waiting');
    await bridge.pay(view.qrPayload!, view.referenceId);
    const result = await screen.findByTestId('payment-result');
    expect(result.dataset.outcome).toBe('success');
    expect(result.textContent).toContain('Paid S$0.12');
    const order = await bridge.control('GET', `/orders/${view.referenceId}`);
    expect(screen.getByTestId('payment-provider-order-id').textContent).toBe(order.shopbackOrderId);
    expect(screen.queryByTestId('payment-qr')).toBeNull();
  });

  it('cancels through payments.cancel and shows Cancelled', async () => {
    const bridge = await chargeOnCore();
    const [view] = charged(bridge);
    fireEvent.click(screen.getByTestId('cancel-payment'));
    await waitFor(() => expect(screen.getByTestId('payment-status').dataset.status).toBe('cancelled'));
    expect(bridge.callsTo('payments.cancel')).toEqual([{ referenceId: view.referenceId }]);
    expect(screen.queryByTestId('cancel-payment')).toBeNull();
  });

  it('shows the refusal when the customer confirmed just before Cancel, and the true state', async () => {
    const bridge = await chargeOnCore();
    const [view] = charged(bridge);
    // The customer confirms in their wallet, which then takes its time: the order stays PROCESSING.
    await bridge.control('POST', '/settings', { confirmDelayMs: 60_000 });
    await bridge.pay(view.qrPayload!, view.referenceId);
    fireEvent.click(screen.getByTestId('cancel-payment'));
    expect((await screen.findByTestId('payment-error')).dataset.errorCode).toBe('order.not-cancellable');
    await waitFor(() => expect(screen.getByTestId('payment-status').dataset.status).toBe('confirming'));
    expect(screen.queryByTestId('cancel-payment')).toBeNull();
  });

  it('keeps a failure on screen until dismissed when the timeout is 0, then returns to a fresh sale', async () => {
    const { bridge, update } = await startCharge();
    bridge.settings = { ...bridge.settings, resultDismissSeconds: 0 };
    act(() =>
      useAppStore.getState().setSettingsView({
        settings: bridge.settings,
        secrets: {
          accessKeySecret: false,
          supervisorPin: false,
          adminPin: false,
          tokenizedMerchantSecret: false,
          headOfficeUrl: false,
        },
        demo: true,
        vaultUnreadable: false,
        pinLockouts: [],
      }),
    );
    update(
      {
        displayStatus: 'failed',
        providerStatus: 'FAILED',
        state: 'final',
        canCancel: false,
        failureReason: 'CONSUMER_DECLINED',
      },
      '2026-11-22T10:00:07.000Z',
    );
    const result = screen.getByTestId('payment-result');
    expect(result.dataset.outcome).toBe('failure');
    expect(result.textContent).toContain('Reason: The customer declined the payment in their app.');
    expect(screen.queryByText(/Next sale in/)).toBeNull();
    fireEvent.click(screen.getByTestId('result-done'));
    expect((await screen.findByTestId('sale-amount')).textContent).toBe('S$0.00');
  });

  // Declined, expired and not sent alike: the customer is still at the counter, so the sale stays until the
  // cashier chooses, even with results set to dismiss themselves (8 s by default).
  for (const [result, patch, reason] of [
    [
      'declined',
      { displayStatus: 'failed', providerStatus: 'FAILED', state: 'final', failureReason: 'CONSUMER_DECLINED' },
      'Reason: The customer declined the payment in their app.',
    ],
    [
      'expired',
      { displayStatus: 'expired', providerStatus: 'ABANDONED', state: 'final', qrPayload: null },
      'the QR code expired. Nothing was charged',
    ],
    [
      'not sent',
      { displayStatus: 'not-sent', providerStatus: null, state: 'not-sent', qrPayload: null },
      'never reached the provider. Nothing was charged: try again if the customer still wants to pay.',
    ],
  ] as const) {
    it(`${result} keeps the sale even when results dismiss themselves: Try again / Other method / Done, no countdown`, async () => {
      const { update } = await startCharge();
      vi.useFakeTimers();
      update({ ...patch, canCancel: false }, '2026-11-22T10:00:07.000Z');
      const shown = screen.getByTestId('payment-result');
      expect(shown.dataset.outcome).toBe('failure');
      expect(shown.textContent).toContain('S$0.12 not paid');
      expect(shown.textContent).toContain(reason);
      expect(screen.getByTestId('result-try-again').textContent).toBe('Try again');
      expect(screen.getByTestId('result-other-method').textContent).toBe('Scan the customer instead');
      expect(screen.getByTestId('result-done')).toBeDefined();
      expect(screen.queryByText(/Next sale in/)).toBeNull();
      expect(screen.queryByTestId('dismiss-result')).toBeNull();
      // Well past the dismiss time: still there, still the same sale.
      act(() => vi.advanceTimersByTime(30_000));
      expect(screen.getByTestId('payment-result').dataset.outcome).toBe('failure');
      expect(screen.queryByTestId('sale-screen')).toBeNull();
    });
  }

  it('one plain message while the provider is not answering: the lines under it do not say it again', async () => {
    const { bridge, view, update } = await startCharge(createFakeBridge({ status: { providerReachable: false } }));
    const unreachable = notice('unresolved.checking', {
      reason: notice('payments.error', { error: { code: 'provider.unavailable' } }),
    });
    update({ displayStatus: 'checking', state: 'checking', unresolvedReason: unreachable }, '2026-11-22T10:00:05.000Z');
    expect(screen.getByTestId('payment-outage').textContent).toBe(
      'The wallet service is not answering; the till keeps trying — you can cancel this attempt.',
    );
    expect(screen.queryByTestId('payment-checking-reason')).toBeNull();
    expect(screen.queryByTestId('payment-last-checked')).toBeNull();
    // A check without an answer adds nothing; one that had an answer earlier keeps its age ticking.
    act(() =>
      bridge.emit('payment.checked', {
        referenceId: view.referenceId,
        checkedAt: new Date().toISOString(),
        answeredAt: null,
      }),
    );
    expect(screen.queryByTestId('payment-last-checked')).toBeNull();
    act(() =>
      bridge.emit('payment.checked', {
        referenceId: view.referenceId,
        checkedAt: new Date().toISOString(),
        answeredAt: new Date(Date.now() - 12_000).toISOString(),
      }),
    );
    expect(screen.getByTestId('payment-last-checked').textContent).toMatch(
      /^Last answer from the provider 1[12] s ago$/,
    );
    // A reason that is news (sending it again) is still said.
    update({ unresolvedReason: notice('unresolved.resending', { count: 1, max: 2 }) }, '2026-11-22T10:00:06.000Z');
    expect(screen.getByTestId('payment-checking-reason').textContent).toBe(
      'The provider has no record of this payment; sending it again (1 of 2).',
    );
    expect(screen.getByTestId('payment-screen').textContent).toContain('The outcome is not known yet.');

    // Cancel this attempt: the cancel's line is the message now; "not known yet" would contradict it.
    update({ cancelRequested: true, unresolvedReason: unreachable }, '2026-11-22T10:00:07.000Z');
    expect(screen.getByTestId('payment-cancel-requested').textContent).toContain('Nothing will be charged.');
    expect(screen.queryByTestId('payment-outage')).toBeNull();
    expect(screen.queryByTestId('payment-checking-reason')).toBeNull();
    expect(screen.getByTestId('payment-screen').textContent).not.toContain('The outcome is not known yet.');
  });

  it('a digit typed while a result shows starts the next sale from 0 with that digit', async () => {
    const { update } = await startCharge();
    update(
      { displayStatus: 'paid', providerStatus: 'CAPTURED', state: 'final', qrPayload: null, canCancel: false },
      '2026-11-22T10:00:07.000Z',
    );
    fireEvent.keyDown(window, { key: '7' });
    const amount = await screen.findByTestId('sale-amount');
    expect(amount.dataset.amountMinor).toBe('7');
    expect(amount.dataset.stale).toBeUndefined();
  });

  it('drops the expiry countdown once the customer confirmed, and says why an expired QR was not paid', async () => {
    const { update } = await startCharge();
    expect(screen.getByTestId('payment-countdown')).toBeDefined();
    update({ displayStatus: 'confirming', providerStatus: 'PROCESSING', canCancel: false }, '2026-11-22T10:00:06.000Z');
    expect(screen.queryByTestId('payment-countdown')).toBeNull();
    update(
      { displayStatus: 'expired', providerStatus: 'ABANDONED', state: 'final', qrPayload: null },
      '2026-11-22T10:00:08.000Z',
    );
    const result = screen.getByTestId('payment-result');
    expect(result.dataset.outcome).toBe('failure');
    expect(result.textContent).toContain('S$0.12 not paid');
    expect(result.textContent).toContain('the QR code expired. Nothing was charged');
  });

  it('prints the receipt by itself once when paid, if Settings says so; never a second copy for the same payment', async () => {
    const { bridge, view, update } = await startCharge();
    bridge.override('receipts.print', () => ({ ok: true, value: { printed: true, via: 'printer' } }));
    bridge.settings = { ...bridge.settings, printReceiptWhenPaid: true };
    act(() =>
      bridge.emit('settings.changed', {
        settings: bridge.settings,
        secrets: {
          accessKeySecret: false,
          supervisorPin: false,
          adminPin: false,
          tokenizedMerchantSecret: false,
          headOfficeUrl: false,
        },
        demo: true,
        vaultUnreadable: false,
        pinLockouts: [],
      }),
    );
    update(
      { displayStatus: 'paid', providerStatus: 'CAPTURED', state: 'final', qrPayload: null },
      '2026-11-22T10:00:07.000Z',
    );
    expect((await screen.findByTestId('print-receipt-sent')).textContent).toBe('Sent to the receipt printer.');
    expect(bridge.callsTo('receipts.print')).toEqual([{ referenceId: view.referenceId, kind: 'receipt' }]);

    // The same payment shown again (a later event, the screen re-opened): no second automatic copy.
    update({ updatedAt: '2026-11-22T10:00:08.000Z' }, '2026-11-22T10:00:08.000Z');
    act(() => useAppStore.getState().navigate({ name: 'sale' }));
    act(() => useAppStore.getState().navigate({ name: 'payment', referenceId: view.referenceId }));
    await screen.findByTestId('payment-result');
    expect(bridge.callsTo('receipts.print')).toHaveLength(1);
  });

  it('does not print by itself when the setting is off (the default)', async () => {
    const { bridge, update } = await startCharge();
    update(
      { displayStatus: 'paid', providerStatus: 'CAPTURED', state: 'final', qrPayload: null },
      '2026-11-22T10:00:07.000Z',
    );
    await screen.findByTestId('print-receipt');
    expect(bridge.callsTo('receipts.print')).toEqual([]);
  });
});
