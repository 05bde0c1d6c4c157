import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
import { notice } from '../../../shared/notices.ts';

// The unresolved list as the cashier sees it: one row per payment, the same number as the status bar, and a
// reason on every row — also for a paid payment that is listed because its refund is still being checked.

const REFUND_REASON = notice('unresolved.refund-checking', {
  amount: { amountMinor: 500, currency: 'SGD' },
  reason: notice('refund.not-shown-yet'),
});
const REFUND_REASON_EN =
  'Refund of S$5.00 is being checked: The provider does not show this refund yet; a slow request could still arrive.';
const CHECKING_REASON = notice('unresolved.checking', {
  reason: notice('payments.error', { error: { code: 'network.timeout' } }),
});

describe('unresolved list', () => {
  it('shows why a paid payment with a refund being checked is listed, one row for the one count', async () => {
    const bridge = createFakeBridge({ status: { unresolvedCount: 2 } });
    const refunding = paymentView({
      referenceId: 'REF-UNRES-0001',
      state: 'final',
      providerStatus: 'CAPTURED',
      displayStatus: 'paid',
      canCancel: false,
      unresolvedReason: REFUND_REASON,
    });
    const checking = paymentView({
      referenceId: 'REF-UNRES-0002',
      state: 'checking',
      providerStatus: null,
      displayStatus: 'checking',
      unresolvedReason: CHECKING_REASON,
    });
    bridge.override('payments.unresolved', () => ({ ok: true, value: [refunding, checking] }));
    renderWithBridge(<App />, bridge);

    const count = await screen.findByTestId('status-unresolved');
    expect(count.textContent).toBe('Unresolved: 2');
    fireEvent.click(count);
    await waitFor(() => expect(screen.getAllByTestId('unresolved-row')).toHaveLength(2));
    const reasons = screen.getAllByTestId('unresolved-reason').map((cell) => cell.textContent);
    expect(reasons).toEqual([
      REFUND_REASON_EN,
      'Checking with the provider: The provider did not answer in time. The payment is being checked.',
    ]);
    expect(reasons).not.toContain('—');
  });
});

describe('unresolved list: linked customers', () => {
  it("lists linked-customer charges and holds in the cashier's words, and opens that customer on the Customers screen", async () => {
    const bridge = createFakeBridge({ status: { unresolvedCount: 2 } });
    const at = '2026-11-22T09:00:00.000Z';
    const customer = {
      merchantUserId: 'cust-unres-1',
      status: 'linked' as const,
      hint: null,
      linkedAt: at,
      updatedAt: at,
    };
    bridge.override('customers.find', () => ({ ok: true, value: { customer, holds: [], charges: [] } }));
    bridge.override('customers.cashback', () => ({
      ok: true,
      value: { balance: { amountMinor: 0, currency: 'SGD' } },
    }));
    bridge.override('customers.unresolved', () => ({
      ok: true,
      value: [
        {
          merchantUserId: 'cust-unres-1',
          kind: 'charge',
          merchantRef: 'TILL-01-C20261122-AAAAAAAAAA',
          amount: { amountMinor: 700, currency: 'SGD' },
          displayStatus: 'checking',
          reason: notice('payments.error', { error: { code: 'network.timeout' } }),
          createdAt: at,
        },
        {
          merchantUserId: 'cust-unres-2',
          kind: 'hold',
          merchantRef: 'TILL-01-H20261122-BBBBBBBBBB',
          amount: { amountMinor: 5000, currency: 'SGD' },
          displayStatus: 'capturing',
          reason: notice('stopped.hold-unknown'),
          createdAt: at,
        },
      ],
    }));
    renderWithBridge(<App />, bridge);

    const count = await screen.findByTestId('status-unresolved');
    expect(count.textContent).toBe('Unresolved: 2');
    fireEvent.click(count);
    await waitFor(() => expect(screen.getAllByTestId('unresolved-linked-row')).toHaveLength(2));
    // No in-store payment is unresolved, but the screen must not say "nothing is unresolved".
    expect(screen.queryByTestId('unresolved-empty')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Linked customers' })).toBeDefined();
    const [charge, hold] = screen.getAllByTestId('unresolved-linked-row');
    expect(charge!.textContent).toContain('Charge');
    expect(charge!.textContent).toContain('S$7.00');
    expect(charge!.textContent).toContain('Checking…');
    const reasons = screen.getAllByTestId('unresolved-linked-reason').map((cell) => cell.textContent ?? '');
    expect(reasons[0]).toMatch(/^Still checking: /);
    expect(reasons[0]).not.toContain('network.timeout');
    expect(hold!.textContent).toContain('Hold');
    expect(hold!.textContent).toContain('Capturing…');
    expect(reasons[1]).toBe(
      'Stopped checking: the provider does not know this hold (environment or merchant changed?); check it with the provider',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Open customer cust-unres-1' }));
    const detail = await screen.findByTestId('customer-detail');
    expect(detail.getAttribute('data-merchant-user-id')).toBe('cust-unres-1');
  });

  it('says nothing is unresolved only when neither list has a row', async () => {
    const bridge = createFakeBridge();
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('status-unresolved'));
    expect(await screen.findByTestId('unresolved-empty')).toBeDefined();
    expect(screen.queryByTestId('unresolved-linked')).toBeNull();
    expect(bridge.callsTo('customers.unresolved')).not.toHaveLength(0);
  });
});

describe('unresolved list on the real core', () => {
  it('a charge whose answer never came is listed, with the status bar’s count and why', async () => {
    const bridge = await openCoreBridge();
    // The provider takes every request and the answer is lost on the way back: the till cannot know.
    await bridge.control('POST', '/faults', { dropAfterActNext: 1_000 });
    await bridge['payments.chargeMerchantQr']({ amountMinor: 700, currency: 'SGD' });
    renderWithBridge(<App />, bridge);
    const count = await screen.findByTestId('status-unresolved');
    await waitFor(() => expect(count.textContent).toBe('Unresolved: 1'));
    fireEvent.click(count);
    await waitFor(() => expect(screen.getAllByTestId('unresolved-row')).toHaveLength(1));
    const row = screen.getByTestId('unresolved-row');
    expect(row.textContent).toContain('S$7.00');
    // Said as the send left it, or as the first check found it ("Checking with the provider: …"): the same why.
    expect(screen.getByTestId('unresolved-reason').textContent).toContain(
      'The connection to the provider dropped before it answered.',
    );
  });
});
