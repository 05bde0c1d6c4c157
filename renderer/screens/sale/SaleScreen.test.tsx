import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge, failure } from '../../test/fake-bridge.test-helper.ts';
import { keyAt, renderWithBridge, scannerTypes } from '../../test/render.test-helper.tsx';
import { defaultMessage } from '../../../shared/errors.ts';

async function openSale(options: Parameters<typeof createFakeBridge>[0] = {}) {
  const bridge = createFakeBridge(options);
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  return bridge;
}

describe('sale screen', () => {
  it('takes the amount as digits from the right, shown in the terminal currency', async () => {
    await openSale();
    const amount = screen.getByTestId('sale-amount');
    expect(amount.textContent).toBe('S$0.00');
    let time = 10_000;
    for (const digit of '1234') keyAt(document.body, digit, (time += 200));
    expect(amount.textContent).toBe('S$12.34');
    keyAt(document.body, 'Backspace', (time += 200));
    expect(amount.textContent).toBe('S$1.23');
    fireEvent.click(screen.getByTestId('keypad-00'));
    expect(amount.textContent).toBe('S$123.00');
    keyAt(document.body, 'Escape', time + 200);
    expect(amount.textContent).toBe('S$0.00');
  });

  it('below the minimum says the minimum, in the till\'s language (not "enter an amount above zero")', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, amountLimits: { minMinor: 500, maxMinor: 1_000_000 }, locale: 'zh-HK' };
    renderWithBridge(<App />, bridge, 'zh-HK');
    await screen.findByTestId('sale-screen');
    for (const [index, digit] of [...'250'].entries()) keyAt(document.body, digit, 30_000 + index * 150);
    fireEvent.click(screen.getByTestId('charge-button'));
    expect((await screen.findByTestId('sale-error')).textContent).toBe('本終端機接受的最低金額為 S$5.00。');
    expect(bridge.callsTo('payments.chargeMerchantQr')).toEqual([]);
  });

  it('formats Hong Kong dollars for a Hong Kong terminal', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, country: 'HK', currency: 'HKD' };
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sale-screen');
    for (const [index, digit] of [...'123450'].entries()) keyAt(document.body, digit, 20_000 + index * 150);
    expect(screen.getByTestId('sale-amount').textContent).toBe('HK$1,234.50');
  });

  it("on the demo, sells in the demo merchant's currency even when Settings hold another country for later", async () => {
    // app.info names the currency of the merchant in effect: the embedded sandbox's (SGD), not the saved HK.
    const bridge = createFakeBridge({ info: { currency: 'SGD' } });
    bridge.settings = { ...bridge.settings, country: 'HK', currency: 'HKD' };
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sale-screen');
    for (const [index, digit] of [...'1250'].entries()) keyAt(document.body, digit, 20_000 + index * 150);
    await waitFor(() => expect(screen.getByTestId('sale-amount').textContent).toBe('S$12.50'));
  });

  it('Enter charges the amount as integer minor units in the terminal currency, with the note', async () => {
    const bridge = await openSale();
    let time = 10_000;
    for (const digit of '1234') keyAt(document.body, digit, (time += 200));
    fireEvent.change(screen.getByTestId('sale-note'), { target: { value: 'Table 4' } });
    keyAt(document.body, 'Enter', time + 200);

    await screen.findByTestId('payment-screen');
    expect(bridge.callsTo('payments.chargeMerchantQr')).toEqual([
      { amountMinor: 1234, currency: 'SGD', note: 'Table 4', chargeId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    const [request] = bridge.callsTo('payments.chargeMerchantQr') as [{ amountMinor: number }];
    expect(Number.isInteger(request.amountMinor)).toBe(true);
    expect(screen.getByTestId('payment-amount').textContent).toBe('S$12.34');
    expect(screen.getByTestId('payment-status').textContent).toBe('Waiting for the customer to scan');
    expect(screen.getByRole('img', { name: /Payment QR code for S\$12\.34/ })).toBe(screen.getByTestId('payment-qr'));
  });

  it('refuses to charge nothing, without calling the service', async () => {
    const bridge = await openSale();
    fireEvent.click(screen.getByTestId('charge-button'));
    expect((await screen.findByTestId('sale-error')).textContent).toBe('Enter an amount above zero.');
    expect(bridge.callsTo('payments.chargeMerchantQr')).toEqual([]);
  });

  it('shows the service error in the cashier’s words', async () => {
    const bridge = await openSale();
    bridge.override('payments.chargeMerchantQr', () => ({
      ok: false,
      error: {
        code: 'auth.clock-skew',
        message: "This till's clock is out of sync with the provider.",
        retryable: false,
      },
    }));
    keyAt(document.body, '5', 10_000);
    fireEvent.click(screen.getByTestId('charge-button'));
    expect((await screen.findByTestId('sale-error')).textContent).toBe(defaultMessage('auth.clock-skew'));
    expect(screen.getByTestId('sale-screen')).toBeDefined();
  });

  it('does not take human-speed typing in the note as a scan, nor as amount digits', async () => {
    const bridge = await openSale();
    const note = screen.getByTestId('sale-note');
    note.focus();
    let time = 50_000;
    for (const char of '2811990012345678') keyAt(note, char, (time += 140));
    keyAt(note, 'Tab', time + 140);
    expect(screen.getByTestId('sale-amount').textContent).toBe('S$0.00');
    expect(screen.getByTestId('notice').textContent).toBe('');
    expect(bridge.callsTo('payments.chargeCustomerQr')).toEqual([]);
  });

  it('ignores a USB scan on the sale screen and undoes the digits it typed, keeping the cashier’s amount', async () => {
    const bridge = await openSale();
    keyAt(document.body, '7', 1_000);
    scannerTypes(document.body, '2811990012345678', 5_000);
    expect(screen.getByTestId('sale-amount').textContent).toBe('S$0.07');
    expect(screen.getByTestId('notice').textContent).toContain('press “Scan customer” first');
    expect(bridge.callsTo('payments.chargeMerchantQr')).toEqual([]);
    expect(bridge.callsTo('payments.chargeCustomerQr')).toEqual([]);
    expect(screen.getByTestId('status-scanner').textContent).toBe('Scanner seen just now');
  });

  it('has an accessible name on every control', async () => {
    await openSale();
    for (const element of document.querySelectorAll('button, input, select, output')) {
      const labelled =
        element.getAttribute('aria-label') ||
        element.getAttribute('aria-labelledby') ||
        (element.id && document.querySelector(`label[for="${element.id}"]`)) ||
        element.closest('label') ||
        element.textContent?.trim();
      expect(labelled, element.outerHTML).toBeTruthy();
    }
  });
});

describe('scan customer', () => {
  it('charges by the customer code from a USB scanner, and refuses the same code again with its reason', async () => {
    const bridge = await openCoreBridge();
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sale-screen');
    // The code the customer's wallet shows, good for one payment.
    const code = await bridge.consumerCode();
    keyAt(document.body, '5', 1_000);
    keyAt(document.body, '0', 1_200);
    fireEvent.click(screen.getByTestId('scan-customer-button'));
    await screen.findByTestId('scan-screen');
    scannerTypes(document.body, code, 10_000);

    await screen.findByTestId('payment-screen');
    expect(bridge.callsTo('payments.chargeCustomerQr')).toEqual([
      { amountMinor: 50, currency: 'SGD', consumerCode: code },
    ]);
    // The wallet takes a moment to confirm: the result comes with the core's next update.
    expect((await screen.findByTestId('payment-result')).dataset.outcome).toBe('success');
    expect(screen.getByTestId('payment-result').textContent).toContain('Paid S$0.50');

    fireEvent.click(screen.getByTestId('dismiss-result'));
    await screen.findByTestId('sale-screen');
    keyAt(document.body, '9', 20_000);
    fireEvent.click(screen.getByTestId('scan-customer-button'));
    await screen.findByTestId('scan-screen');
    scannerTypes(document.body, code, 30_000);
    const error = await screen.findByTestId('scan-error');
    expect(error.textContent).toBe(
      'This customer code was already used. Ask the customer to refresh the code in their app.',
    );
    expect(error.dataset.errorCode).toBe('consumer-code.already-used');
    await waitFor(() => expect(bridge.callsTo('payments.chargeCustomerQr')).toHaveLength(2));
  });

  describe("the provider's amount limits for this shop, as its refusals taught the till (app.info)", () => {
    it('below the smallest amount the provider takes says so, and charges nothing', async () => {
      const bridge = await openSale({ info: { providerAmountLimits: { minMinor: 500, maxMinor: null } } });
      for (const [index, digit] of [...'250'].entries()) keyAt(document.body, digit, 30_000 + index * 150);
      fireEvent.click(screen.getByTestId('charge-button'));
      const error = await screen.findByTestId('sale-error');
      expect(error.textContent).toBe('The provider’s smallest amount for this shop is at least S$5.00.');
      fireEvent.click(screen.getByTestId('scan-customer-button'));
      expect(screen.getByTestId('sale-screen')).toBeDefined();
      expect(bridge.callsTo('payments.chargeMerchantQr')).toEqual([]);
    });

    it('a digit past the largest amount the provider takes is refused, naming the provider, in zh-HK too', async () => {
      const bridge = createFakeBridge({ info: { providerAmountLimits: { minMinor: null, maxMinor: 4_999 } } });
      bridge.settings = { ...bridge.settings, locale: 'zh-HK' };
      renderWithBridge(<App />, bridge, 'zh-HK');
      await screen.findByTestId('sale-screen');
      for (const [index, digit] of [...'5000'].entries()) keyAt(document.body, digit, 30_000 + index * 150);
      expect(screen.getByTestId('sale-amount').dataset.amountMinor).toBe('500');
      expect((await screen.findByTestId('sale-over-limit')).textContent).toBe(
        '支付商為本店設定的最高金額最多為 S$49.99：剛才的數字未有加入。',
      );
    });

    it("the terminal's own limit still speaks when it is the tighter one", async () => {
      const bridge = createFakeBridge({ info: { providerAmountLimits: { minMinor: 200, maxMinor: 900_000 } } });
      bridge.settings = { ...bridge.settings, amountLimits: { minMinor: 300, maxMinor: 4_000 } };
      renderWithBridge(<App />, bridge);
      await screen.findByTestId('sale-screen');
      for (const [index, digit] of [...'5000'].entries()) keyAt(document.body, digit, 30_000 + index * 150);
      expect((await screen.findByTestId('sale-over-limit')).textContent).toBe(
        'The most this terminal takes is S$40.00: that digit was not added.',
      );
      keyAt(document.body, 'Escape', 40_000);
      keyAt(document.body, '2', 40_200);
      keyAt(document.body, '5', 40_400);
      fireEvent.click(screen.getByTestId('charge-button'));
      expect((await screen.findByTestId('sale-error')).textContent).toBe(
        'The smallest amount this terminal takes is S$3.00.',
      );
    });

    it('a limit learned while the till runs (payments.amountLimitsLearned) applies to the next amount at once', async () => {
      const bridge = await openSale();
      bridge.override('payments.chargeMerchantQr', () => failure('amount.above-provider-maximum'));
      for (const [index, digit] of [...'6000'].entries()) keyAt(document.body, digit, 30_000 + index * 150);
      fireEvent.click(screen.getByTestId('charge-button'));
      await screen.findByTestId('sale-error');
      act(() => bridge.emit('payments.amountLimitsLearned', { minMinor: null, maxMinor: 5_999 }));
      keyAt(document.body, 'Escape', 40_000);
      for (const [index, digit] of [...'6000'].entries()) keyAt(document.body, digit, 41_000 + index * 150);
      expect(screen.getByTestId('sale-amount').dataset.amountMinor).toBe('600');
      expect((await screen.findByTestId('sale-over-limit')).textContent).toBe(
        'The provider’s largest amount for this shop is at most S$59.99: that digit was not added.',
      );
      expect(bridge.callsTo('payments.chargeMerchantQr')).toHaveLength(1);
    });
  });
});
