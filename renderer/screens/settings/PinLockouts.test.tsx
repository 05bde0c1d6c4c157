import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dateTime } from '../../components/format.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
import { PinLockouts } from './PinLockouts.tsx';

// The admin sees the wrong-PIN lockouts main journalled: per PIN, how many today and when the last was. They
// are asked for again when the section shows (a lockout changes no setting, so no settings event tells).

const at = (day: number, hour: number, minute: number): string => new Date(2026, 10, day, hour, minute).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 27, 16, 30));
});
afterEach(() => vi.useRealTimers());

const lockouts = [
  { pin: 'admin', at: at(25, 8, 30), until: at(25, 8, 31) },
  { pin: 'supervisor', at: at(26, 23, 50), until: at(26, 23, 51) },
  { pin: 'supervisor', at: at(27, 9, 15), until: at(27, 9, 16) },
  { pin: 'supervisor', at: at(27, 11, 40), until: at(27, 11, 42) },
  { pin: 'supervisor', at: at(27, 14, 2), until: at(27, 14, 6) },
] as const;

describe('wrong-PIN lockouts in Settings', () => {
  it('says how often each PIN was locked today and when last, or when it was last locked', async () => {
    renderWithBridge(<PinLockouts />, createFakeBridge({ pinLockouts: lockouts }));
    expect((await screen.findByTestId('pin-lockouts-supervisor')).textContent).toBe(
      'Supervisor PIN locked 3 times today, last at 14:02:00.',
    );
    expect(screen.getByTestId('pin-lockouts-admin').textContent).toBe(
      `Admin PIN last locked ${dateTime(at(25, 8, 30), 'en')}.`,
    );
  });

  it('in Traditional Chinese, and once is said as once', async () => {
    renderWithBridge(<PinLockouts />, createFakeBridge({ pinLockouts: lockouts.slice(0, 3) }), 'zh-HK');
    expect((await screen.findByTestId('pin-lockouts-supervisor')).textContent).toBe(
      '主管密碼今日鎖定一次，時間 09:15:00。',
    );
  });

  it('says when no PIN was ever locked', async () => {
    renderWithBridge(<PinLockouts />, createFakeBridge());
    expect((await screen.findByTestId('pin-lockouts')).textContent).toContain(
      'No PIN has been locked by wrong tries on this till.',
    );
  });
});
