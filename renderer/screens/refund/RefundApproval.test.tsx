import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentDetail, RefundView } from '../../../shared/payments.ts';
import type { SignedInStaff } from '../../../shared/staff.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, paymentView } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

const WING: SignedInStaff = { id: 'staff-wing', name: 'Wing', role: 'cashier' };
const MEI: SignedInStaff = { id: 'staff-mei', name: 'Mei', role: 'supervisor' };
const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

const paid = paymentView({
  referenceId: 'REF-PAID-0001',
  amount: SGD(1234),
  state: 'final',
  providerStatus: 'CAPTURED',
  displayStatus: 'paid',
  qrPayload: null,
  canCancel: false,
  canRefund: true,
  refundable: SGD(1234),
});

/** The refund as the core records it with who made and who approved it (journal schema 14). */
function refunded(amountMinor: number, approver: SignedInStaff | null): PaymentDetail {
  const refund: RefundView & { refundedBy: SignedInStaff; approvedBy: SignedInStaff | null } = {
    ...{ refundId: 'RF-1', referenceId: paid.referenceId, amount: SGD(amountMinor), reason: 'Goods returned' },
    ...{ state: 'succeeded', failureReason: null, failureNotice: null, posId: 'POS-1' },
    ...{ createdAt: '2026-11-22T10:05:00.000Z', updatedAt: '2026-11-22T10:05:00.000Z' },
    ...{ refundedBy: WING, approvedBy: approver },
  };
  const payment = { ...paid, refunded: SGD(amountMinor), refundable: SGD(1234 - amountMinor) };
  return { payment, refunds: [refund], history: [], events: [] };
}

async function refundAs(staff: SignedInStaff | null, limitMinor = 0) {
  const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
  bridge.settings = {
    ...bridge.settings,
    staff: { ...bridge.settings.staff, signInRequired: staff !== null, refundWithoutApprovalUpToMinor: limitMinor },
  };
  bridge.payments.set(paid.referenceId, paid);
  bridge.override('session.current', () => ({
    ok: true,
    value: { staff, shift: null, signInRequired: staff !== null },
  }));
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-refund'));
  await screen.findByTestId('refund-screen');
  if (staff) await screen.findByTestId('signed-in-as');
  fireEvent.change(screen.getByTestId('refund-lookup'), { target: { value: paid.referenceId } });
  fireEvent.click(screen.getByTestId('refund-find'));
  await screen.findByTestId('refund-form');
  return bridge;
}

