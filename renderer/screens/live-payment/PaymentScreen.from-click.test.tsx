import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultMessage } from '../../../shared/errors.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import type { Result } from '../../../shared/result.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, failure, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { keyAt, renderWithBridge } from '../../test/render.test-helper.tsx';

// Issue 37: the Payment screen goes up from the click on Charge, before the core answers; only its QR waits for
// the answer, drawn into the same screen (not a new one).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Keys S$12.50 and clicks Charge; the charge's answer waits until the test gives it. */
async function chargeHeld() {
  const bridge = createFakeBridge();
  let answer: (result: Result<PaymentView>) => void = () => undefined;
  bridge.override('payments.chargeMerchantQr', () => new Promise((resolve) => (answer = resolve)));
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  for (const [index, digit] of [...'1250'].entries()) keyAt(document.body, digit, 10_000 + index * 200);
  fireEvent.click(screen.getByTestId('charge-button'));
  return { bridge, answer: (result: Result<PaymentView>) => act(async () => answer(result)) };
}

describe('the Payment screen from the click', () => {
  it('shows the amount, sending, and room for the QR before the answer; the QR is drawn into that same screen', async () => {
    const { bridge, answer } = await chargeHeld();
    const shown = screen.getByTestId('payment-screen');
    expect(screen.queryByTestId('sale-screen')).toBeNull();
    expect(screen.getByTestId('payment-amount').textContent).toBe('S$12.50');
    expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('sending');
    expect(screen.getByTestId('payment-qr-room')).toBeDefined();
    expect(screen.queryByTestId('payment-qr')).toBeNull();
    // Nothing to cancel or leave yet, and no reference to show.
    expect(screen.queryByTestId('cancel-payment')).toBeNull();
    expect(screen.queryByTestId('leave-payment')).toBeNull();
    expect(shown.hasAttribute('data-reference-id')).toBe(false);
    const [request] = bridge.callsTo('payments.chargeMerchantQr') as [{ chargeId: string }];
    expect(request).toMatchObject({ amountMinor: 1250, currency: 'SGD' });
    expect(request.chargeId).toMatch(UUID);
    // The screen has not asked anything about a payment it has no reference for.
    expect(bridge.callsTo('payments.onScreen')).toEqual([]);
    expect(bridge.callsTo('payments.get')).toEqual([]);

    await answer({
      ok: true,
      value: paymentView({ referenceId: 'TILL01-20261129-K3F9Q2ZP', amount: { amountMinor: 1250, currency: 'SGD' } }),
    });
    expect(screen.getByTestId('payment-qr')).toBeDefined();
    expect(screen.getByTestId('payment-screen')).toBe(shown);
    expect(shown.getAttribute('data-reference-id')).toBe('TILL01-20261129-K3F9Q2ZP');
    expect(screen.getByTestId('payment-status').getAttribute('data-status')).toBe('waiting');
    expect(screen.getByTestId('cancel-payment')).toBeDefined();
  });

  it('goes back to the sale, its amount kept, saying why, when the charge is refused', async () => {
    const { answer } = await chargeHeld();
    expect(screen.getByTestId('payment-screen')).toBeDefined();
    await answer(failure('auth.clock-skew'));
    expect(screen.getByTestId('sale-error').textContent).toBe(defaultMessage('auth.clock-skew'));
    expect(screen.getByTestId('sale-amount').textContent).toBe('S$12.50');
    // The next key clears it, as any sale error.
    keyAt(document.body, '0', 20_000);
    expect(screen.queryByTestId('sale-error')?.textContent ?? '').toBe('');
  });
});

describe('the QR announced before the answer', () => {
  it('is drawn from the event that names this charge, into the same screen; the answer only confirms it', async () => {
    const { bridge, answer } = await chargeHeld();
    const shown = screen.getByTestId('payment-screen');
    const [request] = bridge.callsTo('payments.chargeMerchantQr') as [{ chargeId: string }];
    const ours = paymentView({
      referenceId: 'TILL01-20261129-K3F9Q2ZP',
      amount: { amountMinor: 1250, currency: 'SGD' },
      chargeId: request.chargeId,
    });
    // Another payment's event (a register's, another window's charge) is not taken for it.
    const other = paymentView({
      referenceId: 'TILL01-20261129-OTHER000',
      amount: { amountMinor: 1250, currency: 'SGD' },
    });
    act(() => bridge.emit('payment.updated', other));
    expect(screen.queryByTestId('payment-qr')).toBeNull();
    // Ours while still sending: nothing to draw yet.
    act(() => bridge.emit('payment.updated', { ...ours, qrPayload: null, state: 'sending', displayStatus: 'sending' }));
    expect(screen.queryByTestId('payment-qr')).toBeNull();
    expect(shown.hasAttribute('data-reference-id')).toBe(false);

    act(() => bridge.emit('payment.updated', ours));
    expect(screen.getByTestId('payment-qr')).toBeDefined();
    expect(screen.getByTestId('payment-screen')).toBe(shown);
    expect(shown.getAttribute('data-reference-id')).toBe(ours.referenceId);

    await answer({ ok: true, value: ours });
    expect(screen.getByTestId('payment-screen')).toBe(shown);
    expect(screen.getByTestId('payment-qr')).toBeDefined();
  });
});
