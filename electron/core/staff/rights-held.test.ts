import { afterEach, describe, expect, it } from 'vitest';
import { closeOpenedCores, openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';

// Issue 33: a dishonest cashier works through the contract API (the preview's POST /api/<channel> with the
// cashier's token, or a script in the cashier's window): every attack here goes through the composed core.

afterEach(closeOpenedCores);

const ADMIN = '8642';
const SUPERVISOR = '4821';
const CASHIER = '1111';

/** A till with an admin, a supervisor and a cashier, "Ask who is at the till" on, nobody signed in. */
async function shopWithSignIn() {
  const { core, events } = await openCore();
  const call = (channel: string, payload: unknown) => dispatch(core.handlers, channel, payload);
  const code = async (channel: string, payload: unknown) => {
    const answer = await call(channel, payload);
    return answer.ok ? 'ok' : answer.error.code;
  };
  expect(await code('settings.save', { secrets: { adminPin: ADMIN, supervisorPin: SUPERVISOR } })).toBe('ok');
  expect(await code('staff.save', { name: 'Ann', role: 'cashier', pin: CASHIER })).toBe('ok');
  expect(await code('settings.save', { settings: { staff: { signInRequired: true } } })).toBe('ok');
  return { core, events, call, code };
}

describe('a right PIN never resets wrong guesses (issue 33, 1)', () => {
  it('four guesses, the own PIN, and again: the fifth wrong PIN in 15 minutes locks the sign-in', async () => {
    const { code } = await shopWithSignIn();
    for (const guess of ['0001', '0002', '0003', '0004']) {
      expect(await code('session.signIn', { pin: guess })).toBe('auth.wrong-pin');
    }
    expect(await code('session.signIn', { pin: CASHIER })).toBe('ok');
    expect(await code('session.signIn', { pin: '0005' })).toBe('auth.wrong-pin');
    // Before the budget, the cashier's own PIN had wiped the count, and 43 guesses later the last was the admin's.
    expect(await code('session.signIn', { pin: CASHIER })).toBe('auth.locked');
    expect(await code('session.signIn', { pin: ADMIN })).toBe('auth.locked');
  });

  it("settings.verifyPin {kind:'supervisor'}: a right PIN between guesses does not reset the count either", async () => {
    const { call } = await shopWithSignIn();
    for (const guess of ['0001', '0002', '0003', '0004']) {
      expect(await call('settings.verifyPin', { kind: 'supervisor', pin: guess })).toEqual({
        ok: true,
        value: { valid: false },
      });
    }
    expect(await call('settings.verifyPin', { kind: 'supervisor', pin: SUPERVISOR })).toEqual({
      ok: true,
      value: { valid: true },
    });
    expect(await call('settings.verifyPin', { kind: 'supervisor', pin: '0005' })).toMatchObject({ ok: true });
    expect(await call('settings.verifyPin', { kind: 'supervisor', pin: SUPERVISOR })).toMatchObject({
      ok: false,
      error: { code: 'supervisor.pin-wrong', details: { retryAfterSeconds: 30 } },
    });
  });

  it('a sign-in with the person picked first counts against that person, not the till', async () => {
    const { code, call } = await shopWithSignIn();
    for (const guess of ['0001', '0002', '0003', '0004', '0005']) {
      expect(await code('session.signIn', { pin: guess, staffId: 'admin' })).toBe('auth.wrong-pin');
    }
    expect(await code('session.signIn', { pin: ADMIN, staffId: 'admin' })).toBe('auth.locked');
    // The right PIN of someone else is no way in as the person picked.
    expect(await code('session.signIn', { pin: CASHIER, staffId: 'supervisor' })).toBe('auth.wrong-pin');
    // The cashier's PIN-only sign-in is another lock: still open.
    expect(await code('session.signIn', { pin: CASHIER })).toBe('ok');
    const settings = await call('settings.get', {});
    expect((settings as { value: { pinLockouts: unknown[] } }).value.pinLockouts).toEqual([
      expect.objectContaining({ pin: 'sign-in' }),
    ]);
  });
});

describe("the admin's window belongs to the admin who opened it (issue 33, 2)", () => {
  it('after the admin signs out, the next cashier can change nothing an admin may', async () => {
    const { code } = await shopWithSignIn();
    expect(await code('session.signIn', { pin: ADMIN })).toBe('ok');
    expect(await code('settings.verifyPin', { kind: 'admin', pin: ADMIN })).toBe('ok');
    expect(await code('settings.save', { settings: { merchantName: 'Corner shop' } })).toBe('ok');
    expect(await code('session.signOut', {})).toBe('ok');
    expect(await code('session.signIn', { pin: CASHIER })).toBe('ok');
    const attacks: Array<[string, unknown]> = [
      ['staff.save', { name: 'Mallory', role: 'admin', pin: '999999' }],
      ['settings.save', { settings: { staff: { refundWithoutApprovalUpToMinor: 100_000 } } }],
      ['settings.save', { settings: { updates: { feedUrl: 'https://attacker.example/feed' } } }],
      ['ecr.createKey', { name: 'mallory' }],
      ['support.bundle', {}],
      ['updates.installNow', {}],
    ];
    // The channel table (shared/channel-rights.ts) answers before the window: the cashier lacks each right.
    for (const [channel, payload] of attacks) {
      expect([channel, await code(channel, payload)]).toEqual([channel, 'auth.not-allowed']);
    }
  });

  it("with sign-in on, a cashier with the admin's PIN in hand still lacks the admin's right", async () => {
    const { code } = await shopWithSignIn();
    expect(await code('session.signIn', { pin: CASHIER })).toBe('ok');
    // The window opens for the admin whose PIN it was, but the person at the till is the cashier.
    expect(await code('settings.verifyPin', { kind: 'admin', pin: ADMIN })).toBe('ok');
    expect(await code('staff.save', { name: 'Mallory', role: 'admin', pin: '999999' })).toBe('auth.not-allowed');
    expect(await code('settings.save', { settings: { merchantName: 'Mine' } })).toBe('auth.not-allowed');
    expect(await code('ecr.createKey', { name: 'mallory' })).toBe('auth.not-allowed');
  });

  it('a switch to another person, or back to the same, ends the window', async () => {
    const { code } = await shopWithSignIn();
    expect(await code('session.signIn', { pin: ADMIN })).toBe('ok');
    expect(await code('settings.verifyPin', { kind: 'admin', pin: ADMIN })).toBe('ok');
    expect(await code('session.signIn', { pin: ADMIN })).toBe('ok');
    expect(await code('settings.save', { settings: { merchantName: 'Again' } })).toBe('admin.pin-required');
  });
});
