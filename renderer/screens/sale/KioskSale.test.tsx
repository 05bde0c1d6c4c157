import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../App.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useSaleStore } from '../../stores/sale-store.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { keyAt, renderWithBridge } from '../../test/render.test-helper.tsx';

// The self-service kiosk: it rests on an attract screen, the customer keys the amount and pays, and the
// kiosk goes back to rest by itself after the result or when the customer walks away.

async function openKiosk() {
  const bridge = createFakeBridge();
  bridge.settings = { ...bridge.settings, mode: 'kiosk' };
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('kiosk-attract');
  return bridge;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('kiosk sale', () => {
  it('speaks the customer-facing language of Settings on its customer screens, whatever the staff’s', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, mode: 'kiosk', locale: 'en', customerLocale: 'zh-Hans' };
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('kiosk-attract');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('在此以电子钱包付款');
    expect(document.documentElement.lang).toBe('zh-Hans');
    fireEvent.click(screen.getByRole('button', { name: '轻触开始' }));
    fireEvent.click(await screen.findByTestId('keypad-4'));
    expect(screen.getByTestId('charge-button').textContent).toBe('支付 S$0.04');
  });

  it('rests on the attract screen: no navigation, no way to another page, keys do nothing until started', async () => {
    await openKiosk();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pay here with your wallet app');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByTestId('open-customer-display')).toBeNull();
    keyAt(document.body, '5', 1_000);
    expect(useSaleStore.getState().amountMinor).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Touch to start' }));
    expect(await screen.findByTestId('sale-screen')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter the amount to pay');
    // The cashier's note and keyboard hints are not for a customer.
    expect(screen.queryByTestId('sale-note')).toBeNull();
    expect(screen.queryByText(/Enter = Charge/)).toBeNull();
    fireEvent.click(screen.getByTestId('keypad-4'));
    fireEvent.click(screen.getByTestId('keypad-5'));
    fireEvent.click(screen.getByTestId('keypad-0'));
    expect(screen.getByTestId('charge-button').textContent).toBe('Pay S$4.50');
    // Nothing could read a customer's code yet (no camera chosen, no scanner seen): not offered.
    expect(screen.queryByTestId('scan-customer-button')).toBeNull();
    // No cashier's "00", and the clear key says what it does.
    expect(screen.queryByTestId('keypad-00')).toBeNull();
    expect(screen.getByTestId('keypad-clear').textContent).toBe('Clear');
    act(() => useAppStore.getState().markScannerSeen(performance.now()));
    expect(screen.getByTestId('scan-customer-button').textContent).toBe('Show my payment code');

    fireEvent.click(screen.getByTestId('kiosk-start-over'));
    expect(screen.getByTestId('kiosk-attract')).toBeDefined();
    expect(useSaleStore.getState().amountMinor).toBe(0);
  });

  it('names the camera on its attract screen only where something can read a customer’s code', async () => {
    act(() => useAppStore.setState({ scannerSeenAt: null }));
    await openKiosk();
    expect(screen.getByText('Enter the amount, then scan the QR code with your wallet app.')).toBeDefined();
    expect(screen.queryByText(/payment code/)).toBeNull();
    act(() => useAppStore.getState().markScannerSeen(performance.now()));
    expect(screen.getByText(/or show your payment code to the camera/)).toBeDefined();
  });

  it('a customer who walks away gets a countdown they can stop, then the kiosk starts over', async () => {
    await openKiosk();
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('kiosk-start'));
    expect(screen.getByTestId('sale-screen')).toBeDefined();
    fireEvent.pointerDown(screen.getByTestId('keypad-7'));
    fireEvent.click(screen.getByTestId('keypad-7'));
    expect(useSaleStore.getState().amountMinor).toBe(7);

    act(() => vi.advanceTimersByTime(44_000));
    expect(screen.queryByTestId('kiosk-walk-away')).toBeNull();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByTestId('kiosk-walk-away').textContent).toContain('Still there? Starting over in 14 s.');

    fireEvent.click(screen.getByTestId('kiosk-still-here'));
    expect(screen.queryByTestId('kiosk-walk-away')).toBeNull();
    act(() => vi.advanceTimersByTime(50_000));
    expect(screen.getByTestId('sale-screen')).toBeDefined();
    expect(useSaleStore.getState().amountMinor).toBe(7);

    act(() => vi.advanceTimersByTime(11_000));
    expect(screen.getByTestId('kiosk-attract')).toBeDefined();
    expect(useSaleStore.getState().amountMinor).toBe(0);
  });

  it('after the result the kiosk goes back to rest by itself', async () => {
    const bridge = await openKiosk();
    fireEvent.click(screen.getByTestId('kiosk-start'));
    await screen.findByTestId('sale-screen');
    fireEvent.click(screen.getByTestId('keypad-9'));
    fireEvent.click(screen.getByTestId('charge-button'));
    const qr = await screen.findByTestId('payment-qr');
    expect(qr.style.width).not.toBe('');
    const view = [...bridge.payments.values()][0]!;
    vi.useFakeTimers();
    act(() =>
      bridge.emit('payment.updated', {
        ...view,
        state: 'final',
        displayStatus: 'paid',
        providerStatus: 'CAPTURED',
        canCancel: false,
        qrPayload: null,
        updatedAt: '2026-11-22T10:10:00.000Z',
      }),
    );
    expect(screen.getByTestId('payment-result').dataset.outcome).toBe('success');
    expect(screen.getByTestId('dismiss-result').textContent).toBe('Done');
    act(() => vi.advanceTimersByTime(8_500));
    expect(screen.getByTestId('kiosk-attract')).toBeDefined();
  });

  it('tells the core the payment is on screen while the customer looks at the QR, and that it left once paid', async () => {
    const bridge = await openKiosk();
    fireEvent.click(screen.getByTestId('kiosk-start'));
    await screen.findByTestId('sale-screen');
    fireEvent.click(screen.getByTestId('keypad-9'));
    fireEvent.click(screen.getByTestId('charge-button'));
    await screen.findByTestId('payment-qr');
    const view = [...bridge.payments.values()][0]!;
    // Without this mark a single-screen kiosk's own payment is polled as a background order (every 2 s, then 5 s).
    await waitFor(() =>
      expect(bridge.callsTo('payments.onScreen')).toEqual([
        { surface: 'payment', referenceId: view.referenceId, shown: true },
      ]),
    );
    // A staff fact: the kiosk's customer is not told when the till last asked the provider.
    expect(screen.queryByTestId('payment-last-checked')).toBeNull();
    act(() =>
      bridge.emit('payment.updated', {
        ...view,
        state: 'final',
        displayStatus: 'paid',
        providerStatus: 'CAPTURED',
        canCancel: false,
        qrPayload: null,
        updatedAt: '2026-11-22T10:10:00.000Z',
      }),
    );
    expect(screen.getByTestId('payment-result').dataset.outcome).toBe('success');
    expect(bridge.callsTo('payments.onScreen')).toEqual([
      { surface: 'payment', referenceId: view.referenceId, shown: true },
      { surface: 'payment', referenceId: view.referenceId, shown: false },
    ]);
  });
});
