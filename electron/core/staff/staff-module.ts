import type { EventSink } from '../../../shared/contract.ts';
import { notice } from '../../../shared/notices.ts';
import type { SettingsPatch } from '../../../shared/settings.ts';
import type { ShiftView } from '../../../shared/staff.ts';
import type { AdminSession } from '../settings/admin-session.ts';
import type { SecretVault } from '../settings/secret-vault.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { FieldNotices } from '../settings/settings-problems.ts';
import { signedInStaffAccess } from './signed-in-staff-access.ts';
import type { StaffAccess } from './staff-access.ts';
import { openStaffDirectory } from './staff-directory.ts';
import { staffFileIn } from './staff-file.ts';
import { staffHandlers } from './staff-handlers.ts';
import { createStaffPins } from './staff-pins.ts';
import { adminWindowRules } from './admin-window-rules.ts';
import { createStaffSession } from './staff-session.ts';
import type { StaffRoster } from './staff-roster.ts';

// The people at the till, put together for core.ts: the directory (staff.json + the vault), the session, the
// StaffAccess every service asks, the staff's handlers, and the settings service as every caller should see
// it — its verifyPin answering for any admin or any approver, not only the two built-in PINs.

export interface StaffModule {
  readonly access: StaffAccess;
  /** `settings` with the staff's verifyPin: hand this one to the services and to settings.* handlers. */
  readonly settings: SettingsService;
  readonly handlers: ReturnType<typeof staffHandlers>;
  /** session.changed with the session as it is now: for the shifts module, when a shift opens or closes. */
  announceSession(): void;
  /** For settings.save: the admin's or supervisor's new PIN refused next to its field when staff already have it. */
  pinProblems(patch: SettingsPatch): Promise<FieldNotices>;
  /** The shop's staff roster, for the head office (../head-office/roster/). */
  readonly roster: StaffRoster;
}

export async function createStaffModule(options: {
  readonly dataDir: string;
  readonly settings: SettingsService;
  readonly vault: SecretVault;
  readonly admin: AdminSession;
  readonly emit: EventSink;
  /** The shift open on this till (the shifts module's), for session.current; absent until it is wired. */
  readonly currentShift?: () => ShiftView | null;
  /** A payment is open on this till: the session never ends by idle time in its middle. */
  readonly paymentOpen?: () => boolean;
  /** The clock of the idle sign-out; injectable for tests. */
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}): Promise<StaffModule> {
  const directory = await openStaffDirectory({
    settings: options.settings,
    vault: options.vault,
    file: staffFileIn(options.dataDir),
    log: options.log,
  });
  const pins = createStaffPins(options.settings, directory);
  const settings: SettingsService = { ...options.settings, verifyPin: pins.verifyPin };
  const session = createStaffSession({
    directory,
    settings: options.settings,
    emit: options.emit,
    currentShift: options.currentShift,
    paymentOpen: options.paymentOpen,
    now: options.now,
    // The admin's window is the admin's: whoever comes to the till next starts with it closed.
    personChanged: () => options.admin.end(),
  });
  options.admin.follow(adminWindowRules(session, pins, options.settings));
  return {
    access: signedInStaffAccess({ session, pins, settings: options.settings }),
    settings,
    handlers: staffHandlers({ directory, session, pins, settings: options.settings, admin: options.admin }),
    announceSession: () => void session.announce(),
    roster: directory.roster,
    async pinProblems(patch) {
      const problems: FieldNotices = {};
      for (const name of ['adminPin', 'supervisorPin'] as const) {
        const pin = patch.secrets?.[name];
        if (typeof pin === 'string' && (await directory.pinTakenByStaff(pin)))
          problems[name] = notice('staff.pin-taken');
      }
      return problems;
    },
  };
}
