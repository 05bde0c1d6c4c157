import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from './app-store.ts';
import { resetSessionStore, useSessionStore } from './session-store.ts';

// The admin screens' unlock follows who is at the till (issue 33, 2): main ends the admin's window on every
// sign-in, sign-out and switch, and the screens lock with it.

afterEach(() => {
  resetSessionStore();
  useAppStore.getState().lockAdmin();
});

const view = (staff: { id: string; name: string; role: 'admin' | 'cashier' } | null) => ({
  staff,
  shift: null,
  signInRequired: true,
});

describe('session store', () => {
  it('locks the admin screens when someone else (or nobody) is at the till', () => {
    const { setSession } = useSessionStore.getState();
    setSession(view({ id: 'admin', name: 'Admin', role: 'admin' }));
    useAppStore.getState().unlockAdmin();
    // A shift opened: the same person, still unlocked.
    setSession(view({ id: 'admin', name: 'Admin', role: 'admin' }));
    expect(useAppStore.getState().adminUnlocked).toBe(true);
    setSession(view(null));
    expect(useAppStore.getState().adminUnlocked).toBe(false);
    useAppStore.getState().unlockAdmin();
    setSession(view({ id: 'ann', name: 'Ann', role: 'cashier' }));
    expect(useAppStore.getState().adminUnlocked).toBe(false);
  });
});
