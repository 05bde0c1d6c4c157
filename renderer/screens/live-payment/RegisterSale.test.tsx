import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSale } from '../../../shared/register.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge, scannerTypes } from '../../test/render.test-helper.tsx';

// A sale the shop's register sent (ecr.sale): it takes the cashier's screen at once, says where it came from,
// and the cashier finishes it (a scan) or calls it off; the register follows over its own connection.

const AT = '2026-11-22T10:00:00.000Z';

function sale(overrides: Partial<RegisterSale> = {}): RegisterSale {
  return {
    referenceId: 'TILL01-20261122-REGISTER',
    keyId: 'key_front-register',
    keyName: 'Front register',
    orderReference: 'ORDER-4711',
    method: 'merchant-qr',
    amount: { amountMinor: 1250, currency: 'SGD' },
    note: null,
    state: 'started',
    payment: null,
    expiresAt: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

async function till(options: Parameters<typeof createFakeBridge>[0] = {}) {
  const bridge = createFakeBridge(options);
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  return bridge;
}

describe('a register sale on the cashier’s screen', () => {
  it('shows a merchant-QR sale at once: “From register” with its order reference, the QR, and Cancel', async () => {
    const bridge = await till();
    const payment = paymentView({
      referenceId: 'TILL01-20261122-REGISTER',
      amount: { amountMinor: 1250, currency: 'SGD' },
      fromRegister: { keyId: 'key_front-register', keyName: 'Front register', orderReference: 'ORDER-4711' },
    });
    bridge.payments.set(payment.referenceId, payment);
    bridge.override('payments.cancel', () => ({
      ok: true,
      value: { ...payment, state: 'final', displayStatus: 'cancelled', canCancel: false, qrPayload: null },
    }));
    act(() => bridge.emit('ecr.sale', sale({ payment })));
    await screen.findByTestId('payment-screen');
    expect(screen.getByTestId('from-register').textContent).toBe('From register: ORDER-4711');
    expect(screen.getByTestId('payment-qr')).toBeDefined();
    expect(screen.getByTestId('payment-amount').textContent).toBe('S$12.50');
    fireEvent.click(screen.getByTestId('cancel-payment'));
    await waitFor(() => expect(bridge.callsTo('payments.cancel')).toEqual([{ referenceId: payment.referenceId }]));
  });

  it('names the register by its key when it sent no order reference; a failed register sale ends with Done', async () => {
    const bridge = await till();
    const payment = paymentView({
      referenceId: 'TILL01-20261122-REGISTER',
      fromRegister: { keyId: 'key_front-register', keyName: 'Front register', orderReference: null },
      state: 'final',
      providerStatus: 'FAILED',
      displayStatus: 'failed',
      failureReason: 'CONSUMER_DECLINED',
      canCancel: false,
      qrPayload: null,
    });
    bridge.payments.set(payment.referenceId, payment);
    act(() => bridge.emit('ecr.sale', sale({ orderReference: null, payment })));
    await screen.findByTestId('payment-result');
    expect(screen.getByTestId('result-from-register').textContent).toBe('From register: Front register');
    // The register starts it again, not the cashier: no "Try again" or "Other method" here.
    expect(screen.queryByTestId('payment-try-again')).toBeNull();
    expect(screen.getByTestId('dismiss-result')).toBeDefined();
  });

  it('a customer-QR sale waits for the scan with the register’s amount; the USB scanner pays it as that sale', async () => {
    const bridge = await till();
    // The core pays it under the register's reference, as the register's sale.
    bridge.override('payments.chargeCustomerQr', ({ amountMinor, currency, registerSale }) => ({
      ok: true,
      value: paymentView({
        referenceId: registerSale!,
        method: 'customer-qr',
        amount: { amountMinor, currency },
        ...{ state: 'final', providerStatus: 'CAPTURED', displayStatus: 'paid', qrPayload: null, canCancel: false },
        fromRegister: { keyId: 'key_front-register', keyName: 'Front register', orderReference: null },
      }),
    }));
    act(() => bridge.emit('ecr.sale', sale({ method: 'customer-qr', state: 'waiting' })));
    await screen.findByTestId('scan-screen');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Scan the customer’s code for the register’s sale',
    );
    expect(screen.getByTestId('scan-amount').textContent).toBe('S$12.50');
    expect(screen.getByTestId('from-register').textContent).toBe('From register: ORDER-4711');
    scannerTypes(document.body, 'SBCQ1234567890ABCDEF', 5_000);
    await screen.findByTestId('payment-screen');
    expect(bridge.callsTo('payments.chargeCustomerQr')).toEqual([
      {
        amountMinor: 1250,
        currency: 'SGD',
        consumerCode: 'SBCQ1234567890ABCDEF',
        registerSale: 'TILL01-20261122-REGISTER',
      },
    ]);
    expect(screen.getByTestId('result-from-register').textContent).toBe('From register: Front register');
  });

  it('picks up a sale that waits for its scan after a reload, and the cashier can call it off', async () => {
    const waiting = sale({ method: 'customer-qr', state: 'waiting' });
    const bridge = createFakeBridge({ registerSale: waiting });
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('scan-screen');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the register’s sale (Esc)' }));
    await screen.findByTestId('sale-screen');
    expect(bridge.callsTo('ecr.cancelSale')).toEqual([{ referenceId: waiting.referenceId }]);
  });

  it('leaves the scan when the register calls its sale off, saying so', async () => {
    const bridge = await till();
    act(() => bridge.emit('ecr.sale', sale({ method: 'customer-qr', state: 'waiting' })));
    await screen.findByTestId('scan-screen');
    act(() => bridge.emit('ecr.sale', sale({ method: 'customer-qr', state: 'cancelled' })));
    await screen.findByTestId('sale-screen');
    expect(document.body.textContent).toContain('The register’s sale of S$12.50 was cancelled. Nothing was charged.');
  });

  it('leaves the scan when nobody scanned a code before the sale expired, saying so', async () => {
    const bridge = await till();
    act(() => bridge.emit('ecr.sale', sale({ method: 'customer-qr', state: 'waiting' })));
    await screen.findByTestId('scan-screen');
    act(() => bridge.emit('ecr.sale', sale({ method: 'customer-qr', state: 'expired' })));
    await screen.findByTestId('sale-screen');
    expect(document.body.textContent).toContain(
      'The register’s sale of S$12.50 expired: no customer code was scanned in time. Nothing was charged.',
    );
    expect(bridge.callsTo('ecr.cancelSale')).toEqual([]);
  });
});

describe('a register sale on a kiosk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a customer who walks away from the scan calls the register’s sale off instead of leaving it holding the till', async () => {
    const waiting = sale({ method: 'customer-qr', state: 'waiting' });
    const bridge = createFakeBridge({ registerSale: waiting });
    bridge.settings = { ...bridge.settings, mode: 'kiosk' };
    // The scan screen's walk-away clock starts with the screen: fake from the start, running on its own meanwhile.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('scan-screen');
    expect(screen.getByTestId('from-register')).toBeDefined();
    act(() => vi.advanceTimersByTime(61_000));
    await waitFor(() => expect(bridge.callsTo('ecr.cancelSale')).toEqual([{ referenceId: waiting.referenceId }]));
    await screen.findByTestId('kiosk-attract');
  });
});
