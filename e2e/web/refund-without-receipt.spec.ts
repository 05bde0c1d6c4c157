import { startVirtualPrinter, type VirtualPrinter } from '../../electron/printing-sim/virtual-printer.ts';
import { removeFolder, tempFolder } from '../../electron/testing/helpers.ts';
import { expect, keyAmount, SUPERVISOR_PIN, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 38, 3: the customer has no receipt. The Refund screen's "No receipt?" finds the payment by the provider's
// order id their wallet app shows; the candidate shows when, how much, which till and who; picked, it is refunded
// with an approver's PIN (the core refuses it without one, even called straight), and the slip the network printer
// prints says "Found without receipt".

let folder: string;
let printer: VirtualPrinter;

test.beforeEach(async ({ pos }) => {
  folder = tempFolder('wallet-pos-no-receipt-');
  printer = await startVirtualPrinter({ folder });
  const saved = await pos.call('settings.save', {
    settings: { printer: { kind: 'network', host: '127.0.0.1', port: printer.port } },
  });
  expect(saved.ok).toBe(true);
});
test.afterEach(async ({ pos }) => {
  // The preview host is the worker's: leave it with the system printer for the next spec.
  await pos.call('settings.save', { settings: { printer: { kind: 'system' } } });
  await printer.close();
  removeFolder(folder);
});

test("a refund found by the provider's order id, approved, printed as found without receipt", async ({ page, pos }) => {
  await pos.open(page);
  // A paid S$16.40 sale.
  await keyAmount(page, '1640');
  await page.getByTestId('charge-button').click();
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await pos.sandbox('/consumer/confirm', { referenceId });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
  const paid = await pos.call('payments.get', { referenceId });
  if (!paid.ok) throw new Error(paid.error.message);
  const orderId = paid.value.payment.providerOrderId!;
  expect(orderId).toMatch(/^[A-Z0-9-]+$/);

  // No receipt: the order id as the customer reads it off their phone (lower case, spaces around).
  await page.getByTestId('nav-refund').click();
  await page.getByTestId('refund-no-receipt').click();
  await page.getByTestId('refund-no-receipt-order-id').fill(` ${orderId.toLowerCase()} `);
  await page.getByTestId('refund-no-receipt-search').click();
  const candidate = page.getByTestId('refund-candidate');
  await expect(candidate).toHaveCount(1);
  await expect(candidate).toHaveAttribute('data-reference-id', referenceId);
  await expect(candidate).toContainText('S$16.40');
  await expect(candidate).toContainText(paid.value.payment.posId!);
  await keepScreenshot(page.getByTestId('refund-no-receipt-panel'), 'refund-no-receipt-candidates.png');

  // The core, not the screen, asks for the approver: the channel called straight without a PIN is refused.
  const attack = await pos.call('payments.refund', { referenceId, reason: 'No receipt' });
  expect(attack.ok ? 'refunded' : attack.error.code).toBe('supervisor.pin-required');

  await page.getByTestId('refund-candidate-pick').click();
  await expect(page.getByTestId('refund-reference')).toHaveText(referenceId);
  await expect(page.getByTestId('refund-refundable')).toHaveText('S$16.40');
  await page.getByTestId('refund-pin').fill(SUPERVISOR_PIN);
  await page.getByTestId('refund-submit').click();
  await page.getByTestId('refund-confirm-yes').click();
  await expect(page.getByTestId('refund-result')).toHaveText('Refunded S$16.40. The payment is now fully refunded.');
  await expect(page.getByTestId('refund-approved-by')).toBeVisible();

  // The slip, printed by the core on the network printer, says so.
  const jobsBefore = printer.jobs.length;
  await page.getByTestId('refund-print-slip').click();
  await expect(page.getByTestId('refund-print-slip-sent')).toBeVisible();
  await expect.poll(() => printer.jobs.length).toBe(jobsBefore + 1);
  const printed = printer.jobs
    .at(-1)!
    .items.flatMap((item) => (item.type === 'text' ? [item.text] : []))
    .join('\n');
  expect(printed).toContain('Refund slip');
  expect(printed).toMatch(new RegExp(`Found without receipt.*\\n?.*${referenceId}-R1`));
  await keepScreenshot(page, 'refund-no-receipt-done.png', { fullPage: true });
});
