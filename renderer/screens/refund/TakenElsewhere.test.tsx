import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DaySummary } from '../../../shared/payment-history.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, failure, historyOf, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge, scannerTypes } from '../../test/render.test-helper.tsx';
import { sleep } from '../../../electron/testing/helpers.ts';

// A payment of the merchant taken at another terminal (the refund counter's everyday case): found by its
// receipt, marked "Taken at another terminal" wherever it shows, refundable here; the day summary gives the
// refunds this terminal made of such payments their own line.

const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

function lookedUp() {
  return paymentView({
    referenceId: 'TILL01-20261121-K3F9Q2ZP',
    origin: 'looked-up',
    method: null,
    posId: null,
    amount: SGD(1400),
    state: 'final',
    providerStatus: 'CAPTURED',
    displayStatus: 'paid',
    qrPayload: null,
    canCancel: false,
    canRefund: true,
    refundable: SGD(1400),
    paymentType: 'PAY',
    providerOrderId: '261121-0001-ABCD',
  });
}

describe('a payment taken at another terminal', () => {
  it('scanned at the refund counter: marked, with what it is, and refundable here', async () => {
    const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
    bridge.payments.set('TILL01-20261121-K3F9Q2ZP', lookedUp());
    bridge.payments.set(
      'REF-HERE-0001',
      paymentView({ referenceId: 'REF-HERE-0001', state: 'final', providerStatus: 'CAPTURED', displayStatus: 'paid' }),
    );
    // The core's answer to the refund: sent as this terminal, and succeeded.
    bridge.override('payments.refund', ({ referenceId, reason }) => {
      const payment = { ...lookedUp(), refunded: SGD(1400), refundable: SGD(0), canRefund: false };
      const at = '2026-11-22T10:00:00.000Z';
      const refund = { refundId: 'RF-1', referenceId, amount: SGD(1400), reason, state: 'succeeded' as const };
      const settled = {
        ...refund,
        failureReason: null,
        failureNotice: null,
        posId: 'POS-1',
        createdAt: at,
        updatedAt: at,
      };
      return { ok: true, value: { payment, refunds: [settled], history: [], events: [] } };
    });
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-refund'));
    await screen.findByTestId('refund-screen');
    scannerTypes(document.body, 'TILL01-20261121-K3F9Q2ZP', 5_000);
    const mark = await screen.findByTestId('refund-origin');
    expect(mark.textContent).toBe('Taken at another terminal');
    // Said on the screen, under the mark (a tooltip reaches neither a touch screen nor a screen reader).
    const why = screen.getByTestId('refund-origin-why');
    expect(why.hidden).toBe(false);
    expect(why.textContent).toMatch(/counts in this terminal’s day summary/);
    expect(screen.getByTestId('refund-payment-type').textContent).toBe('Wallet payment');
    expect(screen.getByTestId('refund-refundable').textContent).toBe('S$14.00');

    // Refunded here: the refund's row names the terminal it was sent as, this one.
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '4321' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    await screen.findByTestId('refund-done');
    const row = screen.getByTestId('refund-row');
    expect(within(row).getByTestId('refund-row-terminal').textContent).toBe('POS-1');
    expect(screen.getByRole('columnheader', { name: 'Sent as terminal' })).toBeDefined();
  });

  it('the payment list marks it, filters by origin, and the detail says so (en and zh-HK)', async () => {
    const bridge = createFakeBridge();
    bridge.payments.set('TILL01-20261121-K3F9Q2ZP', lookedUp());
    bridge.payments.set(
      'REF-HERE-0001',
      paymentView({
        referenceId: 'REF-HERE-0001',
        state: 'final',
        providerStatus: 'CAPTURED',
        displayStatus: 'paid',
        canCancel: false,
      }),
    );
    // What the core answers for each origin the screen asks for.
    const [elsewhere, here] = [...bridge.payments.values()] as [PaymentView, PaymentView];
    bridge.override('payments.history', ({ origin }) =>
      historyOf(origin === 'looked-up' ? [elsewhere] : origin === 'taken-here' ? [here] : [elsewhere, here]),
    );
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(2));
    const row = screen
      .getAllByTestId('payment-row')
      .find((r) => r.getAttribute('data-reference-id') === 'TILL01-20261121-K3F9Q2ZP')!;
    expect(within(row).getByText('Taken at another terminal')).toBeDefined();
    expect(within(row).getByText(/Not known: taken at another terminal/)).toBeDefined();

    const filter = screen.getByLabelText('Taken');
    fireEvent.change(filter, { target: { value: 'looked-up' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('payment-row').map((r) => r.getAttribute('data-reference-id'))).toEqual([
        'TILL01-20261121-K3F9Q2ZP',
      ]),
    );
    expect(bridge.callsTo('payments.history').at(-1)).toMatchObject({ origin: 'looked-up' });
    fireEvent.change(filter, { target: { value: 'taken-here' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('payment-row').map((r) => r.getAttribute('data-reference-id'))).toEqual([
        'REF-HERE-0001',
      ]),
    );

    fireEvent.change(filter, { target: { value: '' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Open payment TILL01-20261121-K3F9Q2ZP' }));
    expect((await screen.findByTestId('detail-origin')).textContent).toBe('Taken at another terminal');
  });

  it('says it in Traditional Chinese too', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, locale: 'zh-HK' };
    bridge.payments.set('TILL01-20261121-K3F9Q2ZP', lookedUp());
    renderWithBridge(<App />, bridge, 'zh-HK');
    fireEvent.click(await screen.findByTestId('nav-payments'));
    const row = await screen.findByTestId('payment-row');
    expect(within(row).getByText('於其他終端機收款')).toBeDefined();
    expect(screen.getByLabelText('收款地點')).toBeDefined();
  });

  for (const [locale, explanation, label] of [
    [
      'en',
      'This terminal (posId) belongs to other credentials. Check the posId in Settings.',
      'The provider’s own words:',
    ],
    ['zh-HK', '此終端機（posId）屬於另一組憑證。請在「設定」檢查 posId。', '支付商原文：'],
  ] as const) {
    it(`a refund the provider refuses: our explanation, then the provider's own words as they came (${locale})`, async () => {
      const denial = 'Terminal Access Denied. Insufficient permissions to act on this terminal.';
      const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
      bridge.settings = { ...bridge.settings, locale };
      const payment = lookedUp();
      bridge.payments.set(payment.referenceId, payment);
      // As main does: the refund is recorded before it is sent (in flight, nothing is refundable), the screen
      // hears it and reloads; the provider refuses it (refundable again), the screen hears that too.
      bridge.override('payments.refund', async ({ referenceId, amountMinor }) => {
        const refund = (state: 'sending' | 'failed') => ({
          refundId: `${referenceId}-R1`,
          referenceId,
          amount: SGD(amountMinor ?? 1400),
          reason: 'Goods returned',
          state,
          failureReason: null,
          failureNotice: null,
          posId: 'POS-1',
          createdAt: '2026-11-21T10:00:00.000Z',
          updatedAt: '2026-11-21T10:00:00.000Z',
        });
        bridge.payments.set(referenceId, { ...payment, refundable: SGD(0), canRefund: false });
        bridge.emit('refund.updated', refund('sending'));
        await sleep(20);
        bridge.payments.set(referenceId, payment);
        bridge.emit('refund.updated', refund('failed'));
        await sleep(20);
        return {
          ok: false,
          error: {
            code: 'terminal.denied',
            message: 'This terminal (posId) belongs to other credentials. Check the posId in Settings.',
            retryable: false,
            details: { operation: 'refund', httpStatus: 401, providerMessage: denial, traceId: 'trace-1' },
          },
        };
      });
      renderWithBridge(<App />, bridge, locale);
      fireEvent.click(await screen.findByTestId('nav-refund'));
      await screen.findByTestId('refund-screen');
      scannerTypes(document.body, 'TILL01-20261121-K3F9Q2ZP', 5_000);
      fireEvent.change(await screen.findByTestId('refund-pin'), { target: { value: '4321' } });
      fireEvent.click(screen.getByTestId('refund-submit'));
      fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
      expect((await screen.findByTestId('refund-error')).textContent).toBe(explanation);
      expect(screen.getByTestId('refund-error-provider').textContent).toBe(`${label} ${denial}`);
      const quote = screen.getByTestId('refund-error-provider-text');
      expect([quote.tagName, quote.getAttribute('lang'), quote.textContent]).toEqual(['Q', 'en', denial]);
    });
  }

  it('an error the till itself raised (no provider sentence) shows our words alone', async () => {
    const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
    bridge.payments.set('TILL01-20261121-K3F9Q2ZP', lookedUp());
    bridge.override('payments.refund', () => failure('supervisor.pin-wrong'));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-refund'));
    await screen.findByTestId('refund-screen');
    scannerTypes(document.body, 'TILL01-20261121-K3F9Q2ZP', 5_000);
    fireEvent.change(await screen.findByTestId('refund-pin'), { target: { value: '0000' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    expect((await screen.findByTestId('refund-error')).textContent).toBe('That supervisor PIN is not correct.');
    expect(screen.queryByTestId('refund-error-provider')).toBeNull();
  });

  it("the day summary shows the refunds made here of other terminals' payments on their own line, in the net", async () => {
    const bridge = createFakeBridge();
    const summary: DaySummary = {
      day: '2026-11-21',
      currency: 'SGD',
      byStatus: {},
      byMethod: { 'merchant-qr': { count: 0, total: SGD(0) }, 'customer-qr': { count: 0, total: SGD(0) } },
      paid: { count: 0, total: SGD(0) },
      refunds: { count: 0, total: SGD(0) },
      refundsOfOtherTerminals: { count: 2, total: SGD(1400) },
      refundedElsewhere: { count: 0, total: SGD(0) },
      net: SGD(-1400),
    };
    bridge.override('payments.summary', () => ({ ok: true, value: summary }));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-summary'));
    await waitFor(() =>
      expect(screen.getByTestId('summary-refunds-other-terminals-total').textContent).toBe('−S$14.00'),
    );
    expect(screen.getByTestId('summary-refunds-other-terminals').dataset.count).toBe('2');
    expect(screen.getByText('of payments taken at other terminals')).toBeDefined();
    expect(screen.getByTestId('summary-net-total').textContent).toBe('-S$14.00');
  });
});
