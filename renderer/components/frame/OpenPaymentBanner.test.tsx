import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../shared/payments.ts';
import type { Result } from '../../../shared/result.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// The order a charge opens is announced (payment.updated) a moment before the charge's answer reaches the
// window. Meanwhile it is this window's own payment about to take the screen, not a stray to raise a banner for:
// a banner rendered then would only delay the QR (and flash).

const OURS = paymentView({ referenceId: 'TILL01-20261127-OURS', amount: { amountMinor: 500, currency: 'SGD' } });

async function chargeWaitingForItsAnswer() {
  const bridge = createFakeBridge();
  let answer: (result: Result<PaymentView>) => void = () => undefined;
  bridge.override('payments.chargeMerchantQr', () => new Promise((resolve) => (answer = resolve)));
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  for (const digit of '500') fireEvent.click(screen.getByTestId(`keypad-${digit}`));
  fireEvent.click(screen.getByTestId('charge-button'));
  return { bridge, answer: (result: Result<PaymentView>) => act(async () => answer(result)) };
}

describe('the order a charge of this window opens', () => {
  it('raises no banner before the answer, and the answer shows its QR', async () => {
    const { bridge, answer } = await chargeWaitingForItsAnswer();
    act(() => bridge.emit('payment.updated', OURS));
    expect(screen.queryByTestId('open-payment-banner')).toBeNull();
    // The Payment screen is up from the click (issue 37), waiting for the answer to name the payment.
    expect(screen.getByTestId('payment-screen').hasAttribute('data-reference-id')).toBe(false);

    await answer({ ok: true, value: OURS });
    expect(screen.getByTestId('payment-screen').getAttribute('data-reference-id')).toBe(OURS.referenceId);
    expect(screen.getByTestId('payment-qr')).toBeDefined();
    expect(screen.queryByTestId('open-payment-banner')).toBeNull();
  });

  it('is raised as a stray once a refused charge has answered', async () => {
    const { bridge, answer } = await chargeWaitingForItsAnswer();
    act(() => bridge.emit('payment.updated', OURS));
    await answer({ ok: false, error: { code: 'network.unreachable', message: 'no answer', retryable: true } });
    // Nothing took the screen for it: the open order must not become a ghost nobody sees.
    expect(screen.getByTestId('sale-screen')).toBeDefined();
    expect(screen.getByTestId('open-payment-banner').getAttribute('data-reference-id')).toBe(OURS.referenceId);
  });

  it('still raises a stray that was open before the charge began, while the charge is on its way', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sale-screen');
    const ghost = paymentView({ referenceId: 'TILL01-20261127-GHOST' });
    act(() => bridge.emit('payment.updated', ghost));
    expect(screen.getByTestId('open-payment-banner').getAttribute('data-reference-id')).toBe(ghost.referenceId);

    bridge.override('payments.chargeMerchantQr', () => new Promise(() => undefined));
    for (const digit of '500') fireEvent.click(screen.getByTestId(`keypad-${digit}`));
    fireEvent.click(screen.getByTestId('charge-button'));
    act(() => bridge.emit('payment.updated', OURS));
    // Ours is left alone until its answer; the ghost stays raised.
    expect(screen.getByTestId('open-payment-banner').getAttribute('data-reference-id')).toBe(ghost.referenceId);
  });
});
