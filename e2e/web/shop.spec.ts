import { expect, test } from '@playwright/test';
import { expectAccessible } from '../fixtures/axe.ts';
import {
  paidSale,
  sentToHeadOffice,
  startHeadOfficeShop,
  tillIdOf,
  type HeadOfficeShop,
  type ShopTill,
} from '../fixtures/head-office-shop.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 34, "The Chromium e2e of the Shop screen": two tills of one shop writing to one real PostgreSQL, a sale on
// each; the Shop screen of the first lists both tills, each with its own day as its Day summary says it, and
// shop totals that are their sum; the second till stopped shows offline. At 800×480, from the keyboard, with no
// serious axe finding.

test.describe.configure({ mode: 'serial' });

let shop: HeadOfficeShop;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startHeadOfficeShop('orchard', ['TILL-01', 'TILL-02']);
});

test.afterAll(async () => {
  await shop?.stop();
});

test.use({ viewport: { width: 800, height: 480 } });

test('two tills of one shop: both on the Shop screen, totals that add up, a stopped till offline', async ({ page }) => {
  test.setTimeout(120_000);
  const [one, two] = shop.tills as [ShopTill, ShopTill];
  await paidSale(one, 1250);
  await paidSale(one, 800);
  await paidSale(two, 2375);
  await Promise.all([sentToHeadOffice(one), sentToHeadOffice(two)]);
  const idOne = await tillIdOf(one);
  const idTwo = await tillIdOf(two);
  expect(idOne).not.toBe(idTwo);
  const day = localDay();
  const netOf = async (till: ShopTill): Promise<number> => {
    const summary = await till.call('payments.summary', { day });
    if (!summary.ok) throw new Error(summary.error.message);
    return summary.value.net.amountMinor;
  };
  const [netOne, netTwo] = [await netOf(one), await netOf(two)];
  expect([netOne, netTwo]).toEqual([2050, 2375]);

  // Both tills have been heard from (their first heartbeat), before the screen is opened.
  await expect
    .poll(async () => {
      const answer = await one.call('shop.tills', {});
      return answer.ok ? answer.value.tills.filter((till) => till.online).length : answer.error.code;
    })
    .toBe(2);

  await page.goto(`${one.host.origin}/#token=${one.host.token}`);
  await expect(page.getByTestId('app-frame')).toBeVisible();
  // From the keyboard: the nav's Shop button, then Enter.
  await page.getByTestId('nav-shop').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('shop-screen')).toBeVisible();

  const dayTable = page.getByTestId('shop-day');
  await expect(dayTable.getByTestId('shop-day-till')).toHaveCount(2);
  const dayRow = (tillId: string) => dayTable.locator(`[data-till-id="${tillId}"]`);
  await expect(dayRow(idOne)).toHaveAttribute('data-reported', 'true');
  await expect(dayRow(idOne)).toHaveAttribute('data-net-minor', String(netOne));
  await expect(dayRow(idOne)).toContainText('TILL-01');
  await expect(dayRow(idTwo)).toHaveAttribute('data-net-minor', String(netTwo));
  await expect(dayRow(idTwo)).toContainText('TILL-02');
  const totals = dayTable.getByTestId('shop-day-totals');
  await expect(totals).toHaveAttribute('data-net-minor', String(netOne + netTwo));
  await expect(totals).toHaveAttribute('data-payments', '3');
  await expect(totals).toContainText('S$44.25');

  const tillsTable = page.getByTestId('shop-tills');
  await expect(tillsTable.getByTestId('shop-till')).toHaveCount(2);
  await expect(tillsTable.locator(`[data-till-id="${idTwo}"]`)).toHaveAttribute('data-online', 'true');

  // 800×480: the screen is no wider than the till (a wide table scrolls in its own box), and axe finds nothing
  // serious.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
  await expectAccessible(page, 'Shop screen at 800×480');
  await keepScreenshot(page, 'shop-800x480.png', { fullPage: true });

  // The second till stops. Its heartbeat stops with it; the 90 s after which a till counts as offline are
  // stood in for by its last heartbeat moved two minutes back (the head office's own clock, no heartbeat since).
  await two.host.stop();
  await shop.sql(`update wallet_pos.tills set last_seen_at = now() - interval '2 minutes' where till_id = '${idTwo}'`);
  await page.getByTestId('nav-summary').click();
  await page.getByTestId('nav-shop').click();
  await expect(tillsTable.locator(`[data-till-id="${idTwo}"]`)).toHaveAttribute('data-online', 'false');
  await expect(tillsTable.locator(`[data-till-id="${idTwo}"]`)).toContainText('Offline');
  await expect(tillsTable.locator(`[data-till-id="${idOne}"]`)).toHaveAttribute('data-online', 'true');
  // Stopped is not missing: its day stays as it reported it.
  await expect(dayRow(idTwo)).toHaveAttribute('data-online', 'false');
  await expect(dayRow(idTwo)).toHaveAttribute('data-net-minor', String(netTwo));
  await expect(totals).toHaveAttribute('data-net-minor', String(netOne + netTwo));

  // The Day summary's "The whole shop" is the same day.
  await page.getByTestId('nav-summary').click();
  await page.getByLabel('The whole shop').check();
  await expect(page.getByTestId('shop-day-totals')).toHaveAttribute('data-net-minor', String(netOne + netTwo));
});

/** The till's local day, as the screens and the core name it (YYYY-MM-DD). */
function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
