import { describe, expect, it } from 'vitest';
import type { PaymentDetail, PaymentView } from '../../../shared/payments.ts';
import type { ShiftView } from '../../../shared/staff.ts';
import type { StatusSnapshot } from '../../../shared/status.ts';
import { CASHIER_PIN, controlAt, liveTill, SUPERVISOR_PIN, useProviders } from './training-till.test-helper.ts';

// What a till counts for "this shift", "open" and "now" keeps training and real selling apart: the per-shift cap
// on refunds nobody approved, the payments that hold a shift's close, and the status bar's counts.

const aProvider = useProviders();

describe('the per-shift cap on refunds nobody approved', () => {
  it('counts training refunds and real ones apart', async () => {
    const provider = await aProvider();
    const till = await liveTill(provider, undefined, {
      staff: { refundWithoutApprovalUpToMinor: 1_000, unapprovedRefundsPerShiftMinor: 1_000 },
    });
    const { call, refusal, paid, cashierId } = till;
    const refund = (referenceId: string, amountMinor: number) =>
      ({ referenceId, amountMinor, reason: 'customer changed their mind' }) as const;

    // A real refund of 800 uses up most of the cashier's cap of 1000 in this shift.
    await call('session.signIn', { pin: CASHIER_PIN });
    await call('shifts.open', {});
    const sold = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 900, currency: 'SGD' });
    await controlAt(provider.origin, 'POST', '/consumer/confirm', { referenceId: sold.referenceId });
    await paid(sold.referenceId);
    await call('payments.refund', refund(sold.referenceId, 800));
    await call('session.signOut', {});

    // In training, the same cashier refunds 800 without approval: the real 800 does not count against it…
    await call('session.signIn', { pin: SUPERVISOR_PIN });
    await call('training.start', { staffId: cashierId });
    await call('session.signOut', {});
    await call('session.signIn', { pin: CASHIER_PIN });
    const lessons: string[] = [];
    for (const amountMinor of [900, 900]) {
      const lesson = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor, currency: 'SGD' });
      await call('training.simulate', { action: 'pay' });
      await paid(lesson.referenceId);
      lessons.push(lesson.referenceId);
    }
    const first = await call<PaymentDetail>('payments.refund', refund(lessons[0]!, 800));
    expect(first.refunds).toMatchObject([{ amount: { amountMinor: 800 }, state: 'succeeded' }]);
    // …and the trainee meets the cap as a cashier would, from their own training refunds.
    expect(await refusal('payments.refund', refund(lessons[1]!, 300))).toBe('supervisor.pin-required');
    await call('session.signOut', {});

    // Out of training, the training 800 does not count against the real cap: 800 + 150 is under 1000.
    await call('session.signIn', { pin: SUPERVISOR_PIN });
    await call('training.stop', { pin: SUPERVISOR_PIN });
    await call('session.signOut', {});
    await call('session.signIn', { pin: CASHIER_PIN });
    const again = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 500, currency: 'SGD' });
    await controlAt(provider.origin, 'POST', '/consumer/confirm', { referenceId: again.referenceId });
    await paid(again.referenceId);
    const real = await call<PaymentDetail>('payments.refund', refund(again.referenceId, 150));
    expect(real.refunds).toMatchObject([{ amount: { amountMinor: 150 }, state: 'succeeded' }]);
  }, 30_000);
});

describe('closing a shift with a training sale still open', () => {
  it('is not held by it, and the Z does not list it', async () => {
    const provider = await aProvider();
    const { call, startLesson } = await liveTill(provider);
    await startLesson();
    const lesson = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 900, currency: 'SGD' });
    expect(lesson.displayStatus).toBe('waiting');
    await call('session.signOut', {});

    await call('session.signIn', { pin: SUPERVISOR_PIN });
    const { shift } = await call<{ shift: ShiftView }>('shifts.close', {});
    expect(shift.report.openAtClose).toEqual([]);
    expect(shift.report.paid.count).toBe(0);
    // Ignored, not cancelled: it is still the trainee's to finish at the training sandbox.
    const { payment } = await call<PaymentDetail>('payments.get', { referenceId: lesson.referenceId });
    expect(payment.displayStatus).toBe('waiting');
  });
});

describe('the status bar', () => {
  it('counts a training sale for the trainee only', async () => {
    const provider = await aProvider();
    const { call, startLesson, core } = await liveTill(provider);
    await startLesson();
    const lesson = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 900, currency: 'SGD' });
    const counted = async () => {
      const { pendingCount, unresolvedCount } = await call<StatusSnapshot>('status.get', {});
      return { pendingCount, unresolvedCount };
    };
    // The trainee sees their sale waiting, as a cashier would.
    expect(await counted()).toEqual({ pendingCount: 1, unresolvedCount: 0 });
    await call('training.simulate', { action: 'provider-down' });
    const inDoubt = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 700, currency: 'SGD' });
    expect(inDoubt.displayStatus).toBe('checking');
    expect(await counted()).toEqual({ pendingCount: 1, unresolvedCount: 1 });
    expect((await call<PaymentView[]>('payments.unresolved', {})).map((view) => view.referenceId)).toEqual([
      inDoubt.referenceId,
    ]);

    // Someone selling for real is not told of them: the bar says so as soon as the trainee signs out.
    const events: StatusSnapshot[] = [];
    const stop = core.onEvent(({ event, payload }) => {
      if (event === 'status.changed') events.push(payload as StatusSnapshot);
    });
    await call('session.signOut', {});
    stop();
    await call('session.signIn', { pin: SUPERVISOR_PIN });
    expect(await counted()).toEqual({ pendingCount: 0, unresolvedCount: 0 });
    expect(await call<PaymentView[]>('payments.unresolved', {})).toEqual([]);
    expect(events.at(-1)).toMatchObject({ pendingCount: 0, unresolvedCount: 0 });
    expect(lesson.referenceId).toMatch(/^TRN-/);
  });
});
