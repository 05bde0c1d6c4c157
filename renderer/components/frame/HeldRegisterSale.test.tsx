import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegisterSale } from '../../../shared/register.ts';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge, paymentView, type FakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge, scannerTypes } from '../../test/render.test-helper.tsx';

// A register's sale never takes the screen from the cashier's own sale. The core refuses it meanwhile (ecr.busy);
// one that slipped in at the same moment waits in a banner, and shows once the cashier is done.

const AT = '2026-11-22T10:00:00.000Z';

function registerSale(overrides: Partial<RegisterSale> = {}): RegisterSale {
  return {
    referenceId: 'TILL01-20261122-REGISTER',
    keyId: 'key_front-register',
    keyName: 'Front register',
    orderReference: 'ORDER-4711',
    method: 'customer-qr',
    amount: { amountMinor: 8000, currency: 'SGD' },
    note: null,
    state: 'waiting',
    payment: null,
    expiresAt: '2026-11-22T10:05:00.000Z',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

async function till(): Promise<FakeBridge> {
  const bridge = createFakeBridge();
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  return bridge;
}

function keyAmount(digits: string): void {
  for (const digit of digits) fireEvent.click(screen.getByTestId(`keypad-${digit}`));
}

/** The marks the window sent the core (payments.cashierSale), in order, without the window id. */
function marks(bridge: Pick<FakeBridge, 'callsTo'>): unknown[] {
  return bridge.callsTo('payments.cashierSale').map((call) => (call as { sale: unknown }).sale);
}

describe('a register’s sale while the cashier is mid-sale', () => {
  it('on the cashier’s Scan screen it waits in a banner: the USB scan pays the cashier’s S$5.00, then the register’s sale shows', async () => {
    const bridge = await till();
    keyAmount('500');
    fireEvent.click(screen.getByTestId('scan-customer-button'));
    await screen.findByTestId('scan-screen');

    const slipped = registerSale();
    act(() => bridge.emit('ecr.sale', slipped));
    // Still the cashier's scan, with the cashier's amount; the register's sale is announced, not shown.
    expect(screen.getByTestId('scan-amount').textContent).toBe('S$5.00');
    expect(screen.queryByTestId('from-register')).toBeNull();
    expect(screen.getByTestId('held-register-sale').textContent).toContain(
      'The register sent a sale of S$80.00 (ORDER-4711): it shows here as soon as this sale is done.',
    );

    bridge.override('payments.chargeCustomerQr', ({ amountMinor, currency }) => ({
      ok: true,
      value: paymentView({
        method: 'customer-qr',
        amount: { amountMinor, currency },
        ...{ state: 'final', providerStatus: 'CAPTURED', displayStatus: 'paid', qrPayload: null, canCancel: false },
      }),
    }));
    scannerTypes(document.body, 'SBCQ1234567890ABCDEF', 5_000);
    await screen.findByTestId('payment-result');
    expect(bridge.callsTo('payments.chargeCustomerQr')).toEqual([
      { amountMinor: 500, currency: 'SGD', consumerCode: 'SBCQ1234567890ABCDEF' },
    ]);
    expect(screen.getByTestId('payment-amount').textContent).toBe('S$5.00');
    // The cashier's result is theirs until they put it away.
    expect(screen.getByTestId('held-register-sale')).toBeDefined();

    bridge.override('ecr.openSale', () => ({ ok: true, value: slipped }));
    fireEvent.click(screen.getByTestId('dismiss-result'));
    await screen.findByTestId('scan-screen');
    expect(screen.getByTestId('scan-amount').textContent).toBe('S$80.00');
    expect(screen.getByTestId('from-register').textContent).toBe('From register: ORDER-4711');
    expect(screen.queryByTestId('held-register-sale')).toBeNull();
  });

  it('on the cashier’s Payment screen a register’s QR sale waits too (one banner), and the cashier may show it at once', async () => {
    const bridge = await till();
    keyAmount('500');
    fireEvent.click(screen.getByTestId('charge-button'));
    const cashiers = await screen.findByTestId('payment-screen');
    const ownReference = cashiers.getAttribute('data-reference-id');

    const payment = paymentView({
      referenceId: 'TILL01-20261122-REGISTER',
      amount: { amountMinor: 8000, currency: 'SGD' },
      fromRegister: { keyId: 'key_front-register', keyName: 'Front register', orderReference: 'ORDER-4711' },
    });
    bridge.payments.set(payment.referenceId, payment);
    act(() => {
      bridge.emit('payment.updated', payment);
      bridge.emit('ecr.sale', registerSale({ method: 'merchant-qr', state: 'started', payment, expiresAt: null }));
    });
    expect(screen.getByTestId('payment-screen').getAttribute('data-reference-id')).toBe(ownReference);
    expect(screen.getByTestId('payment-amount').textContent).toBe('S$5.00');
    expect(screen.getByTestId('held-register-sale')).toBeDefined();
    // The register's open QR is not announced a second time as a stray payment.
    expect(screen.queryByTestId('open-payment-banner')).toBeNull();

    fireEvent.click(screen.getByTestId('held-register-sale-show'));
    await waitFor(() =>
      expect(screen.getByTestId('payment-screen').getAttribute('data-reference-id')).toBe(payment.referenceId),
    );
    expect(screen.getByTestId('from-register').textContent).toBe('From register: ORDER-4711');
    expect(screen.queryByTestId('held-register-sale')).toBeNull();
  });

  it('a held sale the register calls off goes, saying so', async () => {
    const bridge = await till();
    keyAmount('500');
    act(() => bridge.emit('ecr.sale', registerSale()));
    expect(screen.getByTestId('sale-amount').textContent).toBe('S$5.00');
    expect(screen.getByTestId('held-register-sale')).toBeDefined();
    act(() => bridge.emit('ecr.sale', registerSale({ state: 'cancelled' })));
    expect(screen.queryByTestId('held-register-sale')).toBeNull();
    expect(screen.getByTestId('notice').textContent).toContain(
      'The register’s sale of S$80.00 was cancelled. Nothing was charged.',
    );
    expect(screen.getByTestId('sale-screen')).toBeDefined();
  });

  it('tells the core where the cashier’s sale stands, never free between the Sale screen and the Payment screen', async () => {
    const bridge = await openCoreBridge();
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sale-screen');
    keyAmount('500');
    fireEvent.click(screen.getByTestId('charge-button'));
    // Up from the click; its reference comes with the charge's answer.
    const payment = await screen.findByTestId('payment-screen');
    await waitFor(() => expect(payment.getAttribute('data-reference-id')).toBeTruthy());
    const referenceId = payment.getAttribute('data-reference-id')!;
    await waitFor(() => expect(marks(bridge).at(-1)).toEqual({ surface: 'payment', referenceId }));
    fireEvent.click(screen.getByTestId('cancel-payment'));
    fireEvent.click(await screen.findByTestId('dismiss-result'));
    await screen.findByTestId('sale-screen');
    await waitFor(() => expect(marks(bridge).at(-1)).toBeNull());
    expect(marks(bridge)).toEqual([null, { surface: 'sale' }, { surface: 'payment', referenceId }, null]);
    // Every mark comes from this one window.
    const windows = new Set(bridge.callsTo('payments.cashierSale').map((call) => (call as { window: string }).window));
    expect(windows.size).toBe(1);
    expect([...windows][0]).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it('a window that goes away mid-sale (closed, reloaded) says so as it goes, not 15 s later', async () => {
    const bridge = await till();
    keyAmount('500');
    await waitFor(() => expect(marks(bridge).at(-1)).toEqual({ surface: 'sale' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(marks(bridge).at(-1)).toBeNull();
  });
});
