import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../shared/payments.ts';
import type { ShiftView, StaffRef } from '../../../shared/staff.ts';
import { App } from '../../App.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

const WING: StaffRef = { id: 'staff-wing', name: 'Wing' };
const MEI: StaffRef = { id: 'staff-mei', name: 'Mei' };
const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

// Views as the core sends them once it attributes (journal schema 14).
const taken = (view: PaymentView, by: StaffRef | null, cancelled: StaffRef | null = null): PaymentView =>
  ({ ...view, takenBy: by, cancelledBy: cancelled }) as PaymentView;

describe('who did it, on Payments and the day summary', () => {
  it('the list has a Cashier column once a payment names one; the detail says who took and who cancelled', async () => {
    const bridge = createFakeBridge();
    const cancelled = paymentView({ referenceId: 'REF-CANCEL-1', state: 'final', displayStatus: 'cancelled' });
    bridge.payments.set('REF-CANCEL-1', taken(cancelled, WING, MEI));
    bridge.payments.set('REF-KIOSK-1', taken(paymentView({ referenceId: 'REF-KIOSK-1' }), null));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    const cells = await screen.findAllByTestId('payment-row-cashier');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Wing', '—']);
    expect(screen.getByRole('columnheader', { name: 'Cashier' })).toBeDefined();

    const row = screen.getAllByTestId('payment-row')[0]!;
    fireEvent.click(within(row).getByRole('button', { name: /REF-CANCEL-1/ }));
    expect((await screen.findByTestId('detail-taken-by')).textContent).toBe('Wing');
    expect(screen.getByTestId('detail-cancelled-by').textContent).toBe('Mei');
  });

  it('a signed-in cashier sees the payment, not its raw journal entries; a supervisor sees both', async () => {
    const bridge = createFakeBridge();
    bridge.payments.set('REF-JOURNAL-1', taken(paymentView({ referenceId: 'REF-JOURNAL-1' }), WING));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    const signIn = (role: 'cashier' | 'supervisor') =>
      act(() => useSessionStore.getState().setSession({ staff: { ...WING, role }, shift: null, signInRequired: true }));
    signIn('cashier');
    fireEvent.click(await screen.findByRole('button', { name: /REF-JOURNAL-1/ }));
    expect(await screen.findByTestId('detail-taken-by')).toBeDefined();
    expect(screen.queryByTestId('payment-journal')).toBeNull();
    signIn('supervisor');
    expect(screen.getByTestId('payment-journal')).toBeDefined();
  });

  it('a till without sign-in shows no Cashier column and no names', async () => {
    const bridge = createFakeBridge();
    bridge.payments.set('REF-00000001', paymentView());
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-payments'));
    await screen.findAllByTestId('payment-row');
    expect(screen.queryByTestId('payment-row-cashier')).toBeNull();
  });

  it('the day summary lists the day’s shifts with their hours, people and takings', async () => {
    const bridge = createFakeBridge();
    const report = {
      currency: 'SGD',
      from: '2026-11-22T01:00:00.000Z',
      to: '2026-11-22T09:00:00.000Z',
      paid: { count: 2, total: SGD(3000) },
      byMethod: { 'merchant-qr': { count: 2, total: SGD(3000) }, 'customer-qr': { count: 0, total: SGD(0) } },
      refunds: { count: 1, total: SGD(500) },
      cancels: 0,
      registerSales: { count: 0, total: SGD(0) },
      net: SGD(2500),
      byCashier: [],
      openAtClose: [],
    };
    const shifts: ShiftView[] = [
      {
        ...{ id: 'shift-1', number: 1, openedAt: report.from, closedAt: report.to, openedBy: WING, closedBy: MEI },
        ...{ note: null, report, leftOpenOvernight: false },
      },
    ];
    bridge.override('shifts.ofDay', () => ({ ok: true, value: { shifts } }));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-summary'));
    const row = await screen.findByTestId('summary-shift');
    expect(row.getAttribute('data-net-minor')).toBe('2500');
    expect(row.textContent).toContain('Wing, Mei');
    expect(row.textContent).toContain('S$30.00');
  });
});
