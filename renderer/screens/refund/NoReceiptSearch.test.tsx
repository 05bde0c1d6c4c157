import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notice } from '../../../shared/notices.ts';
import type { PaymentDetail, PaymentFindQuery } from '../../../shared/payments.ts';
import type { SignedInStaff } from '../../../shared/staff.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// "No receipt?" on the Refund screen: the search the cashier fills in, the candidates with time, amount, till and
// cashier, and a pick that opens the refund; the approver's PIN field comes when the core asks for it (the core
// decides: a cashier under the no-approval limit is still asked, for a payment found without its receipt).

const WING: SignedInStaff = { id: 'staff-wing', name: 'Wing Chan', role: 'cashier' };
const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

const found = paymentView({
  referenceId: 'REF-PAID-0042',
  amount: SGD(1640),
  state: 'final',
  providerStatus: 'CAPTURED',
  displayStatus: 'paid',
  qrPayload: null,
  canCancel: false,
  canRefund: true,
  refundable: SGD(1640),
  providerOrderId: '261129-0042-WXYZ',
  posId: 'POS-7',
  takenBy: { id: WING.id, name: WING.name },
});

/** What the "No receipt?" form asked, without the list of today's latest sales the screen opens with. */
const searches = (bridge: ReturnType<typeof createFakeBridge>): PaymentFindQuery[] =>
  (bridge.callsTo('payments.find') as PaymentFindQuery[]).filter((query) => !('latest' in query));

async function openSearch() {
  const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
  bridge.settings = {
    ...bridge.settings,
    staff: { ...bridge.settings.staff, signInRequired: true, refundWithoutApprovalUpToMinor: 5000 },
  };
  bridge.payments.set(found.referenceId, found);
  bridge.override('session.current', () => ({ ok: true, value: { staff: WING, shift: null, signInRequired: true } }));
  bridge.override('payments.find', () => ({ ok: true, value: { items: [found] } }));
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-refund'));
  await screen.findByTestId('signed-in-as');
  fireEvent.click(await screen.findByTestId('refund-no-receipt'));
  return bridge;
}

describe('refund screen: no receipt', () => {
  it("finds by the wallet app's order id, lists the candidate, opens its refund; the PIN when the core asks", async () => {
    const bridge = await openSearch();
    fireEvent.change(screen.getByTestId('refund-no-receipt-order-id'), { target: { value: ' 261129-0042-wxyz ' } });
    fireEvent.click(screen.getByTestId('refund-no-receipt-search'));
    const row = await screen.findByTestId('refund-candidate');
    expect(searches(bridge)).toEqual([{ providerOrderId: '261129-0042-wxyz' }]);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual([expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}/), 'S$16.40', 'POS-7', 'Wing Chan']);

    fireEvent.click(within(row).getByTestId('refund-candidate-pick'));
    expect((await screen.findByTestId('refund-reference')).textContent).toBe(found.referenceId);
    expect(screen.queryByTestId('refund-no-receipt-panel')).toBeNull();

    // Under the shop's limit the form asks no PIN; the core does, and the field comes with its reason.
    expect(screen.queryByTestId('refund-pin')).toBeNull();
    bridge.override('payments.refund', () => ({
      ok: false,
      error: {
        code: 'supervisor.pin-required',
        message: 'approval',
        retryable: false,
        notice: notice('refund.without-receipt-needs-approval'),
      },
    }));
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    expect((await screen.findByTestId('refund-error')).textContent).toBe(
      'This payment was found without its receipt: the refund needs an approver’s PIN.',
    );
    expect(await screen.findByTestId('refund-pin')).toBeDefined();
    const done: PaymentDetail = { payment: found, refunds: [], history: [], events: [] };
    bridge.override('payments.refund', () => ({ ok: true, value: done }));
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '4321' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    await screen.findByTestId('refund-done');
    expect(bridge.callsTo('payments.refund').at(-1)).toMatchObject({
      referenceId: found.referenceId,
      supervisorPin: '4321',
    });
  });

  it('by amount and time, and by who took it: says what is missing, sends what the contract takes', async () => {
    const bridge = await openSearch();
    fireEvent.click(screen.getByTestId('refund-no-receipt-way-amount'));
    fireEvent.click(screen.getByTestId('refund-no-receipt-search'));
    expect(screen.getByTestId('refund-no-receipt-problem').textContent).toBe('Enter the amount paid.');
    expect(searches(bridge)).toEqual([]);
    fireEvent.input(screen.getByTestId('refund-no-receipt-amount'), { target: { value: '1640' } });
    fireEvent.change(screen.getByTestId('refund-no-receipt-from'), { target: { value: '2026-11-29T14:00' } });
    fireEvent.change(screen.getByTestId('refund-no-receipt-to'), { target: { value: '2026-11-29T15:00' } });
    fireEvent.click(screen.getByTestId('refund-no-receipt-search'));
    await screen.findByTestId('refund-candidate');
    expect(searches(bridge)).toEqual([
      { amountMinor: 1640, from: '2026-11-29T14:00', to: '2026-11-29T15:00' } satisfies PaymentFindQuery,
    ]);

    bridge.override('staff.list', () => ({
      ok: true,
      value: { staff: [{ ...WING, active: true, hasPin: true, hasBadge: false }] },
    }));
    fireEvent.click(screen.getByTestId('refund-no-receipt-way-staff'));
    fireEvent.click(screen.getByTestId('refund-no-receipt-search'));
    expect(screen.getByTestId('refund-no-receipt-problem').textContent).toBe('Choose who took the payment.');
    await screen.findByRole('option', { name: 'Wing Chan' });
    fireEvent.change(screen.getByTestId('refund-no-receipt-staff'), { target: { value: WING.id } });
    fireEvent.click(screen.getByTestId('refund-no-receipt-search'));
    await screen.findByTestId('refund-candidate');
    expect(searches(bridge).at(-1)).toEqual({
      takenBy: WING.id,
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
  it("names another till's payment (found through the head office) and refunds it only there", async () => {
    const bridge = await openSearch();
    const there = {
      ...found,
      referenceId: 'REF-TILL-02',
      posId: 'TILL-02',
      canRefund: false,
      atOtherTill: { tillId: '7d1c7a52-9f43-4b8e-9a51-1f0b8f0c2a10', terminalReference: 'TILL-02' },
    };
    bridge.override('payments.find', () => ({ ok: true, value: { items: [found, there] } }));
    fireEvent.change(screen.getByTestId('refund-no-receipt-order-id'), { target: { value: '261129-0042-WXYZ' } });
    fireEvent.click(screen.getByTestId('refund-no-receipt-search'));
    await screen.findAllByTestId('refund-candidate');
    const [own, other] = screen.getAllByTestId('refund-candidate-pick') as HTMLButtonElement[];
    expect(own!.disabled).toBe(false);
    expect(other!.disabled).toBe(true);
    expect(other!.textContent).toBe('Refund it at till TILL-02');
  });
});
