import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { ADMIN_PIN, keyAt, renderWithBridge, scannerTypes } from '../../test/render.test-helper.tsx';

function paidPayment() {
  return paymentView({
    referenceId: 'REF-PAID-0001',
    method: 'merchant-qr',
    amount: { amountMinor: 1234, currency: 'SGD' },
    state: 'final',
    providerStatus: 'CAPTURED',
    displayStatus: 'paid',
    qrPayload: null,
    canCancel: false,
    canRefund: true,
    refundable: { amountMinor: 1234, currency: 'SGD' },
    providerOrderId: '221122-0679-YVUY',
  });
}

async function openRefund() {
  const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
  bridge.payments.set('REF-PAID-0001', paidPayment());
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-refund'));
  await screen.findByTestId('refund-screen');
  return bridge;
}

describe('refund screen', () => {
  it('finds the payment from a scanned receipt and defaults the amount to the refundable rest', async () => {
    await openRefund();
    scannerTypes(document.body, 'REF-PAID-0001', 5_000);
    expect((await screen.findByTestId('refund-refundable')).textContent).toBe('S$12.34');
    expect((screen.getByTestId('refund-amount') as HTMLInputElement).value).toBe('S$12.34');
  });

  it('finds a payment by the provider order id the customer reads out', async () => {
    await openRefund();
    fireEvent.change(screen.getByTestId('refund-lookup'), { target: { value: '221122-0679-YVUY' } });
    fireEvent.click(screen.getByTestId('refund-find'));
    expect((await screen.findByTestId('refund-reference')).textContent).toBe('REF-PAID-0001');
  });

  it('refunds part with the supervisor PIN after a confirm, ends on a done screen, refuses a wrong PIN', async () => {
    // A supervisor PIN is stored only on a till with an admin PIN.
    const bridge = await openCoreBridge({ secrets: { adminPin: ADMIN_PIN, supervisorPin: '4321' } });
    const { referenceId } = await bridge.paidPayment(1234);
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-refund'));
    await screen.findByTestId('refund-screen');
    fireEvent.change(screen.getByTestId('refund-lookup'), { target: { value: referenceId } });
    fireEvent.click(screen.getByTestId('refund-find'));
    const amount = (await screen.findByTestId('refund-amount')) as HTMLInputElement;

    // Digits from the right: Delete clears, then 5 0 0 = S$5.00.
    keyAt(amount, 'Delete', 1);
    for (const digit of '500') fireEvent.keyDown(amount, { key: digit });
    expect(amount.value).toBe('S$5.00');
    // A wrong PIN is refused as it is entered (the core's staff.checkApprover), before any question is asked.
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '0000' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect((await screen.findByTestId('refund-error')).textContent).toBe('That supervisor PIN is not correct.');
    expect((screen.getByTestId('refund-pin') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('refund-confirm')).toBeNull();

    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '4321' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    // Nothing leaves before the question is answered; the question names whose PIN approved it.
    expect((await screen.findByTestId('refund-confirm')).textContent).toContain(
      'Refund S$5.00 to the customer’s wallet?',
    );
    expect(screen.getByTestId('refund-confirm-approver').textContent).toBe('Supervisor approves');
    expect(bridge.callsTo('payments.refund')).toEqual([]);
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    expect((await screen.findByTestId('refund-result')).textContent).toBe('Refunded S$5.00. Refundable now: S$7.34.');
    expect(screen.getByTestId('refund-refundable').textContent).toBe('S$7.34');
    // A done screen with the slip, not a form armed for another refund.
    expect(screen.queryByTestId('refund-form')).toBeNull();
    expect(screen.getByTestId('refund-print-slip')).toBeDefined();
    expect(bridge.callsTo('payments.refund').at(-1)).toEqual({
      referenceId,
      amountMinor: 500,
      reason: 'Goods returned',
      supervisorPin: '4321',
    });
    expect(screen.getByTestId('refund-status').textContent).toBe('Partly refunded');

    // The rest: the result says the payment is now fully refunded, not "refundable now S$0.00".
    fireEvent.click(screen.getByTestId('refund-more'));
    expect((screen.getByTestId('refund-amount') as HTMLInputElement).value).toBe('S$7.34');
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '4321' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    await screen.findByText('Refunded S$7.34. The payment is now fully refunded.');
    expect(screen.getByTestId('refund-status').textContent).toBe('Refunded');
    expect(screen.queryByTestId('refund-more')).toBeNull();
  });

  it('the banner follows the refund: "being confirmed" while its answer is lost, "Refunded" once the till settled it', async () => {
    const bridge = await openRefund();
    const refund = (state: 'checking' | 'succeeded') => ({
      refundId: 'RF-1',
      referenceId: 'REF-PAID-0001',
      amount: { amountMinor: 1234, currency: 'SGD' as const },
      reason: 'Goods returned',
      state,
      failureReason: null,
      failureNotice: null,
      posId: 'POS-1',
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    const pending = { ...paidPayment(), refundable: { amountMinor: 0, currency: 'SGD' as const }, canRefund: false };
    bridge.override('payments.refund', () => ({
      ok: true,
      value: { payment: pending, refunds: [refund('checking')], history: [], events: [] },
    }));
    fireEvent.change(screen.getByTestId('refund-lookup'), { target: { value: 'REF-PAID-0001' } });
    fireEvent.click(screen.getByTestId('refund-find'));
    fireEvent.change(await screen.findByTestId('refund-pin'), { target: { value: '4321' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    const banner = await screen.findByTestId('refund-result');
    expect(banner.textContent).toBe('Refund of S$12.34 sent; the provider is confirming it.');

    const settled = {
      ...pending,
      displayStatus: 'refunded' as const,
      providerStatus: 'REFUNDED' as const,
      refunded: { amountMinor: 1234, currency: 'SGD' as const },
    };
    bridge.override('payments.get', () => ({
      ok: true,
      value: { payment: settled, refunds: [refund('succeeded')], history: [], events: [] },
    }));
    act(() => bridge.emit('refund.updated', refund('succeeded')));
    await waitFor(() =>
      expect(screen.getByTestId('refund-result').textContent).toBe(
        'Refunded S$12.34. The payment is now fully refunded.',
      ),
    );
  });

  it('says up front when this till has no supervisor PIN, and who can set one', async () => {
    const bridge = createFakeBridge();
    bridge.payments.set('REF-PAID-0001', paidPayment());
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-refund'));
    fireEvent.change(await screen.findByTestId('refund-lookup'), { target: { value: 'REF-PAID-0001' } });
    fireEvent.click(screen.getByTestId('refund-find'));
    expect((await screen.findByTestId('refund-no-pin')).textContent).toContain('An admin sets one in Settings');
    expect(screen.queryByTestId('refund-form')).toBeNull();
  });

  it('the amount follows what is left while the form is open, until the clerk types one', async () => {
    const bridge = await openRefund();
    scannerTypes(document.body, 'REF-PAID-0001', 5_000);
    const amount = (await screen.findByTestId('refund-amount')) as HTMLInputElement;
    expect(amount.value).toBe('S$12.34');
    // Another terminal refunds S$2.34 while the form is open: the payment moves under it.
    const moved = (refundedMinor: number) => ({
      ...paidPayment(),
      refunded: { amountMinor: refundedMinor, currency: 'SGD' as const },
      refundable: { amountMinor: 1234 - refundedMinor, currency: 'SGD' as const },
    });
    bridge.payments.set('REF-PAID-0001', moved(234));
    act(() => bridge.emit('payment.updated', moved(234)));
    await waitFor(() => expect(screen.getByTestId('refund-refundable').textContent).toBe('S$10.00'));
    expect(amount.value).toBe('S$10.00');
    // Typed by the clerk, it stays, whatever moves; the PIN typed so far too.
    keyAt(amount, 'Delete', 6_000);
    for (const digit of '500') fireEvent.keyDown(amount, { key: digit });
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '43' } });
    bridge.payments.set('REF-PAID-0001', moved(334));
    act(() => bridge.emit('payment.updated', moved(334)));
    await waitFor(() => expect(screen.getByTestId('refund-refundable').textContent).toBe('S$9.00'));
    expect((screen.getByTestId('refund-amount') as HTMLInputElement).value).toBe('S$5.00');
    expect((screen.getByTestId('refund-pin') as HTMLInputElement).value).toBe('43');
  });

  it('cannot be keyed above the refundable rest', async () => {
    await openRefund();
    fireEvent.change(screen.getByTestId('refund-lookup'), { target: { value: 'REF-PAID-0001' } });
    fireEvent.click(screen.getByTestId('refund-find'));
    const amount = (await screen.findByTestId('refund-amount')) as HTMLInputElement;
    fireEvent.keyDown(amount, { key: '9' });
    expect(amount.dataset.amountMinor).toBe('1234');
  });

  it('says so when nothing matches', async () => {
    renderWithBridge(<App />, await openCoreBridge());
    fireEvent.click(await screen.findByTestId('nav-refund'));
    await screen.findByTestId('refund-screen');
    fireEvent.change(screen.getByTestId('refund-lookup'), { target: { value: 'NOPE-12345678' } });
    fireEvent.click(screen.getByTestId('refund-find'));
    expect((await screen.findByTestId('refund-not-found')).textContent).toBe('No payment found for “NOPE-12345678”.');
  });

  it('Esc backs out: an open payment closes back to the lookup; from a payment’s detail, back to that detail', async () => {
    await openRefund();
    scannerTypes(document.body, 'REF-PAID-0001', 5_000);
    await screen.findByTestId('refund-form');
    keyAt(document.body, 'Escape', 9_000);
    expect(screen.queryByTestId('refund-form')).toBeNull();
    expect((screen.getByTestId('refund-lookup') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByTestId('refund-lookup'));

    fireEvent.click(screen.getByTestId('nav-payments'));
    fireEvent.click(await screen.findByRole('button', { name: 'Open payment REF-PAID-0001' }));
    fireEvent.click(await screen.findByTestId('detail-refund'));
    await screen.findByTestId('refund-form');
    keyAt(document.body, 'Escape', 12_000);
    expect(await screen.findByTestId('payment-detail')).toBeDefined();
    keyAt(document.body, 'Escape', 13_000);
    expect(await screen.findByTestId('payments-screen')).toBeDefined();
  });
});
