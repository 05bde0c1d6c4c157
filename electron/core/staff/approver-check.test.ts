import { afterEach, describe, expect, it } from 'vitest';
import type { RefundToAuthorize } from './refund-approval.ts';
import { closeOpenedCores, openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { openStaffedBench, refusal, removeStaffFolders, SUPERVISOR_PIN } from './staff.test-helper.ts';

// Issue 39, item 5: the approver's PIN is checked as it is typed (staff.checkApprover), before the refund's
// confirm. A check that answers "whose PIN is this" is an oracle: it must cost a cashier guessing through it
// exactly what a guess in the refund itself costs, on the same lock.

afterEach(removeStaffFolders);
afterEach(closeOpenedCores);

const firstRefund: RefundToAuthorize = {
  amount: { amountMinor: 500, currency: 'SGD' },
  refundedBeforeMinor: 0,
  unapprovedInShiftMinor: () => 0,
};

async function tillWithCashierSignedIn() {
  const bench = await openStaffedBench();
  const save = bench.staff.handlers['staff.save'];
  await save({ name: 'Ann', role: 'cashier', pin: '1111' });
  const raj = await save({ name: 'Raj Kumar', role: 'supervisor', pin: '2222' });
  await bench.settings.save({ settings: { staff: { signInRequired: true } } });
  await bench.staff.handlers['session.signIn']({ pin: '1111' });
  return { ...bench, check: bench.staff.handlers['staff.checkApprover'], rajId: raj.id };
}

describe('staff.checkApprover', () => {
  it('names whose PIN it is when they may approve; a cashier’s PIN, their own too, is a wrong one', async () => {
    const { check, rajId } = await tillWithCashierSignedIn();
    expect(await check({ pin: '2222' })).toEqual({ approver: { id: rajId, name: 'Raj Kumar' } });
    expect(await check({ pin: SUPERVISOR_PIN })).toEqual({ approver: { id: 'supervisor', name: 'Supervisor' } });
    const own = await refusal(check({ pin: '1111' }), 'supervisor.pin-wrong');
    // Nothing tells the cashier that this PIN is somebody's.
    expect(own.notice).toBeUndefined();
  });

  it('guessing through the check hits the approver lockout, and the refund is locked with it', async () => {
    const { check, staff } = await tillWithCashierSignedIn();
    for (const guess of ['0001', '0002', '0003']) await refusal(check({ pin: guess }), 'supervisor.pin-wrong');
    // The right PIN between guesses takes nothing back (pin-lockout.ts: only time frees the budget).
    await check({ pin: '2222' });
    for (const guess of ['0004', '0005']) await refusal(check({ pin: guess }), 'supervisor.pin-wrong');
    const lockedCheck = await refusal(check({ pin: '2222' }), 'supervisor.pin-wrong');
    expect(lockedCheck.notice).toEqual({ key: 'pin.locked-seconds', params: { seconds: 30 } });
    // One lock for both doors: the refund's own PIN check waits as well.
    const lockedRefund = await refusal(staff.access.authorizeRefund(firstRefund, '2222'), 'supervisor.pin-wrong');
    expect(lockedRefund.notice).toEqual({ key: 'pin.locked-seconds', params: { seconds: 30 } });
  });

  it('guesses spent on refunds count before the check: no fresh budget through the new door', async () => {
    const { check, staff } = await tillWithCashierSignedIn();
    for (const guess of ['0001', '0002', '0003', '0004', '0005']) {
      await refusal(staff.access.authorizeRefund(firstRefund, guess), 'supervisor.pin-wrong');
    }
    const locked = await refusal(check({ pin: '2222' }), 'supervisor.pin-wrong');
    expect(locked.notice).toEqual({ key: 'pin.locked-seconds', params: { seconds: 30 } });
  });
});

describe('staff.checkApprover through the composed core (channel-rights.ts)', () => {
  it('with sign-in on, nobody signed in may not ask; the lock is settings.verifyPin’s supervisor lock too', async () => {
    const { core } = await openCore();
    const call = (channel: string, payload: unknown) => dispatch(core.handlers, channel, payload);
    const code = async (channel: string, payload: unknown) => {
      const answer = await call(channel, payload);
      return answer.ok ? 'ok' : answer.error.code;
    };
    expect(await code('settings.save', { secrets: { adminPin: '8642', supervisorPin: SUPERVISOR_PIN } })).toBe('ok');
    expect(await code('staff.save', { name: 'Ann', role: 'cashier', pin: '1111' })).toBe('ok');
    expect(await code('settings.save', { settings: { staff: { signInRequired: true } } })).toBe('ok');
    expect(await code('staff.checkApprover', { pin: SUPERVISOR_PIN })).toBe('auth.sign-in-required');

    expect(await code('session.signIn', { pin: '1111' })).toBe('ok');
    expect(await call('staff.checkApprover', { pin: SUPERVISOR_PIN })).toEqual({
      ok: true,
      value: { approver: { id: 'supervisor', name: 'Supervisor' } },
    });
    for (const guess of ['0001', '0002', '0003', '0004']) {
      expect(await code('staff.checkApprover', { pin: guess })).toBe('supervisor.pin-wrong');
    }
    expect(await call('settings.verifyPin', { kind: 'supervisor', pin: '0005' })).toEqual({
      ok: true,
      value: { valid: false },
    });
    expect(await call('staff.checkApprover', { pin: SUPERVISOR_PIN })).toMatchObject({
      ok: false,
      error: { code: 'supervisor.pin-wrong', details: { retryAfterSeconds: 30 } },
    });
    // Not a PIN at all is refused before any lock is asked.
    expect(await code('staff.checkApprover', { pin: '' })).toBe('ipc.invalid-payload');
  });
});
