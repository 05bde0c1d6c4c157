import { describe, expect, it } from 'vitest';
import type { PaymentDetail, PaymentView } from '../../../shared/payments.ts';
import type { DaySummary } from '../../../shared/payment-history.ts';
import type { ShiftView } from '../../../shared/staff.ts';
import type { TrainingStatus } from '../../../shared/training.ts';
import { openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { localDayOf, systemTimeZone } from '../sqlite/local-time.ts';
import {
  CASHIER_PIN,
  controlAt,
  liveTill,
  ordersAt,
  SUPERVISOR_PIN,
  useProviders,
} from './training-till.test-helper.ts';

// Training mode through the composed core (dispatch: schemas, rights, handlers), on a till whose environment is a
// custom provider address: an external embedded sandbox, started here as "the provider". A supervisor puts a
// cashier into training; the cashier's training sale goes to the till's own training sandbox (the provider never
// sees it), is numbered TRN-…, and neither the day summary, the Z nor the CSV counts it. Leaving training asks a
// supervisor's PIN; a kiosk never trains.

const aProvider = useProviders();

describe('training mode on a till in a real environment', () => {
  it('a training sale never reaches the provider, is numbered TRN-…, and no figure of the day counts it', async () => {
    const provider = await aProvider();
    const { call, refusal, cashierId, paid, settled } = await liveTill(provider);

    await call('session.signIn', { pin: SUPERVISOR_PIN });
    const started = await call<TrainingStatus>('training.start', { staffId: cashierId });
    expect(started).toMatchObject({ active: true, staff: { id: cashierId, name: 'Ann Lee' }, appliesNow: false });
    await call('session.signOut', {});

    await call('session.signIn', { pin: CASHIER_PIN });
    // The trainee may not start training for someone else.
    expect(await refusal('training.start', {})).toBe('auth.not-allowed');
    expect(await call<TrainingStatus>('training.status', {})).toMatchObject({ active: true, appliesNow: true });
    await call('shifts.open', {});

    const lesson = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 900, currency: 'SGD' });
    expect(lesson.referenceId).toMatch(/^TRN-/);
    const { sandboxOrigin } = await call<TrainingStatus & { sandboxOrigin: string }>('training.status', {});
    expect(sandboxOrigin).not.toBeNull();
    expect(sandboxOrigin).not.toBe(provider.origin);
    expect(await ordersAt(sandboxOrigin)).toEqual([lesson.referenceId]);
    expect(await ordersAt(provider.origin)).toEqual([]);
    // The trainer's simulator: the customer pays this one, and declines the next.
    await call('training.simulate', { action: 'pay' });
    await paid(lesson.referenceId);
    const declined = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 700, currency: 'SGD' });
    await call('training.simulate', { action: 'decline' });
    await settled(declined.referenceId, 'failed');

    // Leaving asks a supervisor: no PIN, the trainee's own PIN and a wrong one are all refused (the trainee's own
    // reads as a wrong one, as for a refund's approval: PIN tries never tell whose a PIN is).
    expect(await refusal('training.stop', {})).toBe('ipc.invalid-payload');
    expect(await refusal('training.stop', { pin: CASHIER_PIN })).toBe('supervisor.pin-wrong');
    expect(await refusal('training.stop', { pin: '9999' })).toBe('supervisor.pin-wrong');
    expect(await call<TrainingStatus>('training.status', {})).toMatchObject({ active: true });
    expect(await call<TrainingStatus>('training.stop', { pin: SUPERVISOR_PIN })).toEqual({ active: false });
    // Out of training the simulator is not there.
    expect(await refusal('training.simulate', { action: 'pay' })).toBe('request.invalid');

    // Out of training, the same cashier's sale goes to the provider as before.
    const sale = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 1500, currency: 'SGD' });
    expect(sale.referenceId).not.toMatch(/^TRN-/);
    await controlAt(provider.origin, 'POST', '/consumer/confirm', { referenceId: sale.referenceId });
    await paid(sale.referenceId);
    // The provider saw the real sale only.
    expect(await ordersAt(provider.origin)).toEqual([sale.referenceId]);

    const day = localDayOf(Date.now(), systemTimeZone());
    const summary = await call<DaySummary>('payments.summary', { day });
    expect(summary.paid).toMatchObject({ count: 1, total: { amountMinor: 1500 } });
    expect(summary.net.amountMinor).toBe(1500);
    const { csv } = await call<{ csv: string }>('payments.exportCsv', { day });
    expect(csv).toContain(sale.referenceId);
    expect(csv).not.toContain(lesson.referenceId);
    await call('session.signOut', {});

    await call('session.signIn', { pin: SUPERVISOR_PIN });
    const { shift } = await call<{ shift: ShiftView }>('shifts.close', {});
    expect(shift.report.paid).toMatchObject({ count: 1, total: { amountMinor: 1500 } });
    expect(shift.report.net.amountMinor).toBe(1500);
    // Kept and marked, for the trainer to review.
    const kept = await call<PaymentDetail>('payments.get', { referenceId: lesson.referenceId });
    expect(kept.payment).toMatchObject({ referenceId: lesson.referenceId, displayStatus: 'paid', training: true });
    expect(await ordersAt(provider.origin)).toEqual([sale.referenceId]);
  });

  it('training stays on across a restart of the till', async () => {
    const provider = await aProvider({});
    const { call, core, dir } = await liveTill(provider);
    await call('session.signIn', { pin: SUPERVISOR_PIN });
    await call('training.start', {});
    await core.close();
    const again = await openCore(dir);
    const status = await dispatch(again.core.handlers, 'training.status', {});
    expect(status).toMatchObject({ ok: true, value: { active: true, staff: null, appliesNow: true } });
  });
});

describe('the kiosk never trains', () => {
  it('refuses training.start in kiosk mode', async () => {
    const { core } = await openCore();
    await dispatch(core.handlers, 'settings.save', { settings: { mode: 'kiosk' } });
    const refused = await dispatch(core.handlers, 'training.start', {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'auth.not-allowed' } });
    expect(await dispatch(core.handlers, 'training.status', {})).toMatchObject({ ok: true, value: { active: false } });
  });
});
