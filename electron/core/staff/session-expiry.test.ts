import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PIN, openStaffedBench, refusal, removeStaffFolders } from './staff.test-helper.ts';

// Issue 33, 7: the core ends the session after Settings' idle minutes, counted from the person's last call, never
// in the middle of a payment. A screen timer alone left the till signed in for whoever called next after a page
// was reloaded, crashed or closed.

afterEach(removeStaffFolders);

describe('the session expires in the core', () => {
  it('idle past autoLockMinutes since the last call: the next caller finds nobody signed in', async () => {
    const { staff, settings, events, advance } = await openStaffedBench();
    await staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1111' });
    await settings.save({ settings: { staff: { signInRequired: true, autoLockMinutes: 5 } } });
    await staff.handlers['session.signIn']({ pin: '1111' });
    advance(4 * 60_000);
    // A sale's right, asked by the payment service: a call of Ann's, her idle time starts again.
    expect(staff.access.requireRight('sell')?.name).toBe('Ann');
    advance(4 * 60_000);
    expect((await staff.handlers['session.current']({})).staff?.name).toBe('Ann');
    // The page was closed: five minutes after her last call, the next caller is nobody.
    advance(60_000);
    await refusal(() => staff.access.requireRight('sell'), 'auth.sign-in-required');
    expect((await staff.handlers['session.current']({})).staff).toBeNull();
    expect(events.at(-1)).toMatchObject({ event: 'session.changed', payload: { staff: null } });
  });

  it('never in the middle of a payment', async () => {
    const { staff, settings, advance, paymentOpen } = await openStaffedBench();
    await settings.save({ settings: { staff: { autoLockMinutes: 1 } } });
    await staff.handlers['session.signIn']({ pin: ADMIN_PIN });
    paymentOpen(true);
    advance(10 * 60_000);
    expect(staff.access.signedIn()?.id).toBe('admin');
    paymentOpen(false);
    advance(59_000);
    expect(staff.access.signedIn()?.id).toBe('admin');
    advance(1_000);
    expect(staff.access.signedIn()).toBeNull();
  });

  it('0 minutes: never by idle time', async () => {
    const { staff, advance } = await openStaffedBench();
    await staff.handlers['session.signIn']({ pin: ADMIN_PIN });
    advance(24 * 60 * 60_000);
    expect(staff.access.signedIn()?.id).toBe('admin');
  });
});

describe('admin and supervisor PINs are 6 digits where money is real', () => {
  it('refuses a shorter new one next to its field; one set before keeps working', async () => {
    const { staff, settings, admin } = await openStaffedBench();
    await settings.save({ settings: { environment: 'custom', customBaseUrl: 'https://au.example.com/posi' } });
    for (const name of ['adminPin', 'supervisorPin'] as const) {
      const short = await refusal(settings.save({ secrets: { [name]: '2468' } }), 'settings.invalid');
      expect(short.notice).toEqual({ key: 'settings.pin-digits-approver' });
      expect(short.details).toEqual({ field: name });
    }
    expect(await settings.verifyPin('admin', ADMIN_PIN)).toBe('valid');
    const person = await refusal(
      staff.handlers['staff.save']({ name: 'Sam', role: 'supervisor', pin: '2222' }),
      'staff.invalid',
    );
    expect(person.fieldNotices).toEqual({ pin: { key: 'staff.pin-digits-approver' } });
    admin.grant();
    await staff.handlers['staff.save']({ name: 'Sam', role: 'supervisor', pin: '222233' });
    await staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1111' });
    await settings.save({ secrets: { adminPin: '864200' } });
    expect(await settings.verifyPin('admin', '864200')).toBe('valid');
  });
});
