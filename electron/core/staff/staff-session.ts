import type { EventSink } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import {
  BUILT_IN_STAFF_IDS,
  type SessionView,
  type ShiftView,
  type SignedInStaff,
  type StaffMember,
} from '../../../shared/staff.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { StaffDirectory } from './staff-directory.ts';

// Who is at the till: one person per till (this core), in memory only — a restart signs everyone out, and
// nothing on disk says who was signed in. Every change is told to the screens (session.changed). A sign-in
// checks the PIN (or badge) behind the till's sign-in lockout: a wrong PIN is counted whoever it was meant
// to be, since a PIN alone cannot say.

/** "Ask who is at the till", as it applies: never on a kiosk, whose sales are the kiosk's own. */
export function signInRequired(settings: Settings): boolean {
  return settings.staff.signInRequired && settings.mode !== 'kiosk';
}

export interface StaffSession {
  signedIn(): SignedInStaff | null;
  signIn(request: { pin: string } | { badgeCode: string }): Promise<SignedInStaff>;
  signOut(): SessionView;
  view(): SessionView;
  /** Tells the screens the session as it is now (session.changed): the shifts module, when a shift opens or closes. */
  announce(): SessionView;
}

export interface StaffSessionOptions {
  readonly directory: StaffDirectory;
  readonly settings: SettingsService;
  readonly emit: EventSink;
  /** The shift now open on this till (the shifts module's); null until it is wired. */
  readonly currentShift?: () => ShiftView | null;
}

export function createStaffSession(options: StaffSessionOptions): StaffSession {
  const { directory, settings } = options;
  let who: SignedInStaff | null = null;

  const view = (): SessionView => ({
    staff: who,
    shift: options.currentShift?.() ?? null,
    signInRequired: signInRequired(settings.current()),
  });
  const changed = (): SessionView => {
    const now = view();
    options.emit('session.changed', now);
    return now;
  };

  const follow = (members: readonly StaffMember[]): void => {
    if (who === null) return;
    const id = who.id;
    const member = members.find((candidate) => candidate.id === id && candidate.active);
    const next = member ? { id: member.id, name: member.name, role: member.role } : null;
    if (next?.name === who.name && next.role === who.role) return;
    who = next;
    changed();
  };
  // A person renamed, given another role or deactivated while signed in: the session follows at once.
  directory.onChange(follow);
  let lastRequired = signInRequired(settings.current());
  settings.onChange((settingsView) => {
    const required = signInRequired(settingsView.settings);
    const requiredChanged = required !== lastRequired;
    lastRequired = required;
    // The built-in Admin's or Supervisor's PIN removed in Settings (or the vault reset): no longer staff.
    const builtInGone =
      (who?.id === BUILT_IN_STAFF_IDS.admin && !settingsView.secrets.adminPin) ||
      (who?.id === BUILT_IN_STAFF_IDS.supervisor && !settingsView.secrets.supervisorPin);
    if (builtInGone) who = null;
    if (builtInGone || requiredChanged) changed();
  });
  function signOut(): SessionView {
    who = null;
    return changed();
  }

  return {
    signedIn: () => who,
    async signIn(request) {
      const byBadge = 'badgeCode' in request;
      const found = await settings.guardPin<SignedInStaff>(
        'sign-in',
        async () => {
          const person = byBadge ? await directory.byBadge(request.badgeCode) : await directory.byPin(request.pin);
          return person ? { check: 'valid' as const, holder: person } : { check: 'wrong' as const };
        },
        'auth.locked',
      );
      if (found.check !== 'valid') {
        throw new PosError('auth.wrong-pin', byBadge ? { notice: notice('auth.badge-unknown') } : {});
      }
      who = found.holder;
      changed();
      return found.holder;
    },
    signOut,
    view,
    announce: changed,
  };
}
