import type { Locator, Page } from '@playwright/test';
import { expect, keyAmount, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// The frame at the sizes tills really have: a 7" 800×480 display, a 1280×800 till, a 1920×1080 screen.
// Whatever the screen, the status line stays visible, nothing spills sideways, and a sale needs no scrolling.

async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

async function expectNoPageScroll(page: Page): Promise<void> {
  const size = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  const viewport = page.viewportSize()!;
  expect(size.width).toBeLessThanOrEqual(viewport.width);
  expect(size.height).toBeLessThanOrEqual(viewport.height);
}

test('800×480: the sale, its QR and its result fit the screen with the status line in view', async ({ page, pos }) => {
  await page.setViewportSize({ width: 800, height: 480 });
  await pos.open(page);
  await keyAmount(page, '1234');
  await expectNoPageScroll(page);
  for (const id of [
    'sale-amount',
    'charge-button',
    'scan-customer-button',
    'keypad-0',
    'keypad-clear',
    'status-bar',
    'nav-settings',
  ]) {
    await expectInViewport(page, page.getByTestId(id));
  }
  await keepScreenshot(page, 'sale-800x480.png');

  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  await expectNoPageScroll(page);
  for (const id of ['payment-qr', 'payment-amount', 'payment-status', 'cancel-payment', 'status-bar'])
    await expectInViewport(page, page.getByTestId(id));
  await keepScreenshot(page, 'qr-800x480.png');

  // Esc asks first; its question fits the small display too, and X cancels.
  await page.keyboard.press('Escape');
  for (const id of ['cancel-confirm-keep', 'cancel-confirm-cancel']) await expectInViewport(page, page.getByTestId(id));
  await page.keyboard.press('x');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'neutral');
  for (const id of ['payment-result', 'dismiss-result', 'status-bar'])
    await expectInViewport(page, page.getByTestId(id));
});

test('a long payments list scrolls inside the screen; header, navigation and status line stay put', async ({
  page,
  pos,
}) => {
  const open: string[] = [];
  try {
    for (let i = 0; i < 14; i++) {
      const created = await pos.call('payments.chargeMerchantQr', { amountMinor: 100 + i, currency: 'SGD' });
      if (created.ok) open.push(created.value.referenceId);
    }
    expect(open).toHaveLength(14);
    await pos.open(page);
    await page.getByTestId('nav-payments').click();
    await expect(page.getByTestId('payment-row').first()).toBeVisible();
    await expectNoPageScroll(page);
    await page.getByTestId('payment-row').last().scrollIntoViewIfNeeded();
    await expectInViewport(page, page.getByTestId('payment-row').last());
    await expectInViewport(page, page.getByTestId('status-bar'));
    await expectInViewport(page, page.getByTestId('nav-payments'));
  } finally {
    // Open orders would be picked up by a customer display opened in a later test on this host.
    for (const referenceId of open) await pos.call('payments.cancel', { referenceId });
  }
});

test('scan view without a camera: the reason and the way round it, no empty black viewfinder', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  await keyAmount(page, '1500');
  await page.getByTestId('scan-customer-button').click();
  const panel = page.getByTestId('camera-panel');
  await expect(panel).toHaveAttribute('data-camera-state', /absent|denied|unsupported|error/);
  await expect(page.getByTestId('camera-state')).toContainText('USB scanner');
  await expect(panel.locator('.viewfinder')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sale-screen')).toBeVisible();
});

/** Two boxes share any area (touching edges do not count). */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return (
    a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5
  );
}

async function expectApart(page: Page, ids: readonly string[]): Promise<void> {
  const boxes = await Promise.all(ids.map(async (id) => ({ id, box: await page.getByTestId(id).boundingBox() })));
  for (const [index, { id, box }] of boxes.entries()) {
    expect(box, `${id} is rendered`).not.toBeNull();
    for (const other of boxes.slice(index + 1))
      expect(overlap(box!, other.box!), `${id} overlaps ${other.id}`).toBe(false);
  }
}

async function expectNoSidewaysSpill(page: Page): Promise<void> {
  const spill = await page.evaluate(() => {
    const main = document.querySelector('.app-main')!;
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      main: main.scrollWidth - main.clientWidth,
    };
  });
  expect(spill.page).toBeLessThanOrEqual(0);
  expect(spill.main).toBeLessThanOrEqual(0);
}

/** The day field's parts (components/DayField.tsx): its weekday, ‹, the day, ›, Today. */
const DAY_FIELD = (testId: string): string[] =>
  ['-weekday', '-previous', '', '-next', '-today'].map((part) => `${testId}${part}`);

