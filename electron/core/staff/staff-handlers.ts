import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { AdminSession } from '../settings/admin-session.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { StaffDirectory } from './staff-directory.ts';
import type { StaffPins } from './staff-pins.ts';
import type { StaffSession } from './staff-session.ts';

// staff.* and session.*: the staff list and its changes behind the same admin lock as settings.save, and who
// is signed in at this till.

type StaffChannel =
  'staff.list' | 'staff.save' | 'staff.checkApprover' | 'session.signIn' | 'session.signOut' | 'session.current';

export function staffHandlers(deps: {
  readonly directory: StaffDirectory;
  readonly session: StaffSession;
  readonly pins: Pick<StaffPins, 'approverByPin'>;
  readonly settings: SettingsService;
  readonly admin: AdminSession;
}): Pick<Handlers, StaffChannel> {
  const { directory, session, pins, settings, admin } = deps;
  return {
    async 'staff.list'() {
      await settings.ensureVaultReadable();
      return { staff: await directory.list() };
    },
    async 'staff.save'(request) {
      // Fail closed as settings.save does: an unreadable vault may hold the admin PIN.
      await settings.ensureVaultReadable();
      // Staff protect nothing while Settings are open to anyone: the admin PIN comes first (admin-pin-first.ts).
      if (!settings.view().secrets.adminPin) throw new PosError('admin.pin-not-set');
      admin.require('staff');
      const saved = await directory.save(request);
      admin.extend();
      return saved;
    },
    async 'staff.checkApprover'({ pin }) {
      // The refund's own check (StaffAccess.authorizeRefund): same right, same lock, so no free guesses here.
      return { approver: await pins.approverByPin(pin, 'approve-refund') };
    },
    async 'session.signIn'(request) {
      return { staff: await session.signIn(request) };
    },
    async 'session.signOut'() {
      return session.signOut();
    },
    async 'session.current'() {
      return session.view();
    },
  };
}
