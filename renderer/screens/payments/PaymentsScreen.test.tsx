import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../shared/receipt.ts';
import { App } from '../../App.tsx';
import { addDays } from '../../components/day.ts';
import { localDay } from '../../components/format.ts';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.ts';
import { renderWithBridge } from '../../test/render.tsx';

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
  it('lists today’s payments with provider order ids, and filters by status and method through the contract', async () => {
    const bridge = bridgeWithPayments();
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
});
