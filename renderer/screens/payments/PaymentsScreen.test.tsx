import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../shared/payments.ts';
import { formatDay } from '../../../shared/receipt.ts';
import { App } from '../../App.tsx';
import { addDays } from '../../components/day.ts';
import { localDay } from '../../components/format.ts';
import { createFakeBridge, historyOf, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

function bridgeWithPayments() {
  const bridge = createFakeBridge();
  bridge.payments.set(
    'REF-LIST-0001',
    paymentView({
      referenceId: 'REF-LIST-0001',
      displayStatus: 'paid',
      state: 'final',
      canCancel: false,
      canRefund: true,
      providerOrderId: '221122-0001-AAAA',
    }),
  );
  bridge.payments.set(
    'REF-LIST-0002',
    paymentView({
      referenceId: 'REF-LIST-0002',
      method: 'customer-qr',
      displayStatus: 'failed',
      state: 'final',
      canCancel: false,
    }),
  );
  return bridge;
}

describe('payments list', () => {
  it('counts one payment as one payment, more as payments', async () => {
    const bridge = bridgeWithPayments();
    const [paid, failed] = [...bridge.payments.values()] as [PaymentView, PaymentView];
    bridge.override('payments.history', ({ status }) => historyOf(status === 'paid' ? [paid] : [paid, failed]));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    await waitFor(() => expect(screen.getByTestId('payments-total').textContent).toBe('2 payments'));
    fireEvent.change(screen.getByTestId('payments-status-filter'), { target: { value: 'paid' } });
    await waitFor(() => expect(screen.getByTestId('payments-total').textContent).toBe('1 payment'));
  });

  it('shows each payment’s note in its own column', async () => {
    const bridge = bridgeWithPayments();
    const [paid, failed] = [...bridge.payments.values()] as [PaymentView, PaymentView];
    bridge.override('payments.history', () =>
      historyOf([
        { ...paid, note: 'Table 7' },
        { ...failed, note: null },
      ]),
    );
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    await waitFor(() => expect(screen.getAllByTestId('payment-row-note')).toHaveLength(2));
    expect(screen.getByRole('columnheader', { name: 'Note' })).toBeDefined();
    expect(screen.getAllByTestId('payment-row-note').map((cell) => cell.textContent)).toEqual(['Table 7', '']);
  });

  it('lists today’s payments with provider order ids, and filters by status and method through the contract', async () => {
    const bridge = bridgeWithPayments();
    // What the core answers for each filter the screen sends (the filtering is the core's, tested there).
    const [paid, failed] = [...bridge.payments.values()] as [PaymentView, PaymentView];
    bridge.override('payments.history', ({ status, method }) =>
      historyOf(status === 'failed' ? [failed] : method === 'merchant-qr' ? [paid] : [paid, failed]),
    );
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(2));
    expect(screen.getAllByTestId('payment-row-provider-id').map((cell) => cell.textContent)).toContain(
      '221122-0001-AAAA',
    );
    // (The frame's open-payment banner reads waiting payments of any day too: the list's call is the one with a day.)
    const first = (bridge.callsTo('payments.history') as { day?: string }[]).find((call) => call.day !== undefined)!;
    expect(first.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.change(screen.getByTestId('payments-status-filter'), { target: { value: 'failed' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('payment-row').map((row) => row.dataset.referenceId)).toEqual(['REF-LIST-0002']),
    );
    expect(bridge.callsTo('payments.history').at(-1)).toMatchObject({ status: 'failed' });

    fireEvent.change(screen.getByTestId('payments-status-filter'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('payments-method-filter'), { target: { value: 'merchant-qr' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('payment-row').map((row) => row.dataset.referenceId)).toEqual(['REF-LIST-0001']),
    );
  });

  it('a day typed day-first asks for that ISO day, keeping the other filters; previous steps back from it', async () => {
    const bridge = bridgeWithPayments();
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(2));
    const today = localDay();
    expect((screen.getByTestId('payments-day') as HTMLInputElement).value).toBe(formatDay(today, 'en'));

    fireEvent.change(screen.getByTestId('payments-status-filter'), { target: { value: 'failed' } });
    const twoDaysAgo = addDays(today, -2);
    fireEvent.change(screen.getByTestId('payments-day'), { target: { value: formatDay(twoDaysAgo, 'en') } });
    fireEvent.keyDown(screen.getByTestId('payments-day'), { key: 'Enter' });
    await waitFor(() =>
      expect(bridge.callsTo('payments.history').at(-1)).toMatchObject({ day: twoDaysAgo, status: 'failed' }),
    );
    fireEvent.click(screen.getByTestId('payments-day-previous'));
    await waitFor(() =>
      expect(bridge.callsTo('payments.history').at(-1)).toMatchObject({ day: addDays(today, -3), status: 'failed' }),
    );
  });

  it('searches by the provider order id and opens the detail with the actions its state allows', async () => {
    const bridge = bridgeWithPayments();
    const [paid] = [...bridge.payments.values()] as [PaymentView];
    bridge.override('payments.history', ({ search }) => historyOf(search ? [paid] : [...bridge.payments.values()]));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    fireEvent.change(await screen.findByTestId('payments-search'), { target: { value: '221122-0001' } });
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(1));
    expect(bridge.callsTo('payments.history').at(-1)).toMatchObject({ search: '221122-0001' });

    fireEvent.click(screen.getByRole('button', { name: 'Open payment REF-LIST-0001' }));
    expect((await screen.findByTestId('detail-provider-order-id')).textContent).toBe('221122-0001-AAAA');
    expect(screen.getByTestId('detail-refund')).toBeDefined();
    expect(screen.queryByTestId('detail-cancel')).toBeNull();
  });

  for (const [locale, filter, filterLabel, mark, fromRegister, orderReference] of [
    ['en', 'Taken', 'From a register', 'Register: Front register', 'From register', 'Register’s order reference'],
    ['zh-HK', '收款地點', '來自收銀系統', '收銀系統：Front register', '來自收銀系統', '收銀系統訂單編號'],
  ] as const) {
    it(`marks a register's payments in the list, filters them, and names the register and its order reference on the detail (${locale})`, async () => {
      const bridge = bridgeWithPayments();
      bridge.settings = { ...bridge.settings, locale };
      bridge.payments.set(
        'REF-LIST-0003',
        paymentView({
          referenceId: 'REF-LIST-0003',
          displayStatus: 'paid',
          state: 'final',
          canCancel: false,
          canRefund: true,
          fromRegister: { keyId: 'key_front-register', keyName: 'Front register', orderReference: 'POS-1042' },
        }),
      );
      bridge.override('payments.history', ({ origin }) =>
        historyOf(origin === 'from-register' ? [bridge.payments.get('REF-LIST-0003')!] : [...bridge.payments.values()]),
      );
      renderWithBridge(<App />, bridge, locale);
      fireEvent.click(await screen.findByTestId('nav-payments'));
      await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(3));
      // The mark is words on the row, read out with it, not a colour or an icon.
      expect(screen.getAllByTestId('payment-row-register').map((badge) => badge.textContent)).toEqual([mark]);
      expect(screen.getByRole('row', { name: new RegExp(mark) }).dataset.referenceId).toBe('REF-LIST-0003');

      fireEvent.change(screen.getByLabelText(filter), { target: { value: 'from-register' } });
      expect(screen.getByRole('option', { name: filterLabel })).toBeDefined();
      await waitFor(() =>
        expect(screen.getAllByTestId('payment-row').map((row) => row.dataset.referenceId)).toEqual(['REF-LIST-0003']),
      );
      expect(bridge.callsTo('payments.history').at(-1)).toMatchObject({ origin: 'from-register' });

      const row = screen.getAllByTestId('payment-row')[0]!;
      fireEvent.click(within(row).getByRole('button', { name: /REF-LIST-0003/ }));
      const detail = await screen.findByTestId('payment-detail');
      const terms = [...detail.querySelectorAll('dt')].map((dt) => dt.textContent);
      expect(terms).toEqual(expect.arrayContaining([fromRegister, orderReference]));
      expect(screen.getByTestId('detail-from-register').textContent).toBe('Front register');
      expect(screen.getByTestId('detail-register-order-reference').textContent).toBe('POS-1042');
    });
  }

  it('shows no register facts for a sale keyed in at the till', async () => {
    const bridge = bridgeWithPayments();
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(2));
    expect(screen.queryByTestId('payment-row-register')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open payment REF-LIST-0001' }));
    await screen.findByTestId('detail-provider-order-id');
    expect(screen.queryByTestId('detail-from-register')).toBeNull();
  });
});
