import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { keyAt, renderWithBridge } from '../../test/render.test-helper.tsx';

// The customer pays while the cashier is on another screen: the open-payment banner says so ("Paid S$0.45 ✓ ·
// View") for about ten seconds, with the paid sound, in a live region, instead of just vanishing. Real core; the
// customer scans and confirms in the sandbox.

afterEach(() => {
  vi.restoreAllMocks();
});

/** The sounds the till played (the audio device is the one thing a test cannot hear). */
function soundsPlayed(): string[] {
  const played: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src);
    return Promise.resolve();
  });
  return played;
}

async function qrLeftOpenOnPayments() {
  const bridge = await openCoreBridge();
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  keyAt(document.body, '4', 1_000);
  keyAt(document.body, '5', 1_200);
  keyAt(document.body, 'Enter', 1_400);
  await screen.findByTestId('payment-qr');
  const answer = bridge.answersTo('payments.chargeMerchantQr').at(-1);
  if (!answer?.ok) throw new Error('no charge');
  fireEvent.click(screen.getByTestId('nav-payments'));
  await screen.findByTestId('open-payment-banner');
  return { bridge, charged: answer.value };
}

describe('an open payment that ends on another screen', () => {
  it('shows "Paid S$0.45 ✓" with the paid sound in a status region, then goes; View opens it', async () => {
    const played = soundsPlayed();
    const { bridge, charged } = await qrLeftOpenOnPayments();
    await bridge.pay(charged.qrPayload!, charged.referenceId);

    const outcome = await screen.findByTestId('open-payment-outcome');
    expect(outcome.textContent).toContain('Paid S$0.45 ✓');
    expect(outcome.dataset.status).toBe('paid');
    expect(outcome.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByTestId('open-payment-banner')).toBeNull();
    await waitFor(() => expect(played.filter((src) => src.includes('payment-success'))).toHaveLength(1));

    fireEvent.click(screen.getByTestId('open-payment-view'));
    await waitFor(() => expect(screen.getByTestId('payment-result').dataset.outcome).toBe('success'));
    expect(screen.queryByTestId('open-payment-outcome')).toBeNull();
    // The payment's own screen does not sound it a second time.
    expect(played.filter((src) => src.includes('payment-success')).length).toBeLessThanOrEqual(2);
  });

  it('is told for about ten seconds', async () => {
    soundsPlayed();
    const { bridge, charged } = await qrLeftOpenOnPayments();
    await bridge.pay(charged.qrPayload!, charged.referenceId);
    await screen.findByTestId('open-payment-outcome');
    const shownAt = Date.now();
    await waitFor(() => expect(screen.queryByTestId('open-payment-outcome')).toBeNull(), { timeout: 12_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(9_000);
  }, 30_000);
});
