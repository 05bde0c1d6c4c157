import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge, type CoreBridge } from '../../test/core-bridge.test-helper.ts';
import { keyAt, renderWithBridge } from '../../test/render.test-helper.tsx';

// Esc on the payment screen asks before it cancels (on the Sale screen the same key clears, so a double Esc out
// of habit must not kill a payment), against the real core: the customer scans in the sandbox.

async function scannedPayment(): Promise<{ bridge: CoreBridge; referenceId: string }> {
  const bridge = await openCoreBridge();
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  keyAt(document.body, '7', 1_000);
  keyAt(document.body, '8', 1_200);
  keyAt(document.body, '0', 1_400);
  keyAt(document.body, 'Enter', 1_600);
  await screen.findByTestId('payment-qr');
  const answer = bridge.answersTo('payments.chargeMerchantQr').at(-1);
  if (!answer?.ok) throw new Error('no charge');
  await bridge.control('POST', '/consumer/scan', { qrPayload: answer.value.qrPayload });
  await waitFor(() => expect(screen.getByTestId('payment-status').dataset.status).toBe('scanned'));
  return { bridge, referenceId: answer.value.referenceId };
}

describe('Esc on a payment', () => {
  it('asks, naming the amount and that the customer scanned; Esc again and Enter keep waiting', async () => {
    const { bridge } = await scannedPayment();
    keyAt(document.body, 'Escape', 5_000);
    const question = screen.getByRole('alertdialog');
    expect(question.textContent).toContain('Cancel S$7.80?');
    expect(screen.getByTestId('cancel-confirm-state').textContent).toBe(
      'The customer has scanned and may be confirming in their app.',
    );
    // The focus is on "Keep waiting": Enter there keeps waiting.
    expect(document.activeElement).toBe(screen.getByTestId('cancel-confirm-keep'));
    keyAt(document.body, 'Escape', 5_200);
    expect(screen.queryByTestId('cancel-confirm')).toBeNull();
    keyAt(document.body, 'Escape', 5_400);
    keyAt(document.body, 'Enter', 5_600);
    expect(screen.queryByTestId('cancel-confirm')).toBeNull();
    expect(screen.getByTestId('payment-status').dataset.status).toBe('scanned');
    expect(bridge.callsTo('payments.cancel')).toEqual([]);
  });

  it('cancels only on the explicit choice: X (shown on the button), then offers to charge the same again', async () => {
    const { bridge, referenceId } = await scannedPayment();
    keyAt(document.body, 'Escape', 5_000);
    expect(screen.getByTestId('cancel-confirm-cancel').textContent).toContain('X');
    keyAt(document.body, 'x', 5_200);
    await waitFor(() => expect(screen.getByTestId('payment-result').dataset.outcome).toBe('neutral'));
    expect(bridge.callsTo('payments.cancel')).toEqual([{ referenceId }]);

    const again = screen.getByTestId('result-charge-again');
    expect(again.textContent).toBe('Charge S$7.80 again');
    fireEvent.click(again);
    await waitFor(() => expect(bridge.callsTo('payments.chargeMerchantQr')).toHaveLength(2));
    expect(bridge.callsTo('payments.chargeMerchantQr')[1]).toEqual({ amountMinor: 780, currency: 'SGD' });
    await waitFor(() =>
      expect(screen.getByTestId('payment-screen').getAttribute('data-reference-id')).not.toBe(referenceId),
    );
    expect(screen.getByTestId('payment-qr')).toBeDefined();
  });

  it('cancels with the button too, and says so when the customer has not scanned yet', async () => {
    const bridge = await openCoreBridge();
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sale-screen');
    keyAt(document.body, '5', 1_000);
    keyAt(document.body, 'Enter', 1_200);
    await screen.findByTestId('payment-qr');
    keyAt(document.body, 'Escape', 5_000);
    expect(screen.getByTestId('cancel-confirm-state').textContent).toBe('The customer has not scanned yet.');
    fireEvent.click(screen.getByTestId('cancel-confirm-cancel'));
    await waitFor(() => expect(screen.getByTestId('payment-result').dataset.outcome).toBe('neutral'));
  });
});
