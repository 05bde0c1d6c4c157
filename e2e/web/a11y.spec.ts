import type { Page } from '@playwright/test';
import { LOCALES, type Locale } from '../../shared/locales/index.ts';
import { SETTINGS_SECTIONS } from '../../renderer/screens/settings/settings-sections.ts';
import { expectAccessible } from '../fixtures/axe.ts';
import { ADMIN_PIN, expect, SUPERVISOR_PIN, test, type Pos } from '../fixtures/pos-test.ts';

// Everyone can use it (issue 24): axe-core over every screen and state a cashier, a kiosk customer and a customer
// at the display see, in every language the till speaks, on a 7" 800×480 till and on a desktop: no serious or
// critical finding. A new language in shared/locales/index.ts is checked here without a line more.
// The keyboard, focus, live-region and touch-target checks are in a11y-keyboard.spec.ts.

const SIZES = [
  { name: '800×480', width: 800, height: 480 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function useLocale(pos: Pos, locale: Locale): Promise<void> {
  const saved = await pos.call('settings.save', { settings: { locale } });
  expect(saved.ok).toBe(true);
}

/** Keys an amount on the on-screen keypad (a touch, not typing: no pause needed to tell it from a scanner). */
async function tapAmount(page: Page, digits: string): Promise<void> {
  await page.getByTestId('keypad-clear').click();
  for (const digit of digits) await page.getByTestId(`keypad-${digit}`).click();
}

async function chargeOnScreen(page: Page, digits: string): Promise<string> {
  await tapAmount(page, digits);
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  return (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
}

async function qrPayloadOf(pos: Pos, referenceId: string): Promise<string> {
  const detail = await pos.call('payments.get', { referenceId });
  if (!detail.ok || !detail.value.payment.qrPayload) throw new Error(`no QR for ${referenceId}`);
  return detail.value.payment.qrPayload;
}

/** A paid payment made at the till through the core, as the records screens need one. */
async function paidPayment(pos: Pos, amountMinor: number): Promise<string> {
  const created = await pos.call('payments.chargeMerchantQr', { amountMinor, currency: 'SGD' });
  if (!created.ok) throw new Error(created.error.message);
  const { referenceId } = created.value;
  await pos.sandbox('/consumer/confirm', { referenceId });
  await expect
    .poll(async () => {
      const detail = await pos.call('payments.get', { referenceId });
      return detail.ok ? detail.value.payment.displayStatus : null;
    })
    .toBe('paid');
  return referenceId;
}

for (const locale of LOCALES) {
  for (const size of SIZES) {
    /** Opens the till in this language at this size, and gives the check for the page. */
    const openIn = async (page: Page, pos: Pos): Promise<(where: string) => Promise<void>> => {
      await useLocale(pos, locale);
      await page.setViewportSize(size);
      await pos.open(page);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      return (where) => expectAccessible(page, `${where} (${locale}, ${size.name})`);
    };

    test(`axe, ${locale} at ${size.name}: a sale — amount, QR, paid, failed, cancel, paid elsewhere, scan`, async ({
      page,
      pos,
    }) => {
      try {
        const check = await openIn(page, pos);
        await expect(page.getByTestId('sale-screen')).toBeVisible();
        await tapAmount(page, '1250');
        await check('sale');

        const paid = await chargeOnScreen(page, '1250');
        await check('payment QR');
        await pos.sandbox('/consumer/confirm', { referenceId: paid });
        await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'success');
        await check('paid result');
        await page.getByTestId('dismiss-result').click();

        const declined = await chargeOnScreen(page, '990');
        await pos.sandbox('/consumer/scan', { qrPayload: await qrPayloadOf(pos, declined) });
        await pos.sandbox('/consumer/decline', { referenceId: declined });
        await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'failure');
        await check('failed result');
        await page.getByTestId('result-done').click();

        // Esc asks before it cancels; the cancelled result offers the same sale again.
        await chargeOnScreen(page, '770');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('cancel-confirm')).toBeVisible();
        await check('cancel question');
        await page.keyboard.press('x');
        await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'neutral');
        await check('cancelled result');
        await page.getByTestId('nav-sale').click();
        await expect(page.getByTestId('sale-screen')).toBeVisible();

        // Paid while the cashier is on Payments: the banner tells it.
        const paidElsewhere = await chargeOnScreen(page, '2500');
        await page.getByTestId('nav-payments').click();
        await pos.sandbox('/consumer/confirm', { referenceId: paidElsewhere });
        await expect(page.getByTestId('open-payment-outcome')).toBeVisible();
        await check('paid on another screen');
        await page.getByTestId('nav-sale').click();
        await expect(page.getByTestId('sale-screen')).toBeVisible();

        await tapAmount(page, '640');
        await page.getByTestId('scan-customer-button').click();
        await expect(page.getByTestId('scan-screen')).toBeVisible();
        await check('scan');
      } finally {
        await useLocale(pos, 'en');
      }
    });

    test(`axe, ${locale} at ${size.name}: payments, detail, refund, day summary, customers, unresolved`, async ({
      page,
      pos,
    }) => {
      try {
        const paid = await paidPayment(pos, 2480);
        const check = await openIn(page, pos);
        await page.getByTestId('nav-payments').click();
        await expect(page.getByTestId('payment-row').first()).toBeVisible();
        await check('payments');
        await page.locator(`[data-testid="payment-row"][data-reference-id="${paid}"] button`).first().click();
        await expect(page.getByTestId('payment-detail')).toBeVisible();
        await check('payment detail');

        await page.getByTestId('nav-refund').click();
        await page.getByTestId('refund-lookup').fill(paid);
        await page.getByTestId('refund-find').click();
        await expect(page.getByTestId('refund-form')).toBeVisible();
        await check('refund form');
        await page.getByTestId('refund-pin').fill(SUPERVISOR_PIN);
        await page.getByTestId('refund-submit').click();
        await expect(page.getByTestId('refund-confirm')).toBeVisible();
        await check('refund confirm');
        await page.getByTestId('refund-confirm-back').click();

        await page.getByTestId('nav-summary').click();
        await expect(page.getByTestId('summary-money')).toBeVisible();
        await check('day summary');

        await page.getByTestId('nav-customers').click();
        await expect(page.getByTestId('customers-screen')).toBeVisible();
        await check('customers');

        await page.getByTestId('nav-unresolved').click();
        await expect(page.getByTestId('unresolved-screen')).toBeVisible();
        await check('unresolved');
      } finally {
        await useLocale(pos, 'en');
      }
    });

    test(`axe, ${locale} at ${size.name}: every Settings section, sign-in and shift`, async ({ page, pos }) => {
      // Eleven sections and two screens, each a whole axe pass (3–5 s on two busy cores): over the 60 s default.
      test.setTimeout(120_000);
      try {
        const check = await openIn(page, pos);
        await pos.openSettings(page);
        for (const section of SETTINGS_SECTIONS) {
          await page.getByTestId(`settings-tab-${section}`).click();
          await expect(page.getByTestId(`settings-tab-${section}`)).toHaveAttribute('aria-selected', 'true');
          await check(`settings: ${section}`);
        }

        // People at the till: the sign-in pad (sign-in asked for), then the Shift screen of the one signed in.
        const asked = await pos.call('settings.save', { settings: { staff: { signInRequired: true } } });
        expect(asked.ok).toBe(true);
        // Settings stay reachable without signing in (an admin may need them): any other screen asks who is there.
        await page.getByTestId('nav-sale').click();
        await expect(page.getByTestId('sign-in-screen')).toBeVisible();
        await check('sign-in');
        await page.getByTestId('sign-in-pin').fill(SUPERVISOR_PIN);
        await page.getByTestId('sign-in-submit').click();
        await page.getByTestId('nav-shift').click();
        await expect(page.getByTestId('shift-screen')).toBeVisible();
        await check('shift');
      } finally {
        // With sign-in asked for, only a signed-in admin may change settings (issue 33): the admin turns it off.
        await pos.call('session.signOut', {});
        await pos.call('session.signIn', { pin: ADMIN_PIN });
        await pos.call('settings.save', { settings: { staff: { signInRequired: false } } });
        await pos.call('session.signOut', {});
        await useLocale(pos, 'en');
      }
    });

    test(`axe, ${locale} at ${size.name}: the kiosk and the customer display`, async ({ browser, page, pos }) => {
      await useLocale(pos, locale);
      // axe needs a page of its own context (a page from browser.newPage() is refused).
      const displayContext = await browser.newContext({ viewport: size });
      const display = await displayContext.newPage();
      try {
        // The customer display first, while this till is a cashier's: idle, a QR, then Paid.
        await pos.open(display, '/customer-display');
        await expect(display.getByTestId('customer-display')).toHaveAttribute('data-state', 'idle');
        const checkDisplay = (where: string): Promise<void> =>
          expectAccessible(display, `customer display: ${where} (${locale}, ${size.name})`);
        await checkDisplay('idle');
        const created = await pos.call('payments.chargeMerchantQr', { amountMinor: 2150, currency: 'SGD' });
        if (!created.ok) throw new Error(created.error.message);
        await expect(display.getByTestId('customer-qr')).toBeVisible();
        await checkDisplay('QR');
        await pos.sandbox('/consumer/confirm', { referenceId: created.value.referenceId });
        await expect(display.getByTestId('customer-display')).toHaveAttribute('data-state', 'paid');
        await checkDisplay('paid');

        // The kiosk in its large-text mode (customer help), the customer display above in its ordinary one.
        const set = await pos.call('settings.save', {
          settings: {
            mode: 'kiosk',
            kioskUnpaidCancelSeconds: 45,
            customerHelp: { largeText: true, soundOnResult: true },
          },
        });
        expect(set.ok).toBe(true);
        await page.setViewportSize(size);
        // The page's clock runs the walk-away timer, so "Still there?" shows without waiting for it.
        await page.clock.install();
        await pos.open(page);
        const check = (where: string): Promise<void> =>
          expectAccessible(page, `kiosk: ${where} (${locale}, ${size.name})`);
        await expect(page.getByTestId('kiosk-attract')).toBeVisible();
        await expect(page.locator('html')).toHaveClass(/customer-large-text/);
        await check('attract');
        await page.getByTestId('kiosk-start').click();
        const referenceId = await chargeOnScreen(page, '420');
        await check('QR');
        await page.clock.runFor(31_000);
        await expect(page.getByTestId('kiosk-walk-away')).toBeVisible();
        await check('still there');
        await page.getByTestId('kiosk-still-here').click();
        await pos.call('payments.cancel', { referenceId });
      } finally {
        await displayContext.close();
        await pos.call('settings.verifyPin', { kind: 'admin', pin: ADMIN_PIN });
        const restored = await pos.call('settings.save', {
          settings: {
            mode: 'cashier',
            kioskUnpaidCancelSeconds: 90,
            locale: 'en',
            customerHelp: { largeText: false, soundOnResult: false },
          },
        });
        expect(restored.ok).toBe(true);
      }
    });
  }
}
