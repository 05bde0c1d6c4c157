import { useEffect } from 'react';
import { useBridge } from '../../api/bridge.tsx';
import { useAutoLock } from '../../hooks/use-auto-lock.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/**
 * Who is signed in, from session.current once and session.changed after (a sign-in here or by the core's own
 * idle sign-out, a shift opened or closed); and the till's own idle sign-out (useAutoLock).
 */
export function StaffWiring() {
  const bridge = useBridge();
  const setSession = useSessionStore((state) => state.setSession);
  useEffect(() => {
    let current = true;
    // A core without staff answers an error: the till then works as before (nobody to sign in).
    void bridge['session.current']({}).then((result) => current && result.ok && setSession(result.value));
    return () => {
      current = false;
    };
  }, [bridge, setSession]);
  useBridgeEvent('session.changed', setSession);
  useAutoLock();
  return null;
}
