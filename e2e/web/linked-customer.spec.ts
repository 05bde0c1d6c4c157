import type { Page } from '@playwright/test';
import { expect, SUPERVISOR_PIN, test } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Linked customers (tokenized payments) end to end in the browser preview, against the embedded sandbox:
// link a customer through the wallet's consent page (offered on the customer display, opened there by the
// customer and brokered by the web host, Approve clicked as the customer), see their cashback, charge, place a hold and capture it, place another and void it, unlink.
// Every step is checked against the sandbox's own truth too.

interface SandboxCharge {
  merchantUserId: string;
  amountMinor: number;
  status: string;
  failureReason: string | null;
  useCashback: boolean;
}
interface SandboxPreAuth {
  merchantUserId: string;
  amountMinor: number;
  status: string;
  voidReason: string | null;
}
interface SandboxToken {
  merchantUserId: string;
  status: string;
}

/** Keys an amount into a money field as a cashier does: clear, then digits from the right. */
async function keyMoney(page: Page, testId: string, digits: string): Promise<void> {
  const field = page.getByTestId(testId);
  await field.click();
  await field.press('Delete');
  for (const digit of digits) await field.press(digit);
}

test('link through the consent page, cashback, charge, hold → capture, hold → void, unlink', async ({
  browser,
  page,
  pos,
}) => {
  const customerId = `e2e-${Date.now().toString(36)}`;
  const of = <T extends { merchantUserId: string }>(rows: T[]): T[] =>
    rows.filter((row) => row.merchantUserId === customerId);

  await pos.open(page);
  await page.getByTestId('nav-customers').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Linked customers' })).toBeVisible();

  // ---- link: the consent page goes to the customer display; the customer opens it there and approves ----
  // The customer display is its own window (a second screen): its own context, so neither page is a hidden tab.
  const displayContext = await browser.newContext();
  const display = await displayContext.newPage();
  // Opened as the till's own link does: with the display's token, which gets only what a display may do.
  const displayUrl = (await page.getByTestId('open-customer-display').getAttribute('href'))!;
  await display.goto(new URL(displayUrl, pos.host.origin).href);
  await expect(display.getByTestId('customer-idle')).toBeVisible();
  // One merchant-user-id field: the one at the top; linking uses it.
  await page.getByTestId('customers-lookup').fill(customerId);
  await page.getByLabel('Phone number').fill('+65 9123 1234');
  let cashierPopups = 0;
  page.on('popup', () => (cashierPopups += 1));
  await page.getByTestId('link-submit').click();
  await expect(page.getByTestId('link-progress')).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByTestId('link-progress')).toContainText(
    `Waiting for ${customerId} to approve on the customer display`,
  );
  await keepScreenshot(page, 'link-cashier-waiting.png');
  const offer = display.getByTestId('customer-consent');
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('heading', { level: 1 })).toHaveText('Link your wallet to Demo Coffee Bar?');
  await keepScreenshot(display, 'link-customer-display.png');
  const popupOpened = display.waitForEvent('popup');
  await display.getByTestId('customer-consent-open').click();
  const popup = await popupOpened;
  // The page the wallet shows the customer: the merchant's name and the masked phone number only.
  await expect(popup.getByRole('heading', { name: 'Link your wallet to Demo Coffee Bar' })).toBeVisible();
  await expect(popup.getByTestId('user-hint')).toHaveText('Account: +65 ****1234');
  await popup.getByRole('button', { name: 'Approve' }).click();
  await expect(popup.getByTestId('consent-result')).toHaveText('Linked — you can close this window.');
  await popup.close();
  // Nothing opened on the cashier's screen, and the display goes back to rest once linked.
  expect(cashierPopups).toBe(0);
  await expect(display.getByTestId('customer-consent')).toHaveCount(0, { timeout: 5_000 });

  /** The customer says yes on their display before their stored wallet is charged. */
  const customerApproves = async (heading: string, shot?: string): Promise<void> => {
    await expect(page.getByTestId('approval-wait')).toBeVisible();
    const ask = display.getByTestId('customer-approval');
    await expect(ask.getByRole('heading', { level: 1 })).toHaveText(heading);
    if (shot) {
      await keepScreenshot(display, `${shot}-display.png`);
      await keepScreenshot(page, `${shot}-cashier.png`);
    }
    await display.getByTestId('customer-approve').click();
    await expect(ask).toHaveCount(0);
  };

  await expect(page.getByTestId('link-progress')).toHaveAttribute('data-state', 'linked');
  const detail = page.getByTestId('customer-detail');
  await expect(detail).toHaveAttribute('data-merchant-user-id', customerId);
  await expect(page.getByTestId('customer-status')).toHaveText('Linked');
  await expect(page.getByTestId('customer-hint')).toHaveText('+65 ****1234');
  expect(of((await pos.sandbox<{ tokens: SandboxToken[] }>('/tokenized/tokens')).tokens).map((t) => t.status)).toEqual([
    'LINKED',
  ]);

  // ---- cashback: every sandbox consumer starts with 5.00 ----
  await expect(page.getByTestId('customer-cashback')).toHaveText('S$5.00');

  // ---- charge now: the customer declines on their display, and nothing is charged ----
  await keyMoney(page, 'charge-amount', '300');
  await page.getByRole('button', { name: 'Charge S$3.00' }).click();
  await expect(display.getByTestId('customer-approval')).toBeVisible();
  await display.getByTestId('customer-decline').click();
  await expect(page.getByTestId('charge-error')).toHaveText('The customer declined. Nothing was taken.');
  expect(of((await pos.sandbox<{ charges: SandboxCharge[] }>('/tokenized/charges')).charges)).toEqual([]);

  // ---- charge now: cashback spent first ----
  await keyMoney(page, 'charge-amount', '300');
  await page.getByRole('button', { name: 'Charge S$3.00' }).click();
  // The old message goes as soon as the new charge starts.
  await expect(page.getByTestId('charge-error')).toHaveCount(0);
  await customerApproves('Pay S$3.00 to Demo Coffee Bar from your linked wallet?', 'linked-approval');
  await expect(page.getByTestId('charge-result')).toHaveText(
    'Charged S$3.00: S$3.00 paid with cashback, S$0.00 with the wallet.',
  );
  await expect(page.getByTestId('customer-cashback')).toHaveText('S$2.00');
  // A REJECTED charge is shown with its reason (sandbox magic amount: ends in 51).
  await keyMoney(page, 'charge-amount', '1051');
  await page.getByRole('button', { name: 'Charge S$10.51' }).click();
  await customerApproves('Pay S$10.51 to Demo Coffee Bar from your linked wallet?');
  await expect(page.getByTestId('charge-result')).toHaveText(
    'Charge of S$10.51 rejected: The customer’s wallet does not have enough funds.',
  );
  const charges = of((await pos.sandbox<{ charges: SandboxCharge[] }>('/tokenized/charges')).charges);
  expect(charges.map((c) => [c.amountMinor, c.status, c.failureReason, c.useCashback])).toEqual([
    [300, 'APPROVED', null, true],
    [1051, 'REJECTED', 'INSUFFICIENT_FUNDS', true],
  ]);
  await expect(page.getByTestId('charge-row')).toHaveCount(2);
  // More than the cashback left: the rest comes from the wallet, and the result says how much of each.
  await keyMoney(page, 'charge-amount', '450');
  await page.getByRole('button', { name: 'Charge S$4.50' }).click();
  await customerApproves('Pay S$4.50 to Demo Coffee Bar from your linked wallet?');
  await expect(page.getByTestId('charge-result')).toHaveText(
    'Charged S$4.50: S$2.00 paid with cashback, S$2.50 with the wallet.',
  );
  await expect(page.getByTestId('customer-cashback')).toHaveText('S$0.00');
  await expect(page.getByTestId('charge-row')).toHaveCount(3);
  await keepScreenshot(page, 'linked-charge-split.png');

  // ---- hold → capture ----
  await keyMoney(page, 'hold-amount', '2000');
  await page.getByRole('button', { name: 'Place hold of S$20.00' }).click();
  await expect(page.getByTestId('hold-result')).toHaveText('Hold of S$20.00 placed.');
  // Only the latest action's message stands: the charge's result went with the new hold.
  await expect(page.getByTestId('charge-result')).toHaveCount(0);
  const first = page.getByTestId('hold-row').first();
  await expect(first).toHaveAttribute('data-status', 'authorized');
  await expect(first.getByTestId('hold-expiry')).not.toHaveText('—');
  await first.getByRole('button', { name: 'Capture S$20.00' }).click();
  await customerApproves('Pay the S$20.00 held by Demo Coffee Bar from your linked wallet?');
  await expect(page.getByTestId('hold-result')).toHaveText('Captured S$20.00.');
  await expect(page.locator('[data-testid="hold-row"][data-status="captured"]')).toHaveCount(1);

  // ---- Payments lists them too (method "linked customer"), and says how they are refunded ----
  await page.getByTestId('nav-payments').click();
  await page.getByTestId('payments-method-filter').selectOption('linked-customer');
  const linkedRows = page.getByTestId('linked-payments').getByTestId('linked-payment-row');
  await expect(linkedRows).toHaveCount(4); // three charges (one rejected) and the captured hold
  await expect(page.locator('[data-testid="linked-payment-row"][data-kind="hold"]')).toContainText('Captured');
  await expect(page.getByTestId('linked-payments-refund')).toContainText('Refund through the merchant portal');
  await expect(page.getByTestId('payments-table')).toHaveCount(0);
  await keepScreenshot(page, 'linked-in-payments.png');
  await linkedRows.first().getByRole('button', { name: customerId }).click();
  await expect(page.getByTestId('customer-detail')).toHaveAttribute('data-merchant-user-id', customerId);

  // ---- another hold → unlink refused while it is open → void ----
  await keyMoney(page, 'hold-amount', '700');
  await page.getByRole('button', { name: 'Place hold of S$7.00' }).click();
  const open = page.locator('[data-testid="hold-row"][data-status="authorized"]');
  await expect(open).toHaveCount(1);
  await page.getByTestId('unlink').click();
  await page.getByTestId('unlink-confirm').click();
  await expect(page.getByTestId('unlink-error')).toHaveText(
    'This customer has an open hold. Capture or release it before unlinking.',
  );
  await expect(page.getByTestId('customer-status')).toHaveText('Linked');

  await open.getByRole('button', { name: 'Void hold of S$7.00' }).click();
  await page.getByLabel('Reason for voiding').fill('Order cancelled');
  await page.getByTestId('hold-void-confirm').click();
  await expect(page.getByTestId('hold-result')).toHaveText('Hold of S$7.00 voided.');
  await expect(page.locator('[data-testid="hold-row"][data-status="voided"]')).toHaveCount(1);
  const holds = of((await pos.sandbox<{ preAuths: SandboxPreAuth[] }>('/tokenized/pre-auths')).preAuths).sort(
    (a, b) => b.amountMinor - a.amountMinor,
  );
  expect(holds.map((h) => [h.amountMinor, h.status, h.voidReason])).toEqual([
    [2000, expect.stringMatching(/^CAPTURE(_INITIATED|D)$/), null],
    [700, 'VOIDED', 'Order cancelled'],
  ]);

  // ---- Settings → linked customers → "a supervisor" approves: the supervisor PIN, nothing on the display ----
  const bySupervisor = await pos.call('settings.save', { settings: { linkedApproval: 'supervisor-pin' } });
  expect(bySupervisor.ok).toBe(true);
  try {
    await keyMoney(page, 'charge-amount', '100');
    await page.getByRole('button', { name: 'Charge S$1.00' }).click();
    const wait = page.getByTestId('approval-wait');
    await expect(wait).toHaveAttribute('data-by', 'supervisor-pin');
    await expect(wait).toContainText(`A supervisor approves taking S$1.00 from ${customerId}’s wallet.`);
    await expect(display.getByTestId('customer-approval')).toHaveCount(0);
    await page.getByTestId('approval-pin').fill('1111');
    await page.getByTestId('approval-pin-submit').click();
    await expect(page.getByTestId('approval-pin-error')).toHaveText('That supervisor PIN is not correct.');
    // The field and its Approve side by side, what went wrong under both (not wedged between them).
    const pinBox = (await page.getByTestId('approval-pin').boundingBox())!;
    const approveBox = (await page.getByTestId('approval-pin-submit').boundingBox())!;
    const wrongBox = (await page.getByTestId('approval-pin-error').boundingBox())!;
    expect(Math.abs(pinBox.y + pinBox.height - (approveBox.y + approveBox.height))).toBeLessThan(4);
    expect(wrongBox.y).toBeGreaterThanOrEqual(approveBox.y + approveBox.height);
    await keepScreenshot(page, 'linked-supervisor-pin.png');
    expect(of((await pos.sandbox<{ charges: SandboxCharge[] }>('/tokenized/charges')).charges)).toHaveLength(3);
    await page.getByTestId('approval-pin').fill(SUPERVISOR_PIN);
    await page.getByTestId('approval-pin').press('Enter');
    await expect(page.getByTestId('charge-result')).toHaveText(
      'Charged S$1.00: S$0.00 paid with cashback, S$1.00 with the wallet.',
    );
    await expect(wait).toHaveCount(0);
    const latest = of((await pos.sandbox<{ charges: SandboxCharge[] }>('/tokenized/charges')).charges);
    expect(latest.map((c) => [c.amountMinor, c.status])).toEqual([
      [300, 'APPROVED'],
      [1051, 'REJECTED'],
      [450, 'APPROVED'],
      [100, 'APPROVED'],
    ]);
  } finally {
    const back = await pos.call('settings.save', { settings: { linkedApproval: 'customer-display' } });
    expect(back.ok).toBe(true);
  }

  // ---- unlink ----
  await page.getByTestId('unlink').click();
  await page.getByTestId('unlink-confirm').click();
  await expect(page.getByTestId('customer-status')).toHaveText('Unlinked');
  await expect(page.getByTestId('charge-form')).toHaveCount(0);
  expect(of((await pos.sandbox<{ tokens: SandboxToken[] }>('/tokenized/tokens')).tokens).map((t) => t.status)).toEqual([
    'UNLINKED',
  ]);
  // The list says so too.
  await expect(page.locator(`[data-testid="customer-row"][data-merchant-user-id="${customerId}"]`)).toContainText(
    'Unlinked',
  );
  await displayContext.close();
});
