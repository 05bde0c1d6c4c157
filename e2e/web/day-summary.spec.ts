import type { Page } from '@playwright/test';
import { formatMoney, money } from '../../shared/money.ts';
import { expect, SUPERVISOR_PIN, test, type Pos } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Issue 12, "Day summary": one layout for the day's money — gross (paid), refunds made here (of this till's
// payments, of other terminals'), refunded elsewhere (for information), net, each with its count — that agrees with the breakdowns below it; the end-of-day report on
// the 80 mm roll (merchant, terminal, day, printed at, totals by status and method, refunds, net); the CSV
// with methods in words and refund reasons as the clerk wrote them.

/** The browser's print dialog is the printer here: count the calls instead of opening one. */
async function recordPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}

async function paidByApi(pos: Pos, amountMinor: number, method: 'merchant-qr' | 'customer-qr'): Promise<string> {
  let referenceId: string;
  if (method === 'merchant-qr') {
    const created = await pos.call('payments.chargeMerchantQr', { amountMinor, currency: 'SGD' });
    if (!created.ok) throw new Error(created.error.message);
    referenceId = created.value.referenceId;
    await pos.sandbox('/consumer/confirm', { referenceId });
  } else {
    const { codes } = await pos.sandbox<{ codes: string[] }>('/consumer-codes');
    const created = await pos.call('payments.chargeCustomerQr', {
      amountMinor,
      currency: 'SGD',
      consumerCode: codes[0]!,
    });
    if (!created.ok) throw new Error(created.error.message);
    referenceId = created.value.referenceId;
  }
  await expect
    .poll(async () => {
      const detail = await pos.call('payments.get', { referenceId });
      return detail.ok ? detail.value.payment.displayStatus : null;
    })
    .toBe('paid');
  return referenceId;
}

test('one layout for the day; the end-of-day report on the 80 mm roll; the CSV in words', async ({ page, pos }) => {
  await recordPrints(page);
  const first = await paidByApi(pos, 1500, 'merchant-qr');
  await paidByApi(pos, 2638, 'customer-qr');
  const refunded = await pos.call('payments.refund', {
    referenceId: first,
    amountMinor: 1500,
    reason: '-Broken cup, sorry',
    supervisorPin: SUPERVISOR_PIN,
  });
  expect(refunded.ok).toBe(true);
  const after = await pos.call('payments.summary', { day: localDay() });
  if (!after.ok) throw new Error(after.error.message);
  const summary = after.value;

  await pos.open(page);
  await page.getByTestId('nav-summary').click();
  const sgd = (minor: number): string => formatMoney(money(minor, 'SGD'));
  await expect(page.getByTestId('summary-paid')).toHaveAttribute('data-count', String(summary.paid.count));
  await expect(page.getByTestId('summary-paid-total')).toHaveText(sgd(summary.paid.total.amountMinor));
  const ofOthers = summary.refundsOfOtherTerminals?.count ?? 0;
  await expect(page.getByTestId('summary-refunds')).toHaveAttribute(
    'data-count',
    String(summary.refunds.count + ofOthers),
  );
  await expect(page.getByTestId('summary-refunds-own')).toHaveAttribute('data-count', String(summary.refunds.count));
  await expect(page.getByTestId('summary-refunds-other-terminals')).toHaveAttribute('data-count', String(ofOthers));
  await expect(page.getByTestId('summary-refunded-elsewhere')).toBeVisible();
  await expect(page.getByTestId('summary-net-total')).toHaveText(sgd(summary.net.amountMinor));
  // Gross agrees with the breakdowns: what is paid now plus what was paid and refunded since.
  const byStatus = (key: string) => page.getByTestId('summary-by-status').locator(`[data-key="${key}"]`);
  const paidNow = Number((await byStatus('paid').getAttribute('data-count')) ?? 0);
  const refundedSince = (await byStatus('refunded').count())
    ? Number(await byStatus('refunded').getAttribute('data-count'))
    : 0;
  expect(paidNow + refundedSince).toBe(summary.paid.count);
  await keepScreenshot(page, 'day-summary.png', { fullPage: true });

  // The end-of-day report, printed on the roll.
  await page.getByTestId('summary-print').click();
  const report = page.getByTestId('day-report');
  await expect(report).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(report).toContainText('End-of-day report');
  await expect(report).toContainText('Demo Coffee Bar');
  await expect(page.getByTestId('day-report-terminal')).toHaveText('TILL-01 · POS-DEMO-1');
  await expect(page.getByTestId('day-report-day')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByTestId('day-report-printedAt')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId('day-report-money').locator('[data-key="net"]')).toContainText(
    sgd(summary.net.amountMinor),
  );
  await expect(page.getByTestId('day-report-byMethod')).toContainText('We scanned the customer');
  await expect(page.getByTestId('day-report-byStatus')).toContainText('Refunded');
  await page.emulateMedia({ media: 'print' });
  const width = await report.evaluate((element) => element.getBoundingClientRect().width);
  expect(Math.round(width)).toBe(Math.round((72 / 25.4) * 96)); // 72 mm printable on an 80 mm roll
  await keepScreenshot(report, 'end-of-day-report.png');
  await page.emulateMedia({ media: 'screen' });

  // The CSV: methods in words, the refund reason as written.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const file = test.info().outputPath('day.csv');
  await download.saveAs(file);
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(file, 'utf8');
  expect(csv).toContain('Customer scanned our QR');
  expect(csv).toContain('We scanned the customer');
  expect(csv).not.toMatch(/,merchant-qr,|,customer-qr,/);
  expect(csv).toContain("'-Broken cup, sorry"); // as written; the apostrophe only keeps a spreadsheet from running it
});

function localDay(date: Date = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
