import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { createFakeBridge, paymentView, type FakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// A register's sale never throws away what the cashier is typing: on the Refund and Settings screens it waits in
// the banner, and shows when the cashier leaves the screen or asks for it.

const payment = paymentView({
  referenceId: 'TILL01-20261122-REGISTER',
  amount: { amountMinor: 8000, currency: 'SGD' },
  fromRegister: { keyId: 'key_front-register', keyName: 'Front register', orderReference: 'ORDER-4711' },
});

const sale = {
  referenceId: payment.referenceId,
  keyId: 'key_front-register',
  keyName: 'Front register',
  orderReference: 'ORDER-4711',
  method: 'merchant-qr',
  amount: payment.amount,
  note: null,
  state: 'started',
  payment,
  expiresAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
} as const;

async function tillWithRegisterSaleComing(): Promise<FakeBridge> {
  const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
  bridge.payments.set(payment.referenceId, payment);
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  return bridge;
}

function registerSends(bridge: FakeBridge): void {
  bridge.override('ecr.openSale', () => ({ ok: true, value: sale }));
  act(() => bridge.emit('ecr.sale', sale));
}

describe('a register’s sale while the cashier types on another screen', () => {
  it('on the Refund screen: the half-typed refund stays, the sale waits in the banner, and shows on leaving', async () => {
    const bridge = await tillWithRegisterSaleComing();
    fireEvent.click(screen.getByTestId('nav-refund'));
    await screen.findByTestId('refund-screen');
    fireEvent.change(screen.getByTestId('refund-lookup'), { target: { value: 'TILL01-2026112' } });

    registerSends(bridge);
    expect(screen.getByTestId('refund-screen')).toBeDefined();
    expect((screen.getByTestId('refund-lookup') as HTMLInputElement).value).toBe('TILL01-2026112');
    expect(screen.getByTestId('held-register-sale').textContent).toContain(
      'The register sent a sale of S$80.00 (ORDER-4711): it shows as soon as you leave this screen.',
    );

    fireEvent.click(screen.getByTestId('nav-sale'));
    await waitFor(() =>
      expect(screen.getByTestId('payment-screen').getAttribute('data-reference-id')).toBe(payment.referenceId),
    );
    expect(screen.queryByTestId('held-register-sale')).toBeNull();
  });

  it('on the Settings screen: the unsaved form stays until the cashier asks for the sale', async () => {
    const bridge = await tillWithRegisterSaleComing();
    fireEvent.click(screen.getByTestId('nav-settings'));
    const settings = await screen.findByTestId('settings-screen');

    registerSends(bridge);
    expect(screen.getByTestId('settings-screen')).toBe(settings);
    expect(screen.getByTestId('held-register-sale')).toBeDefined();

    fireEvent.click(screen.getByTestId('held-register-sale-show'));
    await waitFor(() =>
      expect(screen.getByTestId('payment-screen').getAttribute('data-reference-id')).toBe(payment.referenceId),
    );
    expect(screen.getByTestId('from-register').textContent).toBe('From register: ORDER-4711');
  });

  it('on any other screen (Payments) it takes the screen at once, as before', async () => {
    const bridge = await tillWithRegisterSaleComing();
    fireEvent.click(screen.getByTestId('nav-payments'));
    await screen.findByTestId('payments-screen');
    registerSends(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('payment-screen').getAttribute('data-reference-id')).toBe(payment.referenceId),
    );
    expect(screen.queryByTestId('held-register-sale')).toBeNull();
  });
});
