import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_RIGHTS, STAFF_RIGHTS, STAFF_ROLES, type StaffRole } from '../../../shared/staff.ts';
import { openStaffedBench, refusal, removeStaffFolders } from './staff.test-helper.ts';

afterEach(removeStaffFolders);

// The rights table, person by person: what each role may do is exactly what requireRight lets through.
const EXPECTED: Readonly<Record<StaffRole, readonly string[]>> = {
  cashier: ['sell', 'scan', 'cancel-own', 'reprint', 'payments-today'],
  supervisor: [
    'sell',
    'scan',
    'cancel-own',
    'reprint',
    'payments-today',
    'refund',
    'cancel-any',
    'approve-refund',
    'x-report',
    'close-shift',
    'payments-any-day',
    'drawer',
    'training',
  ],
  admin: [...STAFF_RIGHTS],
};

describe('rights of each role, through requireRight', () => {
  it('lets each role do exactly its rights, and names the missing right in a refusal', async () => {
    const { staff } = await openStaffedBench();
    const pins: Record<StaffRole, string> = { cashier: '1111', supervisor: '2222', admin: '3333' };
    for (const role of STAFF_ROLES) {
      await staff.handlers['staff.save']({ name: `A ${role}`, role, pin: pins[role] });
    }
    for (const role of STAFF_ROLES) {
      expect([...ROLE_RIGHTS[role]].sort()).toEqual([...EXPECTED[role]].sort());
      const { staff: who } = await staff.handlers['session.signIn']({ pin: pins[role] });
      expect(who.role).toBe(role);
      for (const right of STAFF_RIGHTS) {
        if (EXPECTED[role].includes(right)) {
          expect(staff.access.requireRight(right)).toEqual({ id: who.id, name: `A ${role}` });
        } else {
          const refused = await refusal(() => staff.access.requireRight(right), 'auth.not-allowed');
          expect(refused.notice).toEqual({
            key: 'auth.not-allowed-right',
            params: { role: { key: `staff.role.${role}` }, right: { key: `staff.right.${right}` } },
          });
        }
      }
      await staff.handlers['session.signOut']({});
    }
  });

  it('with nobody signed in: allowed and unrecorded while sign-in is off, refused once it is required', async () => {
    const { staff, settings } = await openStaffedBench();
    for (const right of STAFF_RIGHTS) expect(staff.access.requireRight(right)).toBeNull();
    expect(staff.access.signedIn()).toBeNull();
    await settings.save({ settings: { staff: { signInRequired: true } } });
    await refusal(() => staff.access.requireRight('sell'), 'auth.sign-in-required');
    await staff.handlers['session.signIn']({ pin: '4821' });
    expect(staff.access.requireRight('sell')).toEqual({ id: 'supervisor', name: 'Supervisor' });
    await staff.handlers['session.signOut']({});
    // A kiosk never asks who is at the till: its sales are the kiosk's.
    await settings.save({ settings: { mode: 'kiosk' } });
    expect(staff.access.requireRight('sell')).toBeNull();
    expect((await staff.handlers['session.current']({})).signInRequired).toBe(false);
  });
});
