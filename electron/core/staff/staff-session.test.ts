import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PIN, openStaffBench, openStaffedBench, refusal, removeStaffFolders } from './staff.test-helper.ts';

afterEach(removeStaffFolders);

describe('signing in at the till', () => {
  it('signs in by PIN or by badge, tells the screens, and signs out', async () => {
    const { staff, events } = await openStaffedBench();
    const { id } = await staff.handlers['staff.save']({
      name: 'Mei Ling',
      role: 'cashier',
      pin: '5678',
      badgeCode: 'BADGE-0042',
    });
    expect(await staff.handlers['session.signIn']({ pin: '5678' })).toEqual({
      staff: { id, name: 'Mei Ling', role: 'cashier' },
    });
    expect(await staff.handlers['session.current']({})).toEqual({
      staff: { id, name: 'Mei Ling', role: 'cashier' },
      shift: null,
      signInRequired: false,
    });
    const signedOut = await staff.handlers['session.signOut']({});
    expect(signedOut.staff).toBeNull();
    expect((await staff.handlers['session.signIn']({ badgeCode: 'BADGE-0042' })).staff.id).toBe(id);
    const changes = events.filter((event) => event.event === 'session.changed').map((event) => event.payload);
    expect(changes.map((view) => (view as { staff: { id: string } | null }).staff?.id ?? null)).toEqual([id, null, id]);
    const refused = await refusal(staff.handlers['session.signIn']({ badgeCode: 'BADGE-9999' }), 'auth.wrong-pin');
    expect(refused.notice).toEqual({ key: 'auth.badge-unknown' });
  });

  it('refuses a wrong PIN, and locks the till after five in a row, whoever they were meant to be', async () => {
    const { staff, advance } = await openStaffedBench();
    await staff.handlers['staff.save']({ name: 'Ravi', role: 'cashier', pin: '5678' });
    for (let i = 0; i < 5; i += 1)
      await refusal(staff.handlers['session.signIn']({ pin: `000${i}` }), 'auth.wrong-pin');
    const locked = await refusal(staff.handlers['session.signIn']({ pin: '5678' }), 'auth.locked');
    expect(locked.notice).toEqual({ key: 'pin.locked-seconds', params: { seconds: 30 } });
    expect(locked.retryable).toBe(true);
    // The admin's own PIN door has its own lock: Settings still open.
    expect(await staff.settings.verifyPin('admin', ADMIN_PIN)).toBe('valid');
    advance(30_001);
    for (let i = 0; i < 5; i += 1)
      await refusal(staff.handlers['session.signIn']({ pin: `000${i}` }), 'auth.wrong-pin');
    const longer = await refusal(staff.handlers['session.signIn']({ pin: '5678' }), 'auth.locked');
    expect(longer.notice).toEqual({ key: 'pin.locked-seconds', params: { seconds: 60 } });
    advance(60_001);
    expect((await staff.handlers['session.signIn']({ pin: '5678' })).staff.name).toBe('Ravi');
  });

  it('journals a sign-in lockout with the others, for Settings', async () => {
    const { staff, settings, dir } = await openStaffedBench();
    for (let i = 0; i < 5; i += 1)
      await refusal(staff.handlers['session.signIn']({ pin: `999${i}` }), 'auth.wrong-pin');
    expect(settings.view().pinLockouts).toEqual([
      { pin: 'sign-in', at: '2026-11-27T06:00:00.000Z', until: '2026-11-27T06:00:30.000Z' },
    ]);
    // Kept across a restart like every lockout: a restart hands out no new guesses.
    const file = JSON.parse(readFileSync(join(dir, 'pin-lockout.json'), 'utf8')) as Record<string, unknown>;
    expect((file.locks as Record<string, unknown>)['sign-in']).toMatchObject({ lockouts: 1 });
  });

  it('never signs in someone inactive, and signs out the person deactivated while signed in', async () => {
    const { staff, events, admin } = await openStaffedBench();
    const { id } = await staff.handlers['staff.save']({ name: 'Siti', role: 'cashier', pin: '2468' });
    await staff.handlers['session.signIn']({ pin: '2468' });
    // Her sign-in ended the admin's window: the admin verifies again (sign-in is off: no need to be signed in).
    admin.grant();
    await staff.handlers['staff.save']({ id, name: 'Siti A.', role: 'cashier' });
    expect((await staff.handlers['session.current']({})).staff).toEqual({ id, name: 'Siti A.', role: 'cashier' });
    await staff.handlers['staff.save']({ id, name: 'Siti A.', role: 'cashier', active: false });
    expect((await staff.handlers['session.current']({})).staff).toBeNull();
    expect(events.at(-1)).toMatchObject({ event: 'session.changed', payload: { staff: null } });
    await refusal(staff.handlers['session.signIn']({ pin: '2468' }), 'auth.wrong-pin');
  });

  it('keeps nobody signed in across a restart', async () => {
    const first = await openStaffedBench();
    await first.staff.handlers['session.signIn']({ pin: ADMIN_PIN });
    expect(first.staff.access.signedIn()?.id).toBe('admin');
    const again = await openStaffBench(first.dir);
    expect((await again.staff.handlers['session.current']({})).staff).toBeNull();
  });

  it('tells the screens when sign-in becomes required', async () => {
    const { staff, settings, events } = await openStaffedBench();
    await settings.save({ settings: { staff: { signInRequired: true } } });
    expect(events.at(-1)).toEqual({
      event: 'session.changed',
      payload: { staff: null, shift: null, signInRequired: true },
    });
    expect((await staff.handlers['session.current']({})).signInRequired).toBe(true);
    // The shifts module tells the screens when a shift opens or closes.
    await staff.handlers['session.signIn']({ pin: ADMIN_PIN });
    events.length = 0;
    staff.announceSession();
    expect(events).toEqual([
      {
        event: 'session.changed',
        payload: { staff: { id: 'admin', name: 'Admin', role: 'admin' }, shift: null, signInRequired: true },
      },
    ]);
  });

  it('reads a lockout file from before staff (no sign-in lock) as a clean slate for sign-in, not a locked one', async () => {
    const first = await openStaffedBench();
    await first.staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1111' });
    const lock = { count: 0, lockouts: 0, lockedUntil: 0 };
    writeFileSync(join(first.dir, 'pin-lockout.json'), JSON.stringify({ admin: lock, supervisor: lock, journal: [] }));
    const again = await openStaffBench(first.dir);
    expect((await again.staff.handlers['session.signIn']({ pin: '1111' })).staff.name).toBe('Ann');
  });

  it('fails closed while the vault cannot be read: nobody signs in, nobody is listed as having no PIN', async () => {
    const first = await openStaffedBench();
    writeFileSync(join(first.dir, 'vault.json'), '{ not json');
    const again = await openStaffBench(first.dir);
    await refusal(again.staff.handlers['session.signIn']({ pin: ADMIN_PIN }), 'vault.unreadable');
    await refusal(again.staff.handlers['staff.list']({}), 'vault.unreadable');
  });
});
