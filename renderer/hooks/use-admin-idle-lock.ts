import { useEffect } from 'react';
import { useAppStore } from '../stores/app-store.ts';

/** What README and main's admin session promise: the admin unlock ends after 5 minutes without activity. */
export const ADMIN_IDLE_MS = 5 * 60_000;

/**
 * Locks the admin screens again once nobody has touched the till for ADMIN_IDLE_MS while they were unlocked.
 * (Main keeps its own window for settings.save; when that lapsed first, the form asks for the PIN again.)
 */
export function useAdminIdleLock(idleMs: number = ADMIN_IDLE_MS): void {
  const unlocked = useAppStore((state) => state.adminUnlocked);
  const lockAdmin = useAppStore((state) => state.lockAdmin);
  useEffect(() => {
    if (!unlocked) return;
    let timer = setTimeout(lockAdmin, idleMs);
    const onActivity = (): void => {
      clearTimeout(timer);
      timer = setTimeout(lockAdmin, idleMs);
    };
    window.addEventListener('pointerdown', onActivity, true);
    window.addEventListener('keydown', onActivity, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', onActivity, true);
      window.removeEventListener('keydown', onActivity, true);
    };
  }, [unlocked, lockAdmin, idleMs]);
}
