// Who may change settings. Once an admin PIN is set, a save is accepted only within a short idle window
// after the admin PIN was verified in main: a page cannot skip the PIN screen by calling settings.save
// itself (the kiosk's customer-facing page included). Each accepted save extends the window.

export const ADMIN_IDLE_MS = 5 * 60_000;

export interface AdminSession {
  /** The admin PIN was just verified (or a save was accepted): open or extend the window. */
  grant(): void;
  active(): boolean;
}

export function createAdminSession(options: { now?: () => number; idleMs?: number } = {}): AdminSession {
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? ADMIN_IDLE_MS;
  let openUntil = 0;
  return {
    grant() {
      openUntil = now() + idleMs;
    },
    active() {
      return now() < openUntil;
    },
  };
}
