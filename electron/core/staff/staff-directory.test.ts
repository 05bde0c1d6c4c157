import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PIN,
  SUPERVISOR_PIN,
  openStaffBench,
  openStaffedBench,
  refusal,
  removeStaffFolders,
} from './staff.test-helper.ts';

afterEach(removeStaffFolders);

describe('the staff list', () => {
  it('upgrading: a data folder with only the two PINs has the staff Admin and Supervisor, who keep working', async () => {
    // The shop as it was: settings with the two PINs, no staff file, no staff keys in the vault.
    const before = await openStaffBench();
    await before.settings.save({ secrets: { adminPin: ADMIN_PIN, supervisorPin: SUPERVISOR_PIN } });
    const { staff, settings } = await openStaffBench(before.dir);
    expect((await staff.handlers['staff.list']({})).staff).toEqual([
      { id: 'admin', name: 'Admin', role: 'admin', active: true, hasPin: true, hasBadge: false },
      { id: 'supervisor', name: 'Supervisor', role: 'supervisor', active: true, hasPin: true, hasBadge: false },
    ]);
    expect(await staff.settings.verifyPin('admin', ADMIN_PIN)).toBe('valid');
    expect(await staff.settings.verifyPin('supervisor', SUPERVISOR_PIN)).toBe('valid');
    expect(await staff.settings.verifyPin('admin', SUPERVISOR_PIN)).toBe('wrong');
    expect((await staff.handlers['session.signIn']({ pin: SUPERVISOR_PIN })).staff).toEqual({
      id: 'supervisor',
      name: 'Supervisor',
      role: 'supervisor',
    });
    // settings.save with the PINs keeps setting the same two people.
    await settings.save({ secrets: { supervisorPin: '1357' } });
    expect((await staff.handlers['session.signIn']({ pin: '1357' })).staff.id).toBe('supervisor');
    await settings.save({ secrets: { supervisorPin: null } });
    expect((await staff.handlers['staff.list']({})).staff.map((member) => member.id)).toEqual(['admin']);
    expect(staff.access.signedIn()).toBeNull();
  });

  it('a till without PINs lists nobody and refuses staff until an admin PIN is set', async () => {
    const { staff } = await openStaffBench();
    expect((await staff.handlers['staff.list']({})).staff).toEqual([]);
    await refusal(staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1234' }), 'admin.pin-not-set');
  });

  it('saves only for a verified admin (the same lock as settings.save)', async () => {
    const { staff, admin, advance } = await openStaffedBench();
    advance(5 * 60_000 + 1);
    expect(admin.active()).toBe(false);
    await refusal(staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1234' }), 'admin.pin-required');
    // A cashier's sign-in is no admin verification; the admin's PIN in Settings is.
    expect(await staff.settings.verifyPin('admin', ADMIN_PIN)).toBe('valid');
    expect(admin.active()).toBe(false);
    admin.grant();
    const { id } = await staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1234' });
    expect((await staff.handlers['staff.list']({})).staff.at(-1)).toEqual({
      id,
      name: 'Ann',
      role: 'cashier',
      active: true,
      hasPin: true,
      hasBadge: false,
    });
  });

  it('refuses a PIN or badge another active person has, next to its field', async () => {
    const { staff } = await openStaffedBench();
    const ann = await staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1234', badgeCode: 'B-0001' });
    const taken = await refusal(
      staff.handlers['staff.save']({ name: 'Bo', role: 'cashier', pin: '1234' }),
      'staff.invalid',
    );
    expect(taken.fieldNotices).toEqual({ pin: { key: 'staff.pin-taken' } });
    const builtIn = await refusal(
      staff.handlers['staff.save']({ name: 'Bo', role: 'cashier', pin: SUPERVISOR_PIN }),
      'staff.invalid',
    );
    expect(builtIn.fieldNotices).toEqual({ pin: { key: 'staff.pin-taken' } });
    const badge = await refusal(
      staff.handlers['staff.save']({ name: 'Bo', role: 'cashier', pin: '5555', badgeCode: 'B-0001' }),
      'staff.invalid',
    );
    expect(badge.fieldNotices).toEqual({ badgeCode: { key: 'staff.badge-taken' } });
    // An inactive person's PIN is free again; they cannot come back with it while someone else has it.
    await staff.handlers['staff.save']({ id: ann.id, name: 'Ann', role: 'cashier', active: false });
    await staff.handlers['staff.save']({ name: 'Bo', role: 'cashier', pin: '1234' });
    const back = await refusal(
      staff.handlers['staff.save']({ id: ann.id, name: 'Ann', role: 'cashier', active: true }),
      'staff.invalid',
    );
    expect(back.fieldNotices).toEqual({ pin: { key: 'staff.pin-taken' } });
    await staff.handlers['staff.save']({ id: ann.id, name: 'Ann', role: 'cashier', active: true, pin: '9753' });
    expect((await staff.handlers['session.signIn']({ pin: '9753' })).staff.name).toBe('Ann');
  });

  it('renames the built-ins but keeps their role and keeps them active; a new person needs a PIN', async () => {
    const { staff, admin } = await openStaffedBench();
    await staff.handlers['staff.save']({ id: 'supervisor', name: 'Grace (manager)', role: 'supervisor' });
    expect((await staff.handlers['session.signIn']({ pin: SUPERVISOR_PIN })).staff.name).toBe('Grace (manager)');
    // A sign-in ends the admin's window: the admin verifies again.
    admin.grant();
    const role = await refusal(
      staff.handlers['staff.save']({ id: 'admin', name: 'Boss', role: 'cashier' }),
      'staff.invalid',
    );
    expect(role.fieldNotices).toEqual({ role: { key: 'staff.built-in-role' } });
    const off = await refusal(
      staff.handlers['staff.save']({ id: 'admin', name: 'Boss', role: 'admin', active: false }),
      'staff.invalid',
    );
    expect(off.fieldNotices).toEqual({ active: { key: 'staff.built-in-active' } });
    const noPin = await refusal(staff.handlers['staff.save']({ name: 'Dee', role: 'cashier' }), 'staff.invalid');
    expect(noPin.fieldNotices).toEqual({ pin: { key: 'staff.pin-required' } });
    await refusal(staff.handlers['staff.save']({ id: 'nobody-here', name: 'X', role: 'cashier' }), 'staff.not-found');
    // The built-in admin's PIN set through staff.save is settings' admin PIN.
    await staff.handlers['staff.save']({ id: 'admin', name: 'Boss', role: 'admin', pin: '11223344' });
    expect(await staff.settings.verifyPin('admin', '11223344')).toBe('valid');
  });

  it('keeps no PIN or badge in the clear: names in staff.json, keys in the vault', async () => {
    const { staff, dir } = await openStaffedBench();
    await staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '13572468', badgeCode: 'BADGE-77' });
    const file = readFileSync(join(dir, 'staff.json'), 'utf8');
    expect(file).toContain('Ann');
    const vault = readFileSync(join(dir, 'vault.json'), 'utf8');
    for (const text of [file, vault]) {
      expect(text).not.toContain('13572468');
      expect(text).not.toContain('BADGE-77');
    }
    expect(JSON.parse(vault)).toHaveProperty('staffCredentials');
  });

  it('counts any admin for the admin PIN and anyone who may approve refunds for the supervisor PIN', async () => {
    const { staff } = await openStaffedBench();
    await staff.handlers['staff.save']({ name: 'Ann', role: 'cashier', pin: '1111' });
    await staff.handlers['staff.save']({ name: 'Sam', role: 'supervisor', pin: '2222' });
    await staff.handlers['staff.save']({ name: 'Ada', role: 'admin', pin: '3333' });
    expect(await staff.settings.verifyPin('admin', '3333')).toBe('valid');
    expect(await staff.settings.verifyPin('admin', '2222')).toBe('wrong');
    expect(await staff.settings.verifyPin('supervisor', '2222')).toBe('valid');
    expect(await staff.settings.verifyPin('supervisor', '3333')).toBe('valid');
    expect(await staff.settings.verifyPin('supervisor', ADMIN_PIN)).toBe('valid');
    expect(await staff.settings.verifyPin('supervisor', '1111')).toBe('wrong');
  });
});
