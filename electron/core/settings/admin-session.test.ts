import { describe, expect, it } from 'vitest';
import { createAdminSession } from './admin-session.ts';

describe('admin session', () => {
  it('is closed until granted, and closes again after the idle window', () => {
    let now = 1_000;
    const session = createAdminSession({ now: () => now, idleMs: 300 });
    expect(session.active()).toBe(false);
    session.grant();
    now += 299;
    expect(session.active()).toBe(true);
    session.grant(); // a save extends it
    now += 299;
    expect(session.active()).toBe(true);
    now += 1;
    expect(session.active()).toBe(false);
  });
});
