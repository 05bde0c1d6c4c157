import { expect, keyAmount, SUPERVISOR_PIN, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Journey 4: refunds with a supervisor PIN, partial then the rest, never more than was paid.

interface SandboxOrder {
  status: string;
  refundAmount: number;
}

test('partial refund, then the rest, with the supervisor PIN; wrong PIN refused; over-refund impossible', async ({
  page,
  pos,
}) => {
  await pos.open(page);
  // A paid S$20.00 payment, taken through the cashier screen.
  await keyAmount(page, '2000');
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await pos.sandbox('/consumer/confirm', { referenceId });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');

  await page.getByTestId('nav-refund').click();
  await page.getByTestId('refund-lookup').fill(referenceId);
  await page.getByTestId('refund-find').click();
  await expect(page.getByTestId('refund-refundable')).toHaveText('S$20.00');

  // Over-refund: the field does not take more than the refundable rest…
  const amount = page.getByTestId('refund-amount');
  await amount.click();
  await amount.press('Delete');
  for (const digit of '50000') await amount.press(digit);
  expect(Number(await amount.getAttribute('data-amount-minor'))).toBeLessThanOrEqual(2000);
  // …and the service refuses it even when asked directly.
  const over = await pos.call('payments.refund', {
    referenceId,
    amountMinor: 2001,
    reason: 'test',
    supervisorPin: SUPERVISOR_PIN,
  });
  expect(over.ok ? null : over.error.code).toBe('refund.exceeds-refundable');

  // Partial refund of S$7.50 — first with a wrong PIN.
  await amount.press('Delete');
  for (const digit of '750') await amount.press(digit);
  await expect(amount).toHaveValue('S$7.50');
  await page.getByTestId('refund-pin').fill('0000');
  await page.getByTestId('refund-submit').click();
  // Checked as it is entered (staff.checkApprover): refused before the confirm is even asked.
  await expect(page.getByTestId('refund-error')).toHaveText('That supervisor PIN is not correct.');
  await expect(page.getByTestId('refund-confirm')).toHaveCount(0);
  expect((await pos.sandbox<SandboxOrder>(`/orders/${referenceId}`)).refundAmount).toBe(0);

  await page.getByTestId('refund-pin').fill(SUPERVISOR_PIN);
  await page.getByTestId('refund-submit').click();
  await expect(page.getByTestId('refund-confirm-approver')).toHaveText('Supervisor approves');
  await page.getByTestId('refund-confirm-yes').click();
  await expect(page.getByTestId('refund-refundable')).toHaveText('S$12.50');
  expect((await pos.sandbox<SandboxOrder>(`/orders/${referenceId}`)).refundAmount).toBe(750);
  await expect(page.getByTestId('refund-result')).toHaveText('Refunded S$7.50. Refundable now: S$12.50.');
  await keepScreenshot(page, 'refund-partial.png');

  // The rest: the amount defaults to what is left.
  await page.getByTestId('refund-more').click();
  await expect(page.getByTestId('refund-amount')).toHaveValue('S$12.50');
  await page.getByTestId('refund-pin').fill(SUPERVISOR_PIN);
  await page.getByTestId('refund-submit').click();
  await page.getByTestId('refund-confirm-yes').click();
  await expect(page.getByTestId('refund-status')).toHaveAttribute('data-status', 'refunded');
  const order = await pos.sandbox<SandboxOrder>(`/orders/${referenceId}`);
  expect(order).toMatchObject({ status: 'REFUNDED', refundAmount: 2000 });
  await expect(page.getByTestId('refund-result')).toHaveText('Refunded S$12.50. The payment is now fully refunded.');
  await keepScreenshot(page, 'refunded.png');
});
