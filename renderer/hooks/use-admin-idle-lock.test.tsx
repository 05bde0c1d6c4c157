import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStore, useAppStore } from '../stores/app-store.ts';
import { ADMIN_IDLE_MS, useAdminIdleLock } from './use-admin-idle-lock.ts';

// The admin unlock lasts the documented 5 idle minutes, whatever screen the admin is on.

describe('admin idle lock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetAppStore();
  });
  afterEach(() => vi.useRealTimers());

  it('locks after 5 minutes without a touch or a key; activity starts the time again', () => {
    renderHook(() => useAdminIdleLock());
    act(() => useAppStore.getState().unlockAdmin());
    act(() => vi.advanceTimersByTime(ADMIN_IDLE_MS - 1_000));
    expect(useAppStore.getState().adminUnlocked).toBe(true);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    act(() => vi.advanceTimersByTime(ADMIN_IDLE_MS - 1_000));
    expect(useAppStore.getState().adminUnlocked).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(useAppStore.getState().adminUnlocked).toBe(false);
  });

  it('stays unlocked when a cashier till moves between screens', () => {
    act(() => useAppStore.getState().unlockAdmin());
    act(() => useAppStore.getState().navigate({ name: 'payments' }));
    expect(useAppStore.getState().adminUnlocked).toBe(true);
    act(() => useAppStore.getState().navigate({ name: 'sale' }));
    expect(useAppStore.getState().adminUnlocked).toBe(true);
  });
});
