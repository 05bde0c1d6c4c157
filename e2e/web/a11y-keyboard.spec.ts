import type { Page } from '@playwright/test';
import { contrastRatio, tabTo, typeLikeAPerson } from '../fixtures/keyboard.ts';
import { expect, SUPERVISOR_PIN, test, type Pos } from '../fixtures/pos-test.ts';

// Everyone can use it (issue 24), beyond what axe sees: the cashier's flows with the keyboard alone, a focus ring
// that shows on every background, the payment's status changes announced through a live region, and touch
// targets of at least 44 px on a 7" 800×480 till.

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

declare global {
  interface Window {
    /** What the payment's live region said, in order (recorded by the test). */
    announced?: string[];
  }
}

test('keyboard only: amount, charge, Paid announced, next sale', async ({ page, pos }) => {
  await pos.open(page);
  await expect(page.getByTestId('sale-screen')).toBeVisible();
  await typeLikeAPerson(page, '1250');
  await expect(page.getByTestId('sale-amount')).toHaveText('S$12.50');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-qr')).toBeVisible();

  // The status line is a polite live region, and its words change in place (a replaced element would not be
  // read out): record every change a screen reader would hear.
  const status = page.getByTestId('payment-status');
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await status.evaluate((region) => {
    window.announced = [];
    new MutationObserver(() => window.announced!.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await pos.sandbox('/consumer/confirm', { referenceId });
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-outcome', 'success');
  await expect.poll(() => page.evaluate(() => window.announced)).toContain('Paid');

  // Enter takes the cashier on to the next sale, and the keys key it.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-screen')).toBeVisible();
  await typeLikeAPerson(page, '75');
  await expect(page.getByTestId('sale-amount')).toHaveText('S$0.75');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sale-amount')).toHaveText('S$0.00');
});

test('keyboard only: a refund — find the payment, the supervisor PIN, confirm', async ({ page, pos }) => {
  const referenceId = await paidPayment(pos, 3300);
  await pos.open(page);
  await tabTo(page, page.getByTestId('nav-refund'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('refund-screen')).toBeVisible();
  await tabTo(page, page.getByTestId('refund-lookup'));
  await typeLikeAPerson(page, referenceId);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('refund-form')).toBeVisible();
  await expect(page.getByTestId('refund-refundable')).toHaveText('S$33.00');

  await tabTo(page, page.getByTestId('refund-pin'));
  await typeLikeAPerson(page, SUPERVISOR_PIN);
  await page.keyboard.press('Enter');
  // The confirmation takes the focus on its Yes: Enter confirms.
  await expect(page.getByTestId('refund-confirm-yes')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('refund-status')).toHaveAttribute('data-status', 'refunded');
  await expect(page.getByTestId('refund-result')).toBeVisible();
});

/** The focused control's ring: its style, and its contrast with what lies around the control. */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    let around = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    for (; around; around = around.parentElement) {
      const color = getComputedStyle(around).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
        background = color;
        break;
      }
    }
    return {
      testId: element.dataset.testid ?? element.tagName,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
      background,
    };
  });
}

test('a visible focus ring, with 3:1 against what is around it, on every kind of control', async ({ page, pos }) => {
  await pos.open(page);
  for (const testId of ['nav-payments', 'charge-button', 'keypad-5', 'scan-customer-button', 'status-unresolved']) {
    await tabTo(page, page.getByTestId(testId), { max: 60 });
    const ring = await focusRing(page);
    expect(ring.style, testId).toBe('solid');
    expect(ring.width, testId).toBeGreaterThanOrEqual(2);
    expect(
      contrastRatio(ring.color, ring.background),
      `${testId}: ${ring.color} on ${ring.background}`,
    ).toBeGreaterThanOrEqual(3);
  }
});

/** Every control on screen smaller than 44×44 CSS px (a checkbox counts with its label, which takes the tap too). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || control.closest('[hidden], [aria-hidden="true"]')) continue;
      const target =
        control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
          ? (control.closest('.field-checkbox, label') ?? control).getBoundingClientRect()
          : box;
      if (target.width < 44 || target.height < 44) {
        const name = control.dataset.testid ?? control.getAttribute('aria-label') ?? control.textContent?.trim();
        small.push(`${name}: ${Math.round(target.width)}×${Math.round(target.height)}`);
      }
    }
    return small;
  });
}

test('800×480: every button and field on the main screens is at least 44×44 px', async ({ page, pos }) => {
  const referenceId = await paidPayment(pos, 4100);
  await page.setViewportSize({ width: 800, height: 480 });
  await pos.open(page);
  await expect(page.getByTestId('sale-screen')).toBeVisible();
  await typeLikeAPerson(page, '1250');
  expect(await smallTargets(page), 'sale').toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  expect(await smallTargets(page), 'payment QR').toEqual([]);
  // Esc asks first (the question's buttons are checked too); X, shown on its Cancel button, cancels.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cancel-confirm')).toBeVisible();
  expect(await smallTargets(page), 'cancel question').toEqual([]);
  await page.keyboard.press('x');
  await expect(page.getByTestId('payment-result')).toBeVisible();
  expect(await smallTargets(page), 'result').toEqual([]);

  await page.getByTestId('nav-payments').click();
  await expect(page.getByTestId('payment-row').first()).toBeVisible();
  expect(await smallTargets(page), 'payments').toEqual([]);

  await page.getByTestId('nav-refund').click();
  await page.getByTestId('refund-lookup').fill(referenceId);
  await page.getByTestId('refund-find').click();
  await expect(page.getByTestId('refund-form')).toBeVisible();
  expect(await smallTargets(page), 'refund').toEqual([]);

  await page.getByTestId('nav-summary').click();
  await expect(page.getByTestId('summary-money')).toBeVisible();
  expect(await smallTargets(page), 'day summary').toEqual([]);
});
