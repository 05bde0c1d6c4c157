import { roleHas } from '../../../shared/staff.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { useTerminal } from '../../stores/terminal.ts';

/**
 * The Shop screen is offered when the head office is on, to whoever may read an X report (supervisors and
 * admins; nobody signed in is the till as before staff, everything offered). The core holds the same right
 * on shop.day and shop.tills.
 */
export function useShopOffered(): boolean {
  const enabled = useTerminal().settings.headOffice.enabled;
  const role = useSessionStore((state) => state.session?.staff?.role ?? null);
  return enabled && (role === null || roleHas(role, 'x-report'));
}
