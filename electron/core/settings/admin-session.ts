import { PosError } from '../../../shared/errors.ts';
import type { StaffRight } from '../../../shared/staff.ts';

// Who may change settings. Once an admin PIN is set, a save is accepted only within a short idle window after an
// admin's PIN was verified in main: a page cannot skip the PIN screen by calling settings.save itself (the
// kiosk's customer-facing page included).
//
// The window belongs to the admin whose PIN opened it. It ends on every sign-in, sign-out and switch (the staff
// module says so: ../staff/staff-module.ts), and while "Ask who is at the till" is on, it serves only that admin
// signed in, holding the right asked: a cashier signing in after the admin walked away finds it closed. A save by
// its holder extends it.

export const ADMIN_IDLE_MS = 5 * 60_000;

/** What the staff module tells the window: who verified, and whether the person at the till may use it. */
export interface AdminWindowRules {
  /** The admin whose PIN settings.verifyPin last accepted (null: none known, a till without staff). */
  verifiedAdmin(): string | null;
  /** Throws when the window of `holder` may not serve `right` now (auth.sign-in-required, auth.not-allowed…). */
  refuse(holder: string | null, right: StaffRight): void;
}

export interface AdminSession {
  /** An admin's PIN was just verified (or the first admin PIN set): open the window for them. */
  grant(holder?: string | null): void;
  /** A save through the open window: its idle time starts again, for the same holder. */
  extend(): void;
  /** Sign-in, sign-out, switch, auto-lock: the window closes. */
  end(): void;
  /** Whether the window is open and serves `right` for whoever is at the till now. */
  active(right?: StaffRight): boolean;
  /** Refuses `admin.pin-required` (no open window) or as the rules say; else nothing. */
  require(right: StaffRight): void;
  /** The staff module's rules; without them, an open window serves anyone (a till before staff). */
  follow(rules: AdminWindowRules): void;
}

export function createAdminSession(options: { now?: () => number; idleMs?: number } = {}): AdminSession {
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? ADMIN_IDLE_MS;
  let openUntil = 0;
  let holder: string | null = null;
  let rules: AdminWindowRules | null = null;
  const require = (right: StaffRight): void => {
    if (now() >= openUntil) throw new PosError('admin.pin-required');
    rules?.refuse(holder, right);
  };
  return {
    grant(who) {
      holder = who === undefined ? (rules?.verifiedAdmin() ?? null) : who;
      openUntil = now() + idleMs;
    },
    extend() {
      if (now() < openUntil) openUntil = now() + idleMs;
    },
    end() {
      openUntil = 0;
      holder = null;
    },
    active(right = 'settings') {
      try {
        require(right);
        return true;
      } catch {
        return false;
      }
    },
    require,
    follow(next) {
      rules = next;
    },
  };
}
