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
// nothing on disk says who was signed in. Every change is told to the screens (session.changed). A sign-in by
// PIN alone checks it behind the till's sign-in lock: a wrong PIN is counted whoever it was meant to be, since a
// PIN alone cannot say. A sign-in with the person picked first counts against that person's own lock instead:
// one cashier's slips do not lock the till for everyone.
//
// The session also ends in the core, not only on a screen: after Settings' idle minutes since the person's last
// call (never while a payment is open), the next caller finds nobody signed in. A page reloaded, crashed or
// closed leaves no one signed in for whoever calls next.

/** "Ask who is at the till", as it applies: never on a kiosk, whose sales are the kiosk's own. */
export function signInRequired(settings: Settings): boolean {
  return settings.staff.signInRequired && settings.mode !== 'kiosk';
}

export interface StaffSession {
  signedIn(): SignedInStaff | null;
  signIn(request: { pin: string; staffId?: string | undefined } | { badgeCode: string }): Promise<SignedInStaff>;
  /** The signed-in person did something (a sale, a refund…): their idle time starts again. */
  touch(): void;
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
  /** A payment is open: the session never ends by idle time in its middle. */
  readonly paymentOpen?: () => boolean;
  /** Someone else is (or nobody is) at the till now: sign-in, sign-out, switch, auto-lock. */
  readonly personChanged?: () => void;
  readonly now?: () => number;
}

export function createStaffSession(options: StaffSessionOptions): StaffSession {
  const { directory, settings } = options;
  const now = options.now ?? Date.now;
  let who: SignedInStaff | null = null;
  let lastCall = 0;
  const setWho = (next: SignedInStaff | null): void => {
    const samePerson = next !== null && next.id === who?.id && next.role === who.role;
    who = next;
    if (!samePerson) options.personChanged?.();
  };
  /** Idle past Settings' minutes since the last call, no payment open: signed out, and the screens told. */
  const expireIfIdle = (): void => {
    const minutes = settings.current().staff.autoLockMinutes;
    if (who === null || minutes <= 0) return;
    if (options.paymentOpen?.()) lastCall = now();
    else if (now() - lastCall >= minutes * 60_000) {
      setWho(null);
      changed();
    }
  };
  const signedIn = (): SignedInStaff | null => {
    expireIfIdle();
    return who;
  };

  const view = (): SessionView => ({
    staff: signedIn(),
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
    setWho(next);
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
    if (builtInGone) setWho(null);
    if (builtInGone || requiredChanged) changed();
  });
  function signOut(): SessionView {
    setWho(null);
    return changed();
  }

  return {
    signedIn,
    async signIn(request) {
      const byBadge = 'badgeCode' in request;
      const named = !byBadge && request.staffId !== undefined ? request.staffId : null;
      const found = await settings.guardPin<SignedInStaff>(
        named === null ? 'sign-in' : `person:${named}`,
        async () => {
          const person = byBadge
            ? await directory.byBadge(request.badgeCode)
            : await directory.byPin(request.pin, named ?? undefined);
          const right = person !== null && (named === null || person.id === named);
          return right ? { check: 'valid' as const, holder: person } : { check: 'wrong' as const };
        },
        'auth.locked',
      );
      if (found.check !== 'valid') {
        throw new PosError('auth.wrong-pin', byBadge ? { notice: notice('auth.badge-unknown') } : {});
      }
      // Every sign-in, the same person's again included, ends the admin's window (personChanged).
      who = null;
      setWho(found.holder);
      lastCall = now();
      changed();
      return found.holder;
    },
    touch() {
      if (signedIn() !== null) lastCall = now();
    },
    signOut,
    view,
    announce: changed,
  };
}