for (const size of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 800, height: 480 },
]) {
  test(`${size.width}×${size.height}: the day summary, the payments filters and the refund screen — nothing overlaps, nothing spills sideways`, async ({
    page,
    pos,
  }) => {
    const created = await pos.call('payments.chargeMerchantQr', {
      amountMinor: 4138,
      currency: 'SGD',
      note: 'Table 12',
    });
    if (!created.ok) throw new Error(created.error.message);
    const { referenceId } = created.value;
    await pos.sandbox('/consumer/confirm', { referenceId });
    await expect
      .poll(async () => {
        const detail = await pos.call('payments.get', { referenceId });
        return detail.ok ? detail.value.payment.displayStatus : null;
      })
      .toBe('paid');

    await page.setViewportSize(size);
    await pos.open(page);
    await page.getByTestId('nav-summary').click();
    await expect(page.getByTestId('summary-money')).toBeVisible();
    await expectNoSidewaysSpill(page);
    await expectApart(page, ['summary-money', 'summary-by-status', 'summary-by-method']);
    await expectApart(page, [...DAY_FIELD('summary-day'), 'export-csv', 'summary-print', 'summary-money']);
    await expectInViewport(page, page.getByTestId('status-bar'));
    await keepScreenshot(page, `summary-${size.width}x${size.height}.png`);

    // The Payments filters: the day field's parts and every filter side by side or wrapped, never on each other.
    await page.getByTestId('nav-payments').click();
    await expect(page.getByTestId('payment-row').first()).toBeVisible();
    await expectNoSidewaysSpill(page);
    if (size.width < 1280) {
      // A smaller display: one row of filters (day, search, Filters) and the list in view at once; status, method
      // and origin wait behind the button, which says how many of them are set.
      const bottoms = await Promise.all(
        ['payments-day', 'payments-search', 'payments-filters-toggle'].map(
          async (id) => (await page.getByTestId(id).boundingBox())!,
        ),
      );
      for (const box of bottoms)
        expect(Math.abs(box.y + box.height - (bottoms[0]!.y + bottoms[0]!.height))).toBeLessThan(3);
      await expect(page.getByTestId('payments-status-filter')).toBeHidden();
      await expectInViewport(page, page.getByTestId('payment-row').first());
      await keepScreenshot(page, `payments-closed-${size.width}x${size.height}.png`);
      await page.getByTestId('payments-filters-toggle').click();
      await expect(page.getByTestId('payments-filters-toggle')).toHaveAttribute('aria-expanded', 'true');
      await page.getByTestId('payments-status-filter').selectOption('paid');
      await expect(page.getByTestId('payments-filters-toggle')).toHaveText('Filters (1 set)');
    } else {
      await expect(page.getByTestId('payments-filters-toggle')).toHaveCount(0);
    }
    await expectApart(page, [
      ...DAY_FIELD('payments-day'),
      'payments-status-filter',
      'payments-method-filter',
      'payments-origin-filter',
      'payments-search',
      'payments-table',
    ]);
    await keepScreenshot(page, `payments-${size.width}x${size.height}.png`);

    await page.getByTestId('nav-refund').click();
    await page.getByTestId('refund-lookup').fill(referenceId);
    await page.getByTestId('refund-find').click();
    await expect(page.getByTestId('refund-form')).toBeVisible();
    await expectNoSidewaysSpill(page);
    await expectApart(page, ['refund-paid', 'refund-payment-type', 'refund-form']);
    await page.getByTestId('refund-submit').scrollIntoViewIfNeeded();
    await expectInViewport(page, page.getByTestId('refund-submit'));
    await expectInViewport(page, page.getByTestId('status-bar'));
    await keepScreenshot(page, `refund-${size.width}x${size.height}.png`);
  });
}

/** Settings' sections in tab order (screens/settings/sections.ts). */
const SETTINGS_TABS = [
  'connection',
  'terminal',
  'payments',
  'devices',
  'pins',
  'staff',
  'linked',
  'register',
  'updates',
  'headOffice',
  'about',
].map((id) => `settings-tab-${id}`);

for (const size of [
  { width: 1024, height: 768 },
  { width: 800, height: 480 },
]) {
  test(`${size.width}×${size.height}: Settings' section tabs stay one row, none on another, the chosen one always in view`, async ({
    page,
    pos,
  }) => {
    await page.setViewportSize(size);
    await pos.open(page);
    await pos.openSettings(page);
    const tablist = page.getByRole('tablist');
    await expect(page.getByRole('tab')).toHaveCount(SETTINGS_TABS.length);
    await expectNoSidewaysSpill(page);
    await expectApart(page, SETTINGS_TABS);
    // One row: every tab at the same height, the first section's fields below the row.
    const tops = await Promise.all(SETTINGS_TABS.map(async (id) => (await page.getByTestId(id).boundingBox())!.y));
    for (const top of tops) expect(Math.abs(top - tops[0]!)).toBeLessThanOrEqual(1);
    const row = (await tablist.boundingBox())!;
    expect(row.height).toBeLessThan(70);
    await expectApart(page, ['settings-tab-connection', 'settings-environment']);
    await keepScreenshot(page, `settings-tabs-${size.width}x${size.height}.png`);

    // Whole inside the row's visible part, and on the screen.
    const wholeInRow = async (id: string): Promise<boolean> => {
      const box = (await page.getByTestId(id).boundingBox())!;
      const shown = (await tablist.boundingBox())!;
      return box.x >= shown.x - 0.5 && box.x + box.width <= shown.x + shown.width + 0.5;
    };
    // Eleven sections (Head office is the eleventh) need about 1,080 px: at 1024 px and narrower the row scrolls
    // sideways, never wraps; the first sections are in view from the start.
    for (const id of SETTINGS_TABS.slice(0, 5)) expect(await wholeInRow(id), id).toBe(true);
    // Chosen by keyboard (→) or by a tap, the chosen tab is whole inside the row and on the screen.
    const chosenInView = async (id: string): Promise<void> => {
      await expect(page.getByTestId(id)).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => wholeInRow(id)).toBe(true);
      await expectInViewport(page, page.getByTestId(id));
    };
    await page.getByTestId(SETTINGS_TABS[0]!).focus();
    for (const id of SETTINGS_TABS.slice(1)) {
      await page.keyboard.press('ArrowRight');
      await chosenInView(id);
    }
    await page.keyboard.press('ArrowRight');
    await chosenInView(SETTINGS_TABS[0]!);
    await page.getByTestId('settings-tab-register').click();
    await chosenInView('settings-tab-register');
    await expect(page.getByTestId('settings-ecr-port')).toBeVisible();
  });
}
