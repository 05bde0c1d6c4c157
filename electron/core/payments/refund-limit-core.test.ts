import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/result.ts';
import { buildShiftReport } from '../../../shared/shift-report-document.ts';
import type { ShiftView } from '../../../shared/staff.ts';
import { closeOpenedCores, openCore, paidPayment } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';

// A cashier's refunds without approval, through the composed core with the real staff module and the sandbox:
// the no-approval limit holds for a payment's refunds together (12.34 cannot go back as 5.00 + 5.00 + 2.34 under a
// 10.00 limit), the per-shift cap for all the cashier's unapproved refunds of the shift (read from the journal, so
// a restart does not reset it), and the X report names what each cashier refunded without approval.

afterEach(closeOpenedCores);

const SUPERVISOR_PIN = '4821';

interface Refunded {
  refunds: Array<{ amount: { amountMinor: number }; state: string; refundedBy: unknown; approvedBy: unknown }>;
}

/** A till with a cashier (Ann, PIN 1111) signed in, a shift open, and these staff settings. */
async function cashierAtTill(staff: Record<string, number>, dir?: string) {
  const first = await openCore(dir);
  if (dir === undefined) {
    const saved = await dispatch(first.core.handlers, 'settings.save', {
      secrets: { adminPin: '8642', supervisorPin: SUPERVISOR_PIN },
      settings: { staff },
    });
    expect(saved.ok).toBe(true);
  }
  const { core } = first;
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await dispatch(core.handlers, channel, payload);
    if (!result.ok) throw Object.assign(new Error(result.error.code), { error: result.error });
    return result.value as T;
  };
  const refused = async (channel: string, payload: unknown): Promise<AppError> => {
    const result = await dispatch(core.handlers, channel, payload);
    if (result.ok) throw new Error(`${channel} went through where it should have been refused`);
    return result.error;
  };
  if (dir === undefined) {
    await call('settings.verifyPin', { kind: 'admin', pin: '8642' });
    await call('staff.save', { name: 'Ann Lee', role: 'cashier', pin: '1111' });
  }
  const signedIn = await call<{ staff: { id: string } }>('session.signIn', { pin: '1111' });
  if (dir === undefined) await call('shifts.open', {});
  /** A refund, once the sandbox confirmed it (the next refund of a payment waits for the one before). */
  const refund = async (request: Record<string, unknown>): Promise<Refunded['refunds'][number]> => {
    const detail = await call<Refunded>('payments.refund', { reason: 'returned', ...request });
    const until = Date.now() + 5_000;
    for (;;) {
      const now = await call<Refunded>('payments.get', { referenceId: request['referenceId'] });
      const last = now.refunds.at(-1)!;
      if (last.state === 'succeeded') return last;
      if (Date.now() > until) throw new Error(`the refund did not settle: ${JSON.stringify(detail)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { core, dir: first.dir, annId: signedIn.staff.id, call, refused, refund };
}

describe("a cashier's refunds without approval", () => {
  it('12.34 back as 5.00 + 5.00 + 2.34 under a 10.00 limit: the part that crosses it asks for a PIN', async () => {
    const till = await cashierAtTill({ refundWithoutApprovalUpToMinor: 1000 });
    const referenceId = await paidPayment(till.core);
    const ann = { id: till.annId, name: 'Ann Lee' };
    expect(await till.refund({ referenceId, amountMinor: 500 })).toMatchObject({ refundedBy: ann, approvedBy: null });
    expect(await till.refund({ referenceId, amountMinor: 500 })).toMatchObject({ refundedBy: ann, approvedBy: null });

    const third = await till.refused('payments.refund', { referenceId, amountMinor: 234, reason: 'returned' });
    expect(third.code).toBe('supervisor.pin-required');
    expect(third.notice).toEqual({
      key: 'auth.refund-needs-approval-payment-over',
      params: { limit: { amountMinor: 1000, currency: 'SGD' }, refunded: { amountMinor: 1000, currency: 'SGD' } },
    });
    // Nothing was recorded for the refused one.
    expect((await till.call<Refunded>('payments.get', { referenceId })).refunds).toHaveLength(2);

    expect(await till.refund({ referenceId, amountMinor: 234, supervisorPin: SUPERVISOR_PIN })).toMatchObject({
      refundedBy: ann,
      approvedBy: { id: 'supervisor', name: 'Supervisor' },
    });
  });

  it('the shift cap holds across payments and a restart; the X report shows the unapproved refunds', async () => {
    const till = await cashierAtTill({ refundWithoutApprovalUpToMinor: 1000, unapprovedRefundsPerShiftMinor: 1500 });
    const first = await paidPayment(till.core);
    const second = await paidPayment(till.core);
    expect((await till.refund({ referenceId: first, amountMinor: 1000 })).approvedBy).toBeNull();
    expect((await till.refund({ referenceId: second, amountMinor: 500 })).approvedBy).toBeNull();

    // 15.00 went back without approval this shift: another payment's refund, under its own limit, asks now.
    const over = await till.refused('payments.refund', { referenceId: second, amountMinor: 1, reason: 'returned' });
    expect(over.code).toBe('supervisor.pin-required');
    expect(over.notice).toMatchObject({ key: 'auth.refund-needs-approval-shift-cap' });

    // A restart forgets nothing: the cap is counted from the journal.
    await till.core.close();
    const again = await cashierAtTill({}, till.dir);
    const third = await paidPayment(again.core);
    const afterRestart = await again.refused('payments.refund', { referenceId: third, amountMinor: 1, reason: 'x' });
    expect(afterRestart.notice).toMatchObject({ key: 'auth.refund-needs-approval-shift-cap' });
    expect(await again.refund({ referenceId: third, amountMinor: 100, supervisorPin: SUPERVISOR_PIN })).toMatchObject({
      approvedBy: { id: 'supervisor', name: 'Supervisor' },
    });

    const { shift } = await again.call<{ shift: ShiftView }>('shifts.current', {});
    expect(shift.report.byCashier).toMatchObject([
      {
        staff: { id: again.annId, name: 'Ann Lee' },
        refunds: { count: 3, total: { amountMinor: 1600 } },
        unapprovedRefunds: { count: 2, total: { amountMinor: 1500 } },
      },
    ]);
    const printed = buildShiftReport({
      shift,
      merchantName: 'Bakery',
      terminal: { posId: 'POS-1', terminalReference: '' },
      locale: 'en',
      printedAt: shift.report.to,
    });
    const cashiers = printed.sections.find((section) => section.key === 'byCashier')!;
    expect(cashiers.rows.find((row) => row.key === `unapprovedRefunds:${again.annId}`)).toMatchObject({
      label: 'Refunds without approval',
      count: '2',
      amount: '−S$15.00',
    });
  });
});
