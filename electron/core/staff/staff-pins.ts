import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import {
  ROLE_RIGHTS,
  STAFF_ROLES,
  roleHas,
  type SignedInStaff,
  type StaffRef,
  type StaffRight,
} from '../../../shared/staff.ts';
import type { PinCheck, PinKind, SettingsService } from '../settings/settings-service.ts';
import type { StaffDirectory } from './staff-directory.ts';

// A PIN that proves a right (not a sign-in): Settings' admin PIN, a supervisor's approval. Since staff exist,
// "the admin PIN" is any active admin's own PIN and "the supervisor PIN" anyone's who may approve a refund;
// the built-in Admin and Supervisor are two of them. Each kind keeps its own lockout (settings-service.ts): a
// PIN of someone without the right counts as a wrong one there (it proves nothing here), and is answered as
// one: a cashier trying PINs as an approver must not learn which ones are a colleague's.

/** The right each of Settings' PIN kinds stands for. */
const RIGHT_OF_KIND: Readonly<Record<PinKind, StaffRight>> = { admin: 'settings', supervisor: 'approve-refund' };

export interface StaffPins {
  /** settings.verifyPin's answer, as SettingsService.verifyPin (the core hands every caller this one). */
  verifyPin(kind: PinKind, pin: string): Promise<PinCheck>;
  /**
   * The person whose own PIN this is, who must hold `right` (behind the supervisor lockout). Refused
   * `supervisor.pin-required` (no PIN given, or nobody with the right has one), `supervisor.pin-wrong`
   * (no such PIN, the PIN of someone who lacks the right, or locked: the wait in the notice).
   */
  approverByPin(pin: string | undefined, right: StaffRight): Promise<StaffRef>;
  /** The admin whose PIN verifyPin('admin') last accepted: the admin window is theirs (../settings/admin-session.ts). */
  verifiedAdmin(): string | null;
}

export function createStaffPins(settings: SettingsService, directory: StaffDirectory): StaffPins {
  const rolesWith = (right: StaffRight) => STAFF_ROLES.filter((role) => ROLE_RIGHTS[role].includes(right));

  /** Behind `kind`'s lockout: the holder when they have `right`; a PIN of someone without it is a wrong one. */
  function check(kind: PinKind, pin: string, right: StaffRight) {
    return settings.guardPin<SignedInStaff>(kind, async () => {
      const person = await directory.byPin(pin);
      if (person && roleHas(person.role, right)) return { check: 'valid', holder: person };
      return { check: (await directory.anyPinAmong(rolesWith(right))) ? 'wrong' : 'not-set' };
    });
  }
  let verifiedAdmin: string | null = null;

  return {
    async verifyPin(kind, pin) {
      const found = await check(kind, pin, RIGHT_OF_KIND[kind]);
      if (found.check === 'valid' && kind === 'admin') verifiedAdmin = found.holder.id;
      return found.check;
    },
    verifiedAdmin: () => verifiedAdmin,
    async approverByPin(pin, right) {
      if (pin === undefined || pin === '') throw new PosError('supervisor.pin-required');
      const found = await check('supervisor', pin, right);
      if (found.check === 'valid') return { id: found.holder.id, name: found.holder.name };
      if (found.check === 'not-set') {
        throw new PosError('supervisor.pin-required', { notice: notice('refund.supervisor-pin-not-set') });
      }
      throw new PosError('supervisor.pin-wrong');
    },
  };
}