describe('refund approval on the same screen', () => {
  it('a cashier asks a supervisor, who types their own PIN there; the result says who approved', async () => {
    const bridge = await refundAs(WING);
    bridge.override('payments.refund', () => ({ ok: true, value: refunded(1234, MEI) }));
    expect(screen.getByLabelText('Approver’s PIN (supervisor)')).toBeDefined();
    expect(screen.getByTestId('refund-approver-hint').textContent).toBe(
      'Wing may not refund alone: a supervisor approves here with their own PIN.',
    );
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect(screen.getByText('A supervisor must type their PIN to approve.')).toBeDefined();
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '97531' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    expect((await screen.findByTestId('refund-approved-by')).textContent).toBe('Approved by Mei');
    expect(bridge.callsTo('payments.refund')).toEqual([
      { referenceId: paid.referenceId, amountMinor: 1234, reason: 'Goods returned', supervisorPin: '97531' },
    ]);
    // The refunds table names both.
    expect(screen.getByTestId('refund-row-refunded-by').textContent).toBe('Wing');
    expect(screen.getByTestId('refund-row-approved-by').textContent).toBe('Mei');
  });

  it('a supervisor refunding for themselves confirms with their own PIN', async () => {
    await refundAs(MEI);
    expect(screen.getByTestId('refund-pin').getAttribute('data-approval')).toBe('own-pin');
    expect(screen.getByLabelText('Your PIN, to confirm')).toBeDefined();
    expect(screen.queryByTestId('refund-approver-hint')).toBeNull();
  });

  it('within the limit without approval nothing is asked; above it the approver is', async () => {
    const bridge = await refundAs(WING, 2000);
    bridge.override('payments.refund', () => ({ ok: true, value: refunded(1234, null) }));
    expect(screen.queryByTestId('refund-pin')).toBeNull();
    expect(screen.getByTestId('refund-no-approval').textContent).toBe('Refunds up to S$20.00 need no approval.');
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    await screen.findByTestId('refund-result');
    expect(screen.queryByTestId('refund-approved-by')).toBeNull();
    expect(bridge.callsTo('payments.refund')).toEqual([
      { referenceId: paid.referenceId, amountMinor: 1234, reason: 'Goods returned' },
    ]);
  });

  it('when the core asks for an approver within the limit (the shift cap), the approver types their PIN there', async () => {
    const bridge = await refundAs(WING, 2000);
    bridge.override('payments.refund', () => ({
      ok: false,
      error: {
        code: 'supervisor.pin-required',
        message: 'A supervisor PIN is required.',
        retryable: false,
        notice: { key: 'auth.refund-needs-approval-shift-cap', params: { cap: SGD(3000), refunded: SGD(2500) } },
      },
    }));
    expect(screen.queryByTestId('refund-pin')).toBeNull();
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    expect((await screen.findByTestId('refund-pin')).getAttribute('data-approval')).toBe('approver-pin');
    expect(screen.queryByTestId('refund-no-approval')).toBeNull();
    bridge.override('payments.refund', () => ({ ok: true, value: refunded(1234, MEI) }));
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '97531' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    expect((await screen.findByTestId('refund-approved-by')).textContent).toBe('Approved by Mei');
    expect(bridge.callsTo('payments.refund').at(-1)).toEqual({
      referenceId: paid.referenceId,
      amountMinor: 1234,
      reason: 'Goods returned',
      supervisorPin: '97531',
    });
  });

  it('the approver types on the PIN pad; the core checks the PIN before the confirm, which names them', async () => {
    const bridge = await refundAs(WING);
    const RAJ = { id: 'staff-raj', name: 'Raj Kumar' };
    bridge.override('staff.checkApprover', ({ pin }) =>
      pin === '246810'
        ? { ok: true, value: { approver: RAJ } }
        : { ok: false, error: { code: 'supervisor.pin-wrong', message: 'wrong', retryable: false } },
    );
    bridge.override('payments.refund', () => ({ ok: true, value: refunded(1234, { ...RAJ, role: 'supervisor' }) }));
    // The one pad: 1-2-3 on top, no "00" (a PIN is not an amount).
    const pad = screen.getByRole('group', { name: 'PIN pad' });
    const keys = [...pad.querySelectorAll('button')].map((key) => key.textContent);
    expect(keys.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(keys).not.toContain('00');
    for (const digit of '246810') fireEvent.click(within(pad).getByTestId(`pin-key-${digit}`));
    expect((screen.getByTestId('refund-pin') as HTMLInputElement).value).toBe('246810');

    fireEvent.click(screen.getByTestId('refund-submit'));
    const confirm = await screen.findByTestId('refund-confirm');
    expect(screen.getByTestId('refund-approver').textContent).toBe('Raj Kumar approves');
    expect(within(confirm).getByTestId('refund-confirm-approver').textContent).toBe('Raj Kumar approves');
    // Checked and asked: no pad under the question for a stray tap.
    expect(screen.queryByRole('group', { name: 'PIN pad' })).toBeNull();
    expect(bridge.callsTo('staff.checkApprover')).toEqual([{ pin: '246810' }]);
    // Checked, not yet refunded: money leaves only after the yes.
    expect(bridge.callsTo('payments.refund')).toEqual([]);
    fireEvent.click(screen.getByTestId('refund-confirm-yes'));
    expect((await screen.findByTestId('refund-approved-by')).textContent).toBe('Approved by Raj Kumar');
    expect(bridge.callsTo('payments.refund')).toEqual([
      { referenceId: paid.referenceId, amountMinor: 1234, reason: 'Goods returned', supervisorPin: '246810' },
    ]);
  });

  it('a wrong approver PIN is refused as it is entered: no confirm, nothing sent, the field empty for the next try', async () => {
    const bridge = await refundAs(WING);
    bridge.override('staff.checkApprover', () => ({
      ok: false,
      error: { code: 'supervisor.pin-wrong', message: 'wrong', retryable: false },
    }));
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '1111' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect((await screen.findByTestId('refund-error')).textContent).toContain('That supervisor PIN is not correct.');
    expect(screen.queryByTestId('refund-confirm')).toBeNull();
    expect(screen.getByTestId('refund-approver').textContent).toBe('');
    expect((screen.getByTestId('refund-pin') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByTestId('refund-pin'));
    expect(bridge.callsTo('payments.refund')).toEqual([]);
  });

  it('without sign-in the supervisor PIN is asked, as before staff', async () => {
    await refundAs(null, 5000);
    expect(screen.getByTestId('refund-pin').getAttribute('data-approval')).toBe('supervisor-pin');
    expect(screen.getByLabelText('Supervisor PIN')).toBeDefined();
  });
});
