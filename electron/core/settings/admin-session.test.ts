import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { createAdminSession } from './admin-session.ts';

describe('admin session', () => {
  it('is closed until granted, and closes again after the idle window', () => {
    let now = 1_000;
    const session = createAdminSession({ now: () => now, idleMs: 300 });
    expect(session.active()).toBe(false);
    session.grant();
    now += 299;
    expect(session.active()).toBe(true);
    session.extend(); // a save extends it
    now += 299;
    expect(session.active()).toBe(true);
    now += 1;
    expect(session.active()).toBe(false);
    session.extend(); // a closed window is not opened by a save
    expect(session.active()).toBe(false);
  });

  it('ends when told, and serves only whom the rules allow', () => {
    const session = createAdminSession({ now: () => 1_000, idleMs: 300 });
    let atTill = 'ann';
    session.follow({
      verifiedAdmin: () => 'ann',
      refuse: (holder) => {
        if (holder !== atTill) throw new PosError('auth.not-allowed');
      },
    });
    session.grant();
    expect(session.active()).toBe(true);
    atTill = 'bo';
    expect(session.active()).toBe(false);
    expect(() => session.require('settings')).toThrow(expect.objectContaining({ code: 'auth.not-allowed' }));
    atTill = 'ann';
    session.end();
    expect(() => session.require('settings')).toThrow(expect.objectContaining({ code: 'admin.pin-required' }));
  });
});
