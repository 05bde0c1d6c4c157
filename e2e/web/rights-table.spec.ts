import { expect, test } from '@playwright/test';
import { rm } from 'node:fs/promises';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';

// Issue 33, 6: the core holds every channel's right (shared/channel-rights.ts), so a cashier's page token on the
// preview's HTTP API gets no more than the cashier's screens show: today's payments, not another day's; no cash
// drawer; and nothing at all but what is open while nobody is signed in.
// Its own preview host (a fresh data folder): sign-in stays on at the end, which no other spec expects.

const ADMIN_PIN = '8642';
const CASHIER_PIN = '2580';
const ANOTHER_DAY = '2020-01-02';

let host: PreviewHost;

test.beforeAll(async () => {
  host = await startPreviewHost();
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

test("a cashier sees today's payments, not another day's, and cannot open the drawer", async () => {
  expect(await code('session.signIn', { pin: CASHIER_PIN })).toBe('ok');
  // The banner every screen shows reads the open payments of any day: the cashier's work.
  expect(await code('payments.history', { status: 'waiting', limit: 20 })).toBe('ok');
  expect(await code('payments.history', { day: ANOTHER_DAY })).toBe('auth.not-allowed');
  expect(await code('payments.history', {})).toBe('auth.not-allowed');
  expect(await code('payments.summary', { day: ANOTHER_DAY })).toBe('auth.not-allowed');
  expect(await code('payments.exportCsv', { day: ANOTHER_DAY })).toBe('auth.not-allowed');
  expect(await code('printer.openDrawer', { reason: 'change for the float' })).toBe('auth.not-allowed');
  expect(await code('session.signOut', {})).toBe('ok');
});

test('with nobody signed in, only what is open answers', async () => {
  expect(await code('staff.list', {})).toBe('auth.sign-in-required');
  expect(await code('payments.history', { status: 'waiting' })).toBe('auth.sign-in-required');
  expect(await code('customers.list', {})).toBe('auth.sign-in-required');
  expect(await code('session.current', {})).toBe('ok');
});
