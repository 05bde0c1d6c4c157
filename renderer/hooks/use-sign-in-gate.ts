import { useAppStore } from '../stores/app-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { useTerminal } from '../stores/terminal.ts';

/**
 * Whether the sign-in screen stands in front of the till's screens: Settings ask who is at the till, nobody is
 * signed in (or someone tapped Switch), and this is a counter. A kiosk's sales are the kiosk's own: never there.
 */
export function useSignInGate(): boolean {
  const { mode } = useTerminal();
  const required = useAppStore((state) => state.settingsView?.settings.staff?.signInRequired ?? false);
  const signedIn = useSessionStore((state) => state.session?.staff != null);
  const switching = useSessionStore((state) => state.switching);
  if (mode === 'kiosk' || !required) return false;
  return !signedIn || switching;
}
