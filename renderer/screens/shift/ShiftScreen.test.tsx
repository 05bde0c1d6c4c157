import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SummaryLine } from '../../../shared/payment-history.ts';
import type { ShiftReport, ShiftView, StaffRef } from '../../../shared/staff.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, failure, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// happy-dom has no print dialog: a test stands one in, and takes it away again (the next file in the worker shares
// this window).
afterEach(() => Reflect.deleteProperty(window, 'print'));

const WING: StaffRef = { id: 'staff-wing', name: 'Wing' };
const MEI: StaffRef = { id: 'staff-mei', name: 'Mei' };
const line = (count: number, amountMinor: number): SummaryLine => ({ count, total: { amountMinor, currency: 'SGD' } });

const REPORT: ShiftReport = {
  currency: 'SGD',
  from: '2026-11-22T09:00:00.000Z',
  to: '2026-11-22T17:00:00.000Z',
  paid: line(2, 3000),
  byMethod: { 'merchant-qr': line(1, 1000), 'customer-qr': line(1, 2000) },
  refunds: line(1, 500),
  cancels: 1,
  registerSales: line(0, 0),
  net: { amountMinor: 2500, currency: 'SGD' },
  byCashier: [
    { staff: WING, paid: line(2, 3000), refunds: line(1, 500), cancels: 1 },
    { staff: null, paid: line(0, 0), refunds: line(0, 0), cancels: 0 },
  ],
  openAtClose: [],
};

function shift(overrides: Partial<ShiftView> = {}): ShiftView {
  return {
    ...{ id: 'shift-7', number: 7, openedAt: '2026-11-22T09:00:00.000Z', closedAt: null, openedBy: WING },
    ...{ closedBy: null, note: null, report: REPORT, leftOpenOvernight: false },
    ...overrides,
  };
}

async function openShiftScreen(current: ShiftView | null) {
  const bridge = createFakeBridge();
  bridge.override('shifts.current', () => ({ ok: true, value: { shift: current } }));
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sale-screen');
  fireEvent.click(await screen.findByTestId('nav-shift'));
  await screen.findByTestId('shift-screen');
  return bridge;
}

