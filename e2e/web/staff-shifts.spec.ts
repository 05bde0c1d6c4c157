import { expect, test, type Page } from '@playwright/test';
import { readFile, rm } from 'node:fs/promises';
import type { ChannelName, RequestOf, ResponseOf } from '../../shared/contract.ts';
import { formatMoney, money } from '../../shared/money.ts';
import type { Result } from '../../shared/result.ts';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 22, "Done when": the admin adds a cashier and a supervisor and asks who is at the till; the cashier signs
// in, opens a shift, takes two payments, asks to refund one and is refused without approval; the supervisor
// approves on the same screen; the Payments detail and the CSV name both; the Z report, read from its printed
// document, shows the shift's totals and per-cashier lines that match the journal.
// Its own preview host (a fresh data folder): sign-in stays on at the end, which no other spec expects.

const ADMIN_PIN = '8642';
const CASHIER = { name: 'Wing', pin: '2580' };
const SUPERVISOR = { name: 'Mei', pin: '97531' };

let host: PreviewHost;

test.beforeAll(async () => {
  host = await startPreviewHost();
  await sandbox('/settings', { confirmDelayMs: 200 });
  const saved = await call('settings.save', { secrets: { adminPin: ADMIN_PIN } });
  if (!saved.ok) throw new Error(saved.error.message);
});

test.afterAll(async () => {
  await host.stop();
  await rm(host.dataDir, { recursive: true, force: true });
});

