import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { roleHas, type StaffRight } from '../../../shared/staff.ts';
import type { AdminWindowRules } from '../settings/admin-session.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { StaffPins } from './staff-pins.ts';
import { signInRequired, type StaffSession } from './staff-session.ts';

// Who may use the admin's open window (../settings/admin-session.ts). While "Ask who is at the till" is on, the
// person signed in must hold the right asked (settings, staff, register-keys…) AND be the admin whose PIN opened
// the window: an open window is not enough. With it off, nobody signs in to work, and the window serves the
// till as before staff.

export function adminWindowRules(
  session: Pick<StaffSession, 'signedIn'>,
  pins: Pick<StaffPins, 'verifiedAdmin'>,
  settings: Pick<SettingsService, 'current'>,
): AdminWindowRules {
  return {
    verifiedAdmin: () => pins.verifiedAdmin(),
    refuse(holder: string | null, right: StaffRight) {
      if (!signInRequired(settings.current())) return;
      const who = session.signedIn();
      if (who === null) throw new PosError('auth.sign-in-required');
      if (!roleHas(who.role, right)) {
        throw new PosError('auth.not-allowed', {
          notice: notice('auth.not-allowed-right', {
            role: notice(`staff.role.${who.role}`),
            right: notice(`staff.right.${right}`),
          }),
        });
      }
      // Another admin's window: this one verifies their own PIN.
      if (who.id !== holder) throw new PosError('admin.pin-required');
    },
  };
}
