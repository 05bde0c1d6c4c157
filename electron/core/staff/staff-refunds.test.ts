import { afterEach, describe, expect, it } from 'vitest';
import type { Money } from '../../../shared/money.ts';
import type { RefundToAuthorize } from './refund-approval.ts';
import { ADMIN_PIN, SUPERVISOR_PIN, openStaffedBench, refusal, removeStaffFolders } from './staff.test-helper.ts';

afterEach(removeStaffFolders);

const sgd = (amountMinor: number): Money => ({ amountMinor, currency: 'SGD' });
/** A payment's first refund, by a cashier with nothing refunded yet this shift (refund-approval.test.ts: the rest). */
const firstRefund = (amountMinor: number): RefundToAuthorize => ({
  amount: sgd(amountMinor),
  refundedBeforeMinor: 0,
  unapprovedInShiftMinor: () => 0,
});

async function staffedTill() {
  const bench = await openStaffedBench();
  const save = bench.staff.handlers['staff.save'];
  const cashier = await save({ name: 'Ann', role: 'cashier', pin: '1111' });
  const supervisor = await save({ name: 'Sam', role: 'supervisor', pin: '2222' });
  const otherCashier = await save({ name: 'Bo', role: 'cashier', pin: '3333' });
  return { ...bench, ids: { cashier: cashier.id, supervisor: supervisor.id, otherCashier: otherCashier.id } };
}

describe('who may refund, and who approved it', () => {
  it('a supervisor refunds for themselves, confirming with their own PIN', async () => {
    const { staff, ids } = await staffedTill();
    await staff.handlers['session.signIn']({ pin: '2222' });
    expect(await staff.access.authorizeRefund(firstRefund(5000), '2222')).toEqual({
      refundedBy: { id: ids.supervisor, name: 'Sam' },
      approvedBy: { id: ids.supervisor, name: 'Sam' },
    });
    const bare = await refusal(staff.access.authorizeRefund(firstRefund(5000), undefined), 'supervisor.pin-required');
    expect(bare.notice).toEqual({ key: 'auth.refund-confirm-pin' });
  });

  it("a cashier's refund needs an approver's own PIN, and names both", async () => {
    const { staff, ids } = await staffedTill();
    await staff.handlers['session.signIn']({ pin: '1111' });
    const asked = await refusal(staff.access.authorizeRefund(firstRefund(500), undefined), 'supervisor.pin-required');
    expect(asked.notice).toEqual({ key: 'auth.refund-needs-approval' });
    expect(await staff.access.authorizeRefund(firstRefund(500), '2222')).toEqual({
      refundedBy: { id: ids.cashier, name: 'Ann' },
      approvedBy: { id: ids.supervisor, name: 'Sam' },
    });
    // One approval, one refund: the next refund asks again.
    await refusal(staff.access.authorizeRefund(firstRefund(500), undefined), 'supervisor.pin-required');
    expect((await staff.access.authorizeRefund(firstRefund(500), ADMIN_PIN)).approvedBy).toEqual({
      id: 'admin',
      name: 'Admin',
    });
  });

  it('needs no approval up to the limit in Settings, and asks above it', async () => {
    const { staff, settings, ids } = await staffedTill();
    await settings.save({ settings: { staff: { refundWithoutApprovalUpToMinor: 1000 } } });
    await staff.handlers['session.signIn']({ pin: '1111' });
    expect(await staff.access.authorizeRefund(firstRefund(1000), undefined)).toEqual({
      refundedBy: { id: ids.cashier, name: 'Ann' },
      approvedBy: null,
    });
    const above = await refusal(staff.access.authorizeRefund(firstRefund(1001), undefined), 'supervisor.pin-required');
    expect(above.notice).toEqual({ key: 'auth.refund-needs-approval-over', params: { limit: sgd(1000) } });
  });

  it("refuses an approver without the right (a cashier's PIN, their own included) as any wrong PIN, and counts it", async () => {
    const { staff } = await staffedTill();
    await staff.handlers['session.signIn']({ pin: '1111' });
    // Issue 33, 9a: the answer must not tell a cashier trying PINs that this one is a colleague's.
    const own = await refusal(staff.access.authorizeRefund(firstRefund(500), '1111'), 'supervisor.pin-wrong');
    expect(own.notice).toBeUndefined();
    await refusal(staff.access.authorizeRefund(firstRefund(500), '3333'), 'supervisor.pin-wrong');
    for (let i = 0; i < 3; i += 1)
      await refusal(staff.access.authorizeRefund(firstRefund(500), '0000'), 'supervisor.pin-wrong');
    // Five misses in a row on the approver's lock: even the right PIN waits now.
    const locked = await refusal(staff.access.authorizeRefund(firstRefund(500), '2222'), 'supervisor.pin-wrong');
    expect(locked.notice).toEqual({ key: 'pin.locked-seconds', params: { seconds: 30 } });
    // The sign-in lock is another door: signing in still works.
    expect((await staff.handlers['session.signIn']({ pin: '2222' })).staff.name).toBe('Sam');
  });

  it('with sign-in off and nobody signed in: as before staff, a supervisor or admin PIN approves, and is named', async () => {
    const { staff, settings } = await staffedTill();
    expect(await staff.access.authorizeRefund(firstRefund(500), SUPERVISOR_PIN)).toEqual({
      refundedBy: null,
      approvedBy: { id: 'supervisor', name: 'Supervisor' },
    });
    await refusal(staff.access.authorizeRefund(firstRefund(500), undefined), 'supervisor.pin-required');
    await refusal(staff.access.authorizeRefund(firstRefund(500), '1111'), 'supervisor.pin-wrong');
    await settings.save({ settings: { staff: { signInRequired: true } } });
    await refusal(staff.access.authorizeRefund(firstRefund(500), SUPERVISOR_PIN), 'auth.sign-in-required');
  });

  it('a linked-customer approval by PIN names its approver, who must hold approve-refund', async () => {
    const { staff, ids } = await staffedTill();
    expect(await staff.access.approverByPin('2222', 'approve-refund')).toEqual({ id: ids.supervisor, name: 'Sam' });
    await refusal(staff.access.approverByPin('1111', 'approve-refund'), 'supervisor.pin-wrong');
    await refusal(staff.access.approverByPin(undefined, 'approve-refund'), 'supervisor.pin-required');
  });
});
