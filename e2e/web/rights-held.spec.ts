import { expect, test } from '@playwright/test';
import { rm } from 'node:fs/promises';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';

// Issue 33: a dishonest cashier works through the contract API, as a script in their window would, with the
// page's own token. The core holds the rights: the admin's window does not outlive the admin (2), and a right PIN
// between guesses does not reset the wrong-PIN count (1).
// Its own preview host (a fresh data folder): sign-in stays on and locked at the end, which no other spec expects.

const ADMIN_PIN = '8642';
const CASHIER_PIN = '2580';

let host: PreviewHost;

test.beforeAll(async () => {
  host = await startPreviewHost();
  // Set-up: the first admin PIN opens the admin's window; the admin adds a cashier and asks who is at the till.
  expect(await code('settings.save', { secrets: { adminPin: ADMIN_PIN } })).toBe('ok');
  expect(await code('staff.save', { name: 'Wing', role: 'cashier', pin: CASHIER_PIN })).toBe('ok');
  expect(await code('settings.save', { settings: { staff: { signInRequired: true } } })).toBe('ok');
});

test.afterAll(async () => {
  await host.stop();
  await rm(host.dataDir, { recursive: true, force: true });
});

/** A call as the cashier's page makes it: the preview's HTTP API with the page's token. Its error code, or 'ok'. */
async function code(channel: string, request: unknown): Promise<string> {
  const response = await fetch(`${host.origin}/api/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const result = (await response.json()) as { ok: boolean; error?: { code: string } };
  return result.ok ? 'ok' : result.error!.code;
}

test("the admin's window closes with the admin: the next cashier changes nothing an admin may", async () => {
  expect(await code('session.signIn', { pin: ADMIN_PIN })).toBe('ok');
  expect(await code('settings.verifyPin', { kind: 'admin', pin: ADMIN_PIN })).toBe('ok');
  expect(await code('settings.save', { settings: { merchantName: 'Corner shop' } })).toBe('ok');
  expect(await code('session.signOut', {})).toBe('ok');

  expect(await code('session.signIn', { pin: CASHIER_PIN })).toBe('ok');
  const attacks: Array<[string, unknown]> = [
    ['staff.save', { name: 'Mallory', role: 'admin', pin: '999999' }],
    ['settings.save', { settings: { staff: { refundWithoutApprovalUpToMinor: 100_000 } } }],
    ['settings.save', { settings: { environment: 'custom', customBaseUrl: 'https://attacker.example/posi' } }],
    ['ecr.createKey', { name: 'mallory' }],
    ['updates.installNow', {}],
  ];
  // The channel table (shared/channel-rights.ts) answers before the window: the cashier lacks each right.
  for (const [channel, request] of attacks) {
    expect([channel, await code(channel, request)]).toEqual([channel, 'auth.not-allowed']);
  }
  // The admin's PIN in the cashier's hands opens a window that is the admin's, not the cashier's.
  expect(await code('settings.verifyPin', { kind: 'admin', pin: ADMIN_PIN })).toBe('ok');
  expect(await code('staff.save', { name: 'Mallory', role: 'admin', pin: '999999' })).toBe('auth.not-allowed');
  expect(await code('session.signOut', {})).toBe('ok');
});

test('a right PIN between guesses does not reset the count: the fifth wrong PIN in 15 minutes locks', async () => {
  for (const guess of ['0001', '0002', '0003', '0004']) {
    expect(await code('session.signIn', { pin: guess })).toBe('auth.wrong-pin');
  }
  expect(await code('session.signIn', { pin: CASHIER_PIN })).toBe('ok');
  expect(await code('session.signIn', { pin: '0005' })).toBe('auth.wrong-pin');
  expect(await code('session.signIn', { pin: CASHIER_PIN })).toBe('auth.locked');
  expect(await code('session.signIn', { pin: ADMIN_PIN })).toBe('auth.locked');
});
