import { create } from 'zustand';
import type { SessionView } from '../../shared/staff.ts';
import { useAppStore } from './app-store.ts';

// Who is signed in at this till and the shift that is open, as the core last said (session.current at start,
// then every session.changed). Null until the core has answered: a core that does not know staff yet answers
// nothing, and the till then works as it did before staff existed.

export interface SessionState {
  readonly session: SessionView | null;
  /** Someone tapped Switch: the sign-in screen shows while the person before stays signed in until the next one is. */
  readonly switching: boolean;
  /** Just signed in with no shift open: the frame offers to open one (ShiftOffer) until it is, or "Not now". */
  readonly shiftOffered: boolean;
  offerShift(offered: boolean): void;
  setSession(session: SessionView): void;
  startSwitch(): void;
  endSwitch(): void;
}

const INITIAL = { session: null, switching: false, shiftOffered: false };

export const useSessionStore = create<SessionState>()((set) => ({
  ...INITIAL,
  // A new person signed in (or everyone out): the switch is over either way, and the admin screens lock, as
  // main's admin window ended (electron/core/settings/admin-session.ts): it was the admin's, not the next person's.
  setSession: (session) =>
    set((state) => {
      const personChanged = state.session !== null && session.staff?.id !== state.session.staff?.id;
      if (personChanged) useAppStore.getState().lockAdmin();
      return {
        session,
        switching: state.switching && session.staff?.id === state.session?.staff?.id && session.staff !== null,
        // Nobody to offer it to any more, or the shift is open.
        shiftOffered: state.shiftOffered && session.staff !== null && session.shift === null,
      };
    }),
  startSwitch: () => set({ switching: true }),
  offerShift: (shiftOffered) => set({ shiftOffered }),
  endSwitch: () => set({ switching: false }),
}));

export function resetSessionStore(): void {
  useSessionStore.setState(INITIAL);
}
