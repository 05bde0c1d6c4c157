import { afterEach, describe, expect, it } from 'vitest';
import { closeOpenedCores, openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';

// The staff channels through the composed core (dispatch: schemas, handlers, envelopes), as the screens use them.

afterEach(closeOpenedCores);

/** A till whose admin and supervisor PINs were set before this launch (so the admin is not verified yet). */
async function staffedCore() {
  const first = await openCore();
  const saved = await dispatch(first.core.handlers, 'settings.save', {
    secrets: { adminPin: '8642', supervisorPin: '4821' },
  });
  expect(saved.ok).toBe(true);
  await first.core.close();
  const opened = await openCore(first.dir);
  const call = (channel: string, payload: unknown) => dispatch(opened.core.handlers, channel, payload);
  return { ...opened, call };
}

describe('staff and sign-in through the core', () => {
  it('an admin adds a cashier; the cashier signs in; session.changed tells the screens', async () => {
    const { call, events } = await staffedCore();
    // A page without the admin PIN verified cannot add anyone.
    await call('settings.verifyPin', { kind: 'admin', pin: '0000' });
    expect(await call('staff.save', { name: 'Ann', role: 'cashier', pin: '1111' })).toMatchObject({
      ok: false,
      error: { code: 'admin.pin-required' },
    });
    expect(await call('settings.verifyPin', { kind: 'admin', pin: '8642' })).toEqual({
      ok: true,
      value: { valid: true },
    });
    const saved = await call('staff.save', { name: 'Ann', role: 'cashier', pin: '1111' });
    expect(saved.ok).toBe(true);
    const id = (saved as { value: { id: string } }).value.id;
    expect(await call('staff.save', { name: 'Bo', role: 'cashier', pin: '1111' })).toMatchObject({
      ok: false,
      error: { code: 'staff.invalid', fieldNotices: { pin: { key: 'staff.pin-taken' } } },
    });
    expect(await call('staff.save', { name: 'Bo', role: 'cashier', pin: '12' })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid-payload' },
    });
    const list = await call('staff.list', {});
    expect(list).toMatchObject({ ok: true });
    expect((list as { value: { staff: Array<{ name: string }> } }).value.staff.map((member) => member.name)).toEqual([
      'Admin',
      'Supervisor',
      'Ann',
    ]);

    expect(await call('session.signIn', { pin: '0000' })).toMatchObject({
      ok: false,
      error: { code: 'auth.wrong-pin' },
    });
    expect(await call('session.signIn', { pin: '1111' })).toEqual({
      ok: true,
      value: { staff: { id, name: 'Ann', role: 'cashier' } },
    });
    expect(await call('session.current', {})).toEqual({
      ok: true,
      value: { staff: { id, name: 'Ann', role: 'cashier' }, shift: null, signInRequired: false },
    });
    expect(events.filter((event) => event.event === 'session.changed').at(-1)).toEqual({
      event: 'session.changed',
      payload: { staff: { id, name: 'Ann', role: 'cashier' }, shift: null, signInRequired: false },
    });
    expect(await call('session.signOut', {})).toMatchObject({ ok: true, value: { staff: null } });
    // The sign-in and sign-out ended the admin's window: the admin verifies again.
    expect(await call('settings.save', { secrets: { supervisorPin: '7777' } })).toMatchObject({
      ok: false,
      error: { code: 'admin.pin-required' },
    });
    await call('settings.verifyPin', { kind: 'admin', pin: '8642' });
    // settings.save sets the two built-in PINs as ever, but not to a PIN a member of staff has.
    expect(await call('settings.save', { secrets: { supervisorPin: '1111' } })).toMatchObject({
      ok: false,
      error: { code: 'settings.invalid', fieldNotices: { supervisorPin: { key: 'staff.pin-taken' } } },
    });
    expect((await call('settings.save', { secrets: { supervisorPin: '7777' } })).ok).toBe(true);
  });

  it("a linked customer's charge approved by PIN: any approver's own PIN, never a cashier's", async () => {
    const { call } = await staffedCore();
    await call('settings.verifyPin', { kind: 'admin', pin: '8642' });
    await call('settings.save', { settings: { linkedApproval: 'supervisor-pin' } });
    await call('staff.save', { name: 'Ann', role: 'cashier', pin: '1111' });
    await call('staff.save', { name: 'Sam', role: 'supervisor', pin: '2222' });
    const ask = async () => {
      const asked = await call('customers.requestApproval', {
        action: 'charge',
        merchantUserId: 'user-1',
        amountMinor: 1500,
        currency: 'SGD',
      });
      return (asked as { value: { approvalId: string } }).value.approvalId;
    };
    const first = await ask();
    expect(
      await call('customers.answerApproval', { approvalId: first, approve: true, supervisorPin: '1111' }),
    ).toMatchObject({ ok: false, error: { code: 'supervisor.pin-wrong' } });
    expect(
      await call('customers.answerApproval', { approvalId: first, approve: true, supervisorPin: '2222' }),
    ).toMatchObject({ ok: true, value: { state: 'approved' } });
  });
});
