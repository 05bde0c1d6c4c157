import { customerDisplayToken } from '../../shared/display-token.ts';
import { expect, keyAmount, test } from '../fixtures/pos-test.ts';

// The preview's customer display, opened from the cashier's header as a cashier would: its tab carries the
// display's own token (derived in the page with WebCrypto), follows the sale at the counter, and cannot do
// anything the display does not show.

test('the customer display tab gets its own token: it shows the sale and is refused a settings change', async ({
  page,
  context,
  pos,
}) => {
  await pos.open(page);
  const link = page.getByTestId('open-customer-display');
  await expect(link).toHaveAttribute('href', /\/customer-display#token=/);
  const [display] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(display.getByTestId('customer-display')).toHaveAttribute('data-state', 'idle');
  await expect(display.getByTestId('customer-merchant')).toHaveText('Demo Coffee Bar');

  const displayToken = await display.evaluate(() => sessionStorage.getItem('wallet-pos.token'));
  expect(displayToken).toBe(await customerDisplayToken(pos.host.token));
  expect(displayToken).not.toBe(pos.host.token);

  await keyAmount(page, '250');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  // Over the display's own event socket.
  await expect(display.getByTestId('customer-amount')).toHaveText('S$2.50');

  const refused = await display.evaluate(async (token) => {
    const response = await fetch('/api/settings.save', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ settings: { merchantName: 'Changed from the display' } }),
    });
    return { status: response.status, body: await response.json() };
  }, displayToken);
  expect(refused).toMatchObject({ status: 403, body: { ok: false, error: { code: 'ipc.forbidden' } } });
  // It reads only what it shows: not the day's payments, not the till's settings.
  for (const channel of ['payments.history', 'settings.get']) {
    const read = await display.evaluate(
      async ([token, name]) => {
        const response = await fetch(`/api/${name}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: '{}',
        });
        return { status: response.status, body: await response.json() };
      },
      [displayToken, channel] as const,
    );
    expect(read, channel).toMatchObject({ status: 403, body: { ok: false, error: { code: 'ipc.forbidden' } } });
  }
  // Leave the counter as found: this worker's host serves the next tests.
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  expect(await pos.call('payments.cancel', { referenceId })).toMatchObject({ ok: true });
});
