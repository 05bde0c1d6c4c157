import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.ts';
import { renderWithBridge } from '../../test/render.tsx';
import { CustomerDisplay } from './CustomerDisplay.tsx';

describe('customer display', () => {
  it('shows idle branding, then amount + QR + live status of the payment at the counter, then the result', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<CustomerDisplay />, bridge);
    expect(await screen.findByTestId('customer-idle')).toBeDefined();
    expect((await screen.findByTestId('customer-merchant')).textContent).toBe('Demo Coffee Bar');

    const waiting = paymentView({ referenceId: 'REF-CD-0001', amount: { amountMinor: 1234, currency: 'SGD' } });
    act(() => bridge.emit('payment.updated', waiting));
    expect(screen.getByTestId('customer-amount').textContent).toBe('S$12.34');
    expect(screen.getByTestId('customer-qr')).toBeDefined();
    expect(screen.getByTestId('customer-status').textContent).toBe('Scan the QR code with your wallet app');

    act(() => bridge.emit('payment.updated', { ...waiting, displayStatus: 'paid', state: 'final', qrPayload: null, canCancel: false, updatedAt: '2026-11-22T10:00:09.000Z' }));
    expect(screen.getByTestId('customer-status').textContent).toBe('Paid — Thank you!');
    expect(screen.queryByTestId('customer-qr')).toBeNull();
    expect(screen.getByTestId('customer-result-icon').className).toContain('customer-result-success');
  });

  it('speaks to the customer: what to do next, and a plain result when it did not go through', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    const waiting = paymentView({ referenceId: 'REF-CD-0004' });
    act(() => bridge.emit('payment.updated', { ...waiting, displayStatus: 'scanned', updatedAt: '2026-11-22T10:00:01.000Z' }));
    expect(screen.getByTestId('customer-status').textContent).toBe('Confirm the payment in your wallet app');
    act(() => bridge.emit('payment.updated', { ...waiting, displayStatus: 'failed', state: 'final', qrPayload: null, failureReason: 'CONSUMER_DECLINED', updatedAt: '2026-11-22T10:00:02.000Z' }));
    expect(screen.getByTestId('customer-status').textContent).toBe('Payment not completed');
    expect(screen.getByTestId('customer-result-icon').className).toContain('customer-result-failure');
  });

  it('does not let a late update of an older payment take over the display', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    const current = paymentView({ referenceId: 'REF-CD-0002', createdAt: '2026-11-22T10:05:00.000Z', updatedAt: '2026-11-22T10:05:00.000Z' });
    act(() => bridge.emit('payment.updated', current));
    act(() =>
      bridge.emit('payment.updated', paymentView({ referenceId: 'REF-CD-0001', displayStatus: 'cancelled', state: 'final', createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:06:00.000Z' })),
    );
    expect(screen.getByTestId('customer-display').dataset.state).toBe('waiting');
  });

  it('picks up a payment already open when the display is opened mid-payment', async () => {
    const bridge = createFakeBridge();
    const open = paymentView({ referenceId: 'REF-CD-0003', amount: { amountMinor: 500, currency: 'SGD' }, createdAt: new Date().toISOString() });
    bridge.payments.set(open.referenceId, open);
    renderWithBridge(<CustomerDisplay />, bridge);
    expect((await screen.findByTestId('customer-amount')).textContent).toBe('S$5.00');
  });
});
