import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
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

    act(() =>
      bridge.emit('payment.updated', {
        ...waiting,
        displayStatus: 'paid',
        state: 'final',
        qrPayload: null,
        canCancel: false,
        updatedAt: '2026-11-22T10:00:09.000Z',
      }),
    );
    expect(screen.getByTestId('customer-status').textContent).toBe('Paid — Thank you!');
    expect(screen.queryByTestId('customer-qr')).toBeNull();
    expect(screen.getByTestId('customer-result-icon').className).toContain('customer-result-success');
  });

  it('says DEMO to the customer on a demo till, and nothing of the sort on a real one', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<CustomerDisplay />, bridge);
    expect((await screen.findByTestId('customer-demo')).textContent).toBe('DEMO — no real money is taken');
    bridge.settings = { ...bridge.settings, environment: 'provider-sandbox' };
    act(() =>
      bridge.emit('settings.changed', {
        settings: bridge.settings,
        secrets: {
          accessKeySecret: true,
          supervisorPin: false,
          adminPin: false,
          tokenizedMerchantSecret: false,
          headOfficeUrl: false,
        },
        demo: false,
        vaultUnreadable: false,
        pinLockouts: [],
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('customer-demo')).toBeNull());
  });

  it('speaks the customer-facing language of Settings, which may differ from the till’s, and follows a change', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, locale: 'en', customerLocale: 'zh-Hans' };
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    const waiting = paymentView({ referenceId: 'REF-CD-0009', amount: { amountMinor: 1234, currency: 'SGD' } });
    act(() => bridge.emit('payment.updated', waiting));
    await waitFor(() => expect(screen.getByTestId('customer-status').textContent).toBe('请用电子钱包扫描二维码'));
    expect(screen.getByTestId('customer-amount').textContent).toBe('S$12.34');
    expect(document.documentElement.lang).toBe('zh-Hans');
    // '' follows the till's own language again.
    bridge.settings = { ...bridge.settings, customerLocale: '' };
    act(() =>
      bridge.emit('settings.changed', {
        settings: { ...bridge.settings, customerLocale: '' },
        secrets: {
          accessKeySecret: false,
          supervisorPin: false,
          adminPin: false,
          tokenizedMerchantSecret: false,
          headOfficeUrl: false,
        },
        demo: true,
        vaultUnreadable: false,
        pinLockouts: [],
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('customer-status').textContent).toBe('Scan the QR code with your wallet app'),
    );
    expect(document.documentElement.lang).toBe('en');
  });

  it('speaks to the customer: what to do next, and a plain result when it did not go through', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    const waiting = paymentView({ referenceId: 'REF-CD-0004' });
    act(() =>
      bridge.emit('payment.updated', { ...waiting, displayStatus: 'scanned', updatedAt: '2026-11-22T10:00:01.000Z' }),
    );
    expect(screen.getByTestId('customer-status').textContent).toBe('Confirm the payment in your wallet app');
    act(() =>
      bridge.emit('payment.updated', {
        ...waiting,
        displayStatus: 'failed',
        state: 'final',
        qrPayload: null,
        failureReason: 'CONSUMER_DECLINED',
        updatedAt: '2026-11-22T10:00:02.000Z',
      }),
    );
    expect(screen.getByTestId('customer-status').textContent).toBe('Payment not completed');
    expect(screen.getByTestId('customer-result-icon').className).toContain('customer-result-failure');
  });

  it('does not let a late update of an older payment take over the display', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    const current = paymentView({
      referenceId: 'REF-CD-0002',
      createdAt: '2026-11-22T10:05:00.000Z',
      updatedAt: '2026-11-22T10:05:00.000Z',
    });
    act(() => bridge.emit('payment.updated', current));
    act(() =>
      bridge.emit(
        'payment.updated',
        paymentView({
          referenceId: 'REF-CD-0001',
          displayStatus: 'cancelled',
          state: 'final',
          createdAt: '2026-11-22T10:00:00.000Z',
          updatedAt: '2026-11-22T10:06:00.000Z',
        }),
      ),
    );
    expect(screen.getByTestId('customer-display').dataset.state).toBe('waiting');
  });

  it('picks up a payment already open when the display is opened mid-payment', async () => {
    const bridge = await openCoreBridge({ role: 'customer-display' });
    // The cashier charges at the till; the display opens after.
    await bridge.core.handlers['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    renderWithBridge(<CustomerDisplay />, bridge);
    expect((await screen.findByTestId('customer-amount')).textContent).toBe('S$5.00');
  });

  it('asks a linked customer to approve a charge, and sends their answer; the question goes once answered', async () => {
    const bridge = await openCoreBridge({ role: 'customer-display' });
    await bridge.linkCustomer('cust-cd-1');
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    // The cashier asks (Customers → Charge now): the core puts the question on this display.
    const asked = await bridge.core.handlers['customers.requestApproval']({
      action: 'charge',
      merchantUserId: 'cust-cd-1',
      amountMinor: 300,
      currency: 'SGD',
    });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        'Pay S$3.00 to Demo Coffee Bar from your linked wallet?',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve S$3.00' }));
    await waitFor(() => expect(screen.queryByTestId('customer-approval')).toBeNull());
    expect(bridge.callsTo('customers.answerApproval')).toEqual([{ approvalId: asked.approvalId, approve: true }]);
    const answered = await bridge.core.handlers['customers.approvalStatus']({ approvalId: asked.approvalId });
    expect(answered.state).toBe('approved');
  });

  it('offers a linking customer the wallet’s consent page, opened with their own touch', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    act(() =>
      bridge.emit('customers.consentOnDisplay', {
        linkToken: 'lt-9',
        url: '/consent/lt-9?ticket=t',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Link your wallet to Demo Coffee Bar?');
    expect(screen.getByRole('button', { name: 'Open my wallet’s page' })).toBeDefined();
  });
});