async function call<K extends ChannelName>(channel: K, request: RequestOf<K>): Promise<Result<ResponseOf<K>>> {
  const response = await fetch(`${host.origin}/api/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  return (await response.json()) as Result<ResponseOf<K>>;
}

async function sandbox<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${host.sandbox}/_sandbox${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
}

/** The browser's print dialog is the printer here: count the calls instead of opening one. */
async function recordPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}

async function addPerson(page: Page, person: { name: string; pin: string }, role: 'cashier' | 'supervisor') {
  await page.getByTestId('staff-add').click();
  await page.getByTestId('staff-name').fill(person.name);
  await page.getByTestId('staff-role').selectOption(role);
  await page.getByTestId('staff-pin').fill(person.pin);
  await page.getByTestId('staff-pin-again').fill(person.pin);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('staff-message')).toHaveText(`${person.name} saved.`);
}

/** Types a PIN on the sign-in pad, as at a touch till, and signs in. */
async function signInWithPad(page: Page, pin: string): Promise<void> {
  await expect(page.getByTestId('sign-in-screen')).toBeVisible();
  for (const digit of pin) await page.getByTestId(`pin-key-${digit}`).click();
  await page.getByTestId('sign-in-submit').click();
}

/** A payment through the cashier's screen, paid by the customer scanning its QR. */
async function takePayment(page: Page, digits: string): Promise<string> {
  await page.getByTestId('nav-sale').click();
  await expect(page.getByTestId('sale-screen')).toBeVisible();
  await page.getByTestId('keypad-clear').click();
  for (const digit of digits) {
    await page.keyboard.press(digit);
    await page.waitForTimeout(120); // human speed: never mistaken for a scanner
  }
  await page.getByTestId('charge-button').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await sandbox('/consumer/confirm', { referenceId });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
  return referenceId;
}

test('staff sign in, take and refund with approval, and the Z report agrees with the journal', async ({ page }) => {
  await recordPrints(page);
  await page.goto(host.url);
  await expect(page.getByTestId('app-frame')).toBeVisible();

  // The admin adds a cashier and a supervisor, and asks who is at the till.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('admin-pin').fill(ADMIN_PIN);
  await page.keyboard.press('Enter');
  await page.getByTestId('settings-tab-staff').click();
  await expect(page.getByTestId('staff-table')).toBeVisible();
  await addPerson(page, CASHIER, 'cashier');
  await addPerson(page, SUPERVISOR, 'supervisor');
  await expect(page.getByTestId('staff-row').filter({ hasText: CASHIER.name })).toContainText('Cashier');
  await expect(page.getByTestId('role-rights').locator('[data-right="refund"] [data-role="cashier"]')).toHaveAttribute(
    'data-has',
    'false',
  );
  await page.getByTestId('settings-staff-signInRequired').check();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-message')).toBeVisible();

  // Nothing is sold until someone signs in; the pad fits a small till display with thumb-sized keys.
  await page.getByTestId('nav-sale').click();
  await expect(page.getByTestId('sign-in-screen')).toBeVisible();
  await expect(page.getByTestId('sale-screen')).toHaveCount(0);
  await page.setViewportSize({ width: 800, height: 480 });
  const key = await page.getByTestId('pin-key-5').boundingBox();
  expect(key!.width).toBeGreaterThanOrEqual(44);
  expect(key!.height).toBeGreaterThanOrEqual(44);
  const submit = await page.getByTestId('sign-in-submit').boundingBox();
  expect(submit!.y + submit!.height).toBeLessThanOrEqual(480);
  await keepScreenshot(page, 'sign-in-800x480.png');

  // A wrong PIN is refused; the cashier's own signs in, and the header names them.
  await signInWithPad(page, '0000');
  await expect(page.getByTestId('sign-in-error')).toBeVisible();
  await signInWithPad(page, CASHIER.pin);
  await expect(page.getByTestId('signed-in-as')).toHaveText('Wing (Cashier)');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The cashier opens a shift and takes two payments.
  await page.getByTestId('nav-shift').click();
  await page.getByTestId('shift-note').fill('Morning, float S$100');
  await page.getByTestId('shift-open').click();
  // Opened to sell: the till goes back to Sale; the Shift screen shows it.
  await expect(page.getByTestId('sale-screen')).toBeVisible();
  await page.getByTestId('nav-shift').click();
  await expect(page.getByTestId('shift-current')).toContainText('opened by Wing');
  const first = await takePayment(page, '1250');
  const second = await takePayment(page, '830');

  // A refund of the first: the cashier may not refund alone. Their own PIN does not approve it.
  await page.getByTestId('nav-refund').click();
  await page.getByTestId('refund-lookup').fill(first);
  await page.getByTestId('refund-find').click();
  await expect(page.getByTestId('refund-pin')).toHaveAttribute('data-approval', 'approver-pin');
  await expect(page.getByTestId('refund-approver-hint')).toContainText('Wing may not refund alone');
  await page.getByTestId('refund-pin').fill(CASHIER.pin);
  await page.getByTestId('refund-submit').click();
  // Checked as it is entered: refused before any confirm.
  await expect(page.getByTestId('refund-error')).toBeVisible();
  await expect(page.getByTestId('refund-confirm')).toHaveCount(0);
  expect((await sandbox<{ refundAmount: number }>(`/orders/${first}`)).refundAmount).toBe(0);

  // The supervisor approves on the same screen with their own PIN, on the PIN pad (a touch-only till).
  const pad = page.getByRole('group', { name: 'PIN pad' });
  for (const digit of SUPERVISOR.pin) await pad.getByTestId(`pin-key-${digit}`).click();
  await page.getByTestId('refund-submit').click();
  await expect(page.getByTestId('refund-approver')).toHaveText('Mei approves');
  await expect(page.getByTestId('refund-confirm-approver')).toHaveText('Mei approves');
  await keepScreenshot(page, 'refund-approver-confirm.png');
  await page.getByTestId('refund-confirm-yes').click();
  await expect(page.getByTestId('refund-approved-by')).toHaveText('Approved by Mei');
  expect((await sandbox<{ refundAmount: number }>(`/orders/${first}`)).refundAmount).toBe(1250);

  // Payments detail names who took it, who refunded and who approved.
  await page.getByTestId('nav-payments').click();
  await page.getByTestId('payment-row').filter({ hasText: first }).getByRole('button', { name: first }).click();
  await expect(page.getByTestId('detail-taken-by')).toHaveText('Wing');
  await expect(page.getByTestId('refund-row-refunded-by')).toHaveText('Wing');
  await expect(page.getByTestId('refund-row-approved-by')).toHaveText('Mei');

  // The CSV names both, in its Cashier and Approved by columns.
  await page.getByTestId('nav-summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const file = test.info().outputPath('day.csv');
  await download.saveAs(file);
  const csv = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  const columns = header!.split(',');
  const cashierColumn = columns.indexOf('Cashier');
  const approvedColumn = columns.indexOf('Approved by');
  expect(cashierColumn).toBeGreaterThanOrEqual(0);
  expect(approvedColumn).toBeGreaterThanOrEqual(0);
  const rowsOf = (referenceId: string) => rows.filter((row) => row.includes(referenceId)).map((row) => row.split(','));
  expect(rowsOf(first).map((cells) => cells[cashierColumn])).toContain('Wing');
  expect(rowsOf(first).map((cells) => cells[approvedColumn])).toContain('Mei');
  expect(rowsOf(second).map((cells) => cells[cashierColumn])).toContain('Wing');

  // A cashier may not close the shift: the supervisor switches in and closes it (Z), then prints it.
  await page.getByTestId('session-switch').click();
  await signInWithPad(page, SUPERVISOR.pin);
  await expect(page.getByTestId('signed-in-as')).toHaveText('Mei (Supervisor)');
  await page.getByTestId('nav-shift').click();
  await page.getByTestId('shift-close-start').click();
  await page.getByTestId('shift-close-yes').click();
  await expect(page.getByTestId('shift-closed')).toBeVisible();
  await page.getByTestId('shift-print-z').click();
  // The core answers first (no ESC/POS printer here: the browser prints), then the dialog opens.
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // The printed Z report against the journal: each payment and refund as the core keeps them.
  const journal = await Promise.all(
    [first, second].map(async (referenceId) => {
      const detail = await call('payments.get', { referenceId });
      if (!detail.ok) throw new Error(detail.error.message);
      return detail.value;
    }),
  );
  const paidMinor = journal.reduce((sum, detail) => sum + detail.payment.amount.amountMinor, 0);
  const refundedMinor = journal.reduce(
    (sum, detail) =>
      sum + detail.refunds.filter((r) => r.state === 'succeeded').reduce((s, r) => s + r.amount.amountMinor, 0),
    0,
  );
  expect([paidMinor, refundedMinor]).toEqual([2080, 1250]);

  const sgd = (minor: number): string => formatMoney(money(minor, 'SGD'));
  const printed = page.getByTestId('receipt-print-area').getByTestId('shift-report');
  await expect(printed).toHaveAttribute('data-kind', 'z');
  const totals = printed.getByTestId('shift-report-money');
  const row = (key: string) => totals.locator(`[data-key="${key}"]`);
  await expect(row('paid')).toHaveAttribute('data-count', '2');
  await expect(row('paid')).toHaveAttribute('data-amount', sgd(paidMinor));
  await expect(row('refunds')).toHaveAttribute('data-count', '1');
  await expect(row('refunds')).toHaveAttribute('data-amount', `−${sgd(refundedMinor)}`);
  await expect(row('net')).toHaveAttribute('data-amount', sgd(paidMinor - refundedMinor));
  // Per cashier: Wing's line (keyed by their staff id), then their refunds.
  const cashiers = printed.getByTestId('shift-report-byCashier');
  const wingPaid = cashiers.locator('tr', { has: page.locator('th', { hasText: CASHIER.name }) });
  await expect(wingPaid).toHaveAttribute('data-count', '2');
  await expect(wingPaid).toHaveAttribute('data-amount', sgd(paidMinor));
  const wingId = (await wingPaid.getAttribute('data-key'))!.replace(/^paid:/, '');
  await expect(cashiers.locator(`[data-key="refunds:${wingId}"]`)).toHaveAttribute(
    'data-amount',
    `−${sgd(refundedMinor)}`,
  );
  await expect(printed.getByTestId('shift-report-closedBy')).toHaveText(SUPERVISOR.name);
  // On paper: the roll's 72 mm printable width, as the day report.
  await page.emulateMedia({ media: 'print' });
  const width = await printed.evaluate((element) => element.getBoundingClientRect().width);
  expect(Math.round(width)).toBe(Math.round((72 / 25.4) * 96));
  await keepScreenshot(printed, 'z-report.png');
  await page.emulateMedia({ media: 'screen' });

  // The day summary lists the shift.
  await page.getByTestId('nav-summary').click();
  await expect(page.getByTestId('summary-shift')).toHaveAttribute('data-net-minor', String(paidMinor - refundedMinor));
});