describe('Shift screen', () => {
  it('opens a shift with a note and goes back to Sale; its X report shows, open, on the Shift screen', async () => {
    const bridge = await openShiftScreen(null);
    bridge.override('shifts.open', ({ note }) => {
      const opened = shift({ note: note ?? null });
      bridge.override('shifts.current', () => ({ ok: true, value: { shift: opened } }));
      return { ok: true, value: { shift: opened } };
    });
    await screen.findByTestId('shift-none');
    fireEvent.change(screen.getByTestId('shift-note'), { target: { value: ' Morning float S$200 ' } });
    fireEvent.click(screen.getByTestId('shift-open'));
    // Opened to sell: the till goes back to Sale.
    await screen.findByTestId('sale-screen');
    fireEvent.click(screen.getByTestId('nav-shift'));
    const current = await screen.findByTestId('shift-current');
    expect(bridge.callsTo('shifts.open')).toEqual([{ note: 'Morning float S$200' }]);
    expect(current.textContent).toContain('Shift 7, open since');
    expect(current.textContent).toContain('opened by Wing');
    const report = within(current).getByTestId('shift-report');
    expect(report.getAttribute('data-kind')).toBe('x');
    expect(within(report).getByTestId('shift-report-note').textContent).toBe('Morning float S$200');
    // On screen, nothing was printed yet.
    expect(within(report).queryByTestId('shift-report-printedAt')).toBeNull();
  });

  it('the close asks with the real payments still open, not a trainee’s', async () => {
    const bridge = await openShiftScreen(shift());
    act(() => {
      bridge.emit('payment.updated', paymentView({ referenceId: 'REF-OPEN-1' }));
      bridge.emit('payment.updated', paymentView({ referenceId: 'TRN-TILL01-20261122-0001ABCD', training: true }));
    });
    fireEvent.click(await screen.findByTestId('shift-close-start'));
    expect(screen.getByTestId('shift-close-facts').textContent).toContain('open payments: 1');
  });

  it('a close refused for open payments lists them; Close anyway closes and shows the Z report per cashier', async () => {
    const bridge = await openShiftScreen(shift());
    bridge.override('shifts.close', ({ force }) =>
      force
        ? {
            ok: true,
            value: {
              shift: shift({ closedAt: REPORT.to, closedBy: MEI, report: { ...REPORT, openAtClose: ['REF-OPEN-1'] } }),
            },
          }
        : {
            ok: false,
            error: {
              code: 'shift.payments-open' as never,
              message: 'payments open',
              retryable: false,
              details: { referenceIds: ['REF-OPEN-1', 'REF-OPEN-2'] },
            },
          },
    );
    fireEvent.click(await screen.findByTestId('shift-close-start'));
    fireEvent.click(screen.getByTestId('shift-close-yes'));
    const open = await screen.findByTestId('shift-payments-open');
    expect(
      within(open)
        .getAllByTestId('shift-open-payment')
        .map((button) => button.textContent),
    ).toEqual(['REF-OPEN-1', 'REF-OPEN-2']);
    fireEvent.click(screen.getByTestId('shift-close-anyway'));
    const closed = await screen.findByTestId('shift-closed');
    expect(bridge.callsTo('shifts.close')).toEqual([{}, { force: true }]);
    const report = within(closed).getByTestId('shift-report');
    expect(report.getAttribute('data-kind')).toBe('z');
    expect(within(report).getByTestId('shift-report-title').textContent).toContain('#7');
    expect(within(report).getByTestId('shift-report-closedBy').textContent).toBe('Mei');
    const cashiers = within(report).getByTestId('shift-report-byCashier');
    const wingPaid = cashiers.querySelector(`[data-key="paid:${WING.id}"]`)!;
    expect(wingPaid.querySelector('th')!.textContent).toBe('Wing');
    expect([wingPaid.getAttribute('data-count'), wingPaid.getAttribute('data-amount')]).toEqual(['2', 'S$30.00']);
    expect(within(report).getByTestId('shift-report-openAtClose').textContent).toContain('REF-OPEN-1');
  });

  it('a refused force (no right) says why; printing puts the report in the print area', async () => {
    const bridge = await openShiftScreen(shift());
    bridge.override('shifts.close', () => failure('supervisor.pin-required'));
    let printed = 0;
    window.print = () => {
      printed += 1;
    };
    fireEvent.click(await screen.findByTestId('shift-print-x'));
    await waitFor(() => expect(printed).toBe(1));
    const area = document.body.querySelector<HTMLElement>('[data-testid="receipt-print-area"]')!;
    const printedReport = within(area).getByTestId('shift-report');
    expect(printedReport.querySelector('[data-key="net"]')!.getAttribute('data-amount')).toBe('S$25.00');
    expect(within(printedReport).getByTestId('shift-report-printedAt')).toBeDefined();
    expect(bridge.callsTo('printer.printShiftReport')).toEqual([{ id: 'shift-7' }]);
    fireEvent.click(screen.getByTestId('shift-close-start'));
    fireEvent.click(screen.getByTestId('shift-close-yes'));
    expect((await screen.findByTestId('shift-error')).getAttribute('data-error-code')).toBe('supervisor.pin-required');
    expect(bridge.callsTo('shifts.close')).toEqual([{}]);
  });

  it('lists the day’s shifts with a reprint of each Z; a shift left open overnight is flagged on every screen', async () => {
    const bridge = createFakeBridge();
    const overnight = shift({ leftOpenOvernight: true, openedAt: '2026-11-21T09:00:00.000Z' });
    bridge.override('shifts.current', () => ({ ok: true, value: { shift: overnight } }));
    bridge.override('shifts.ofDay', () => ({
      ok: true,
      value: { shifts: [shift({ id: 'shift-6', number: 6, closedAt: '2026-11-22T08:00:00.000Z', closedBy: MEI })] },
    }));
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sale-screen');
    act(() => bridge.emit('session.changed', { staff: null, shift: overnight, signInRequired: false }));
    const banner = await screen.findByTestId('overnight-shift');
    expect(banner.textContent).toContain('Shift 7 has been open since');
    fireEvent.click(screen.getByTestId('overnight-shift-go'));
    await screen.findByTestId('shift-screen');
    const past = await screen.findByTestId('shift-past-item');
    expect(past.getAttribute('data-number')).toBe('6');
    expect(within(past).getByTestId('shift-reprint').textContent).toBe('Reprint Z 6');
  });
});

describe('Shift screen for a cashier', () => {
  it('offers neither the X report nor the close, and says who does them', async () => {
    const bridge = createFakeBridge();
    const wing = { id: WING.id, name: WING.name, role: 'cashier' as const };
    bridge.override('shifts.current', () => ({ ok: true, value: { shift: shift() } }));
    bridge.override('session.current', () => ({
      ok: true,
      value: { staff: wing, shift: shift(), signInRequired: false },
    }));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-shift'));
    await screen.findByTestId('shift-current');
    await screen.findByTestId('shift-supervisor-closes');
    expect(screen.queryByTestId('shift-close-start')).toBeNull();
    expect(screen.queryByTestId('shift-print-x')).toBeNull();
    expect(screen.queryByTestId('shift-x-report')).toBeNull();
  });
});
