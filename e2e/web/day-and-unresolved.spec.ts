import type { PaymentView } from '../../shared/payments.ts';
import { formatMoney, toMajorString, type Money } from '../../shared/money.ts';
import { noticeInEnglish } from '../../shared/notices.ts';
import { expect, keyAmount, SUPERVISOR_PIN, test, type Pos } from '../fixtures/pos-test.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// Journey 3 and 5 on the real preview host: a payment whose outcome the till cannot know (the provider's
// answers are lost) is shown as "checking", listed under Unresolved with its reason and counted in the
// status line, then settled with "Check now"; and the day's totals and CSV export match the journal.

function localDay(date = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function unresolvedCount(pos: Pos): Promise<number> {
  const status = await pos.call('status.get', {});
  if (!status.ok) throw new Error(status.error.message);
  return status.value.unresolvedCount;
}

async function waitForStatus(
  pos: Pos,
  referenceId: string,
  status: PaymentView['displayStatus'],
): Promise<PaymentView> {
  let view: PaymentView | null = null;
  await expect
    .poll(async () => {
      const detail = await pos.call('payments.get', { referenceId });
      view = detail.ok ? detail.value.payment : null;
      return view?.displayStatus;
    })
    .toBe(status);
  return view!;
}

test('lost provider answers: "checking", listed under Unresolved with its reason and count, settled by Check now', async ({
  page,
  pos,
}) => {
  const before = await unresolvedCount(pos);
  await pos.open(page);
  // Every order request acts at the provider but its answer never arrives: the create, then every lookup.
  await pos.sandbox('/faults', { dropAfterActNext: 1000, path: '/v1/instore/order' });
  let referenceId: string;
  try {
    await keyAmount(page, '4321');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'checking');
    await expect(page.getByTestId('payment-status')).toHaveText('Checking with the provider…');
    referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
    // The cashier is told the money is safe, and can take the next sale meanwhile.
    await expect(page.getByTestId('payment-screen')).toContainText('nothing will be charged twice');
    await keepScreenshot(page, 'checking.png');

    const counter = page.getByTestId('status-unresolved');
    await expect(counter).toHaveText(`Unresolved: ${before + 1}`);
    await expect(counter).toHaveAccessibleName(`Unresolved: ${before + 1}`);
    await expect(counter).toHaveAccessibleDescription(`Unresolved payments: ${before + 1}. Open the list`);
    await counter.click();
    await expect(page.getByTestId('unresolved-screen')).toBeVisible();
    const row = page.locator(`[data-testid="unresolved-row"][data-reference-id="${referenceId}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('S$43.21');
    await expect(row).toContainText('Checking with the provider…');
    const detail = await pos.call('payments.get', { referenceId });
    const reason = detail.ok ? detail.value.payment.unresolvedReason : null;
    expect(reason).toBeTruthy();
    await expect(row.getByTestId('unresolved-reason')).toHaveText(noticeInEnglish(reason!));
    await expect(row.getByTestId('unresolved-reason')).toContainText('dropped');

    // Still no answers: Check now leaves it in the list, still checking.
    await row.getByTestId('unresolved-check-now').click();
    await expect(row.getByTestId('unresolved-check-now')).toBeEnabled();
    await expect(row).toBeVisible();
    await keepScreenshot(page, 'unresolved.png');
  } finally {
    await pos.sandbox('/faults', { dropAfterActNext: 0, path: null });
  }

  // The network is back: Check now finds the order the create made, and the attempt leaves the list.
  const row = page.locator(`[data-testid="unresolved-row"][data-reference-id="${referenceId}"]`);
  await row.getByTestId('unresolved-check-now').click();
  await expect(row).toHaveCount(0, { timeout: 3_000 });
  await expect(page.getByTestId('status-unresolved')).toHaveText(`Unresolved: ${before}`);
  const settled = await waitForStatus(pos, referenceId, 'waiting');
  expect(settled.state).toBe('active');
  expect(settled.providerOrderId).toBeTruthy();

  // And it is one payment, not two: the customer pays it and it ends Paid.
  await pos.sandbox('/consumer/confirm', { referenceId });
  await waitForStatus(pos, referenceId, 'paid');
  await page.getByTestId('nav-payments').click();
  await expect(page.locator(`[data-testid="payment-row"][data-reference-id="${referenceId}"]`)).toHaveAttribute(
    'data-status',
    'paid',
  );
});

interface Expected {
  readonly payments: readonly PaymentView[];
  readonly refunds: readonly { referenceId: string; refundId: string; amount: Money; state: string }[];
}

/** What the journal holds for today, read through the contract (other tests on this host add payments too). */
async function journalOfToday(pos: Pos): Promise<Expected> {
  const payments: PaymentView[] = [];
  let cursor: string | undefined;
  do {
    const page = await pos.call('payments.history', { day: localDay(), limit: 200, ...(cursor ? { cursor } : {}) });
    if (!page.ok) throw new Error(page.error.message);
    payments.push(...page.value.items);
    cursor = page.value.nextCursor ?? undefined;
  } while (cursor);
  const refunds: Expected['refunds'][number][] = [];
  for (const payment of payments.filter((p) => p.refunded.amountMinor > 0)) {
    const detail = await pos.call('payments.get', { referenceId: payment.referenceId });
    if (!detail.ok) throw new Error(detail.error.message);
    refunds.push(...detail.value.refunds);
  }
  return { payments, refunds };
}

const sgd = (amountMinor: number): Money => ({ amountMinor, currency: 'SGD' });
const sum = (items: readonly { amount: Money }[]): number =>
  items.reduce((total, item) => total + item.amount.amountMinor, 0);

test('Day summary totals by status and method, refunds and net; CSV export rows match the payments', async ({
  page,
  pos,
}) => {
  // Today's activity at this till: paid by our QR, paid by the customer's code then partly refunded, declined.
  const byQr = await pos.call('payments.chargeMerchantQr', { amountMinor: 2000, currency: 'SGD', note: 'Table 7' });
  if (!byQr.ok) throw new Error(byQr.error.message);
  await pos.sandbox('/consumer/confirm', { referenceId: byQr.value.referenceId });
  await waitForStatus(pos, byQr.value.referenceId, 'paid');

  const { codes } = await pos.sandbox<{ codes: string[] }>('/consumer-codes', {});
  const byCode = await pos.call('payments.chargeCustomerQr', {
    amountMinor: 750,
    currency: 'SGD',
    consumerCode: codes[0]!,
  });
  if (!byCode.ok) throw new Error(byCode.error.message);
  await waitForStatus(pos, byCode.value.referenceId, 'paid');
  const refund = await pos.call('payments.refund', {
    referenceId: byCode.value.referenceId,
    amountMinor: 250,
    reason: 'Goods returned',
    supervisorPin: SUPERVISOR_PIN,
  });
  expect(refund.ok).toBe(true);

  const declined = await pos.call('payments.chargeMerchantQr', { amountMinor: 990, currency: 'SGD' });
  if (!declined.ok) throw new Error(declined.error.message);
  await pos.sandbox('/consumer/decline', { referenceId: declined.value.referenceId });
  await waitForStatus(pos, declined.value.referenceId, 'failed');

  const journal = await journalOfToday(pos);
  const paid = journal.payments.filter((p) => p.displayStatus === 'paid' || p.displayStatus === 'refunded');
  const refunds = journal.refunds.filter((r) => r.state === 'succeeded');
  expect(paid.map((p) => p.referenceId)).toEqual(
    expect.arrayContaining([byQr.value.referenceId, byCode.value.referenceId]),
  );
  expect(refunds.map((r) => r.referenceId)).toContain(byCode.value.referenceId);

  await pos.open(page);
  await page.getByTestId('nav-summary').click();
  await expect(page.getByTestId('summary-paid-total')).toHaveText(formatMoney(sgd(sum(paid))));
  await expect(page.getByTestId('summary-paid')).toHaveAttribute('data-count', String(paid.length));
  await expect(page.getByTestId('summary-refunds-total')).toHaveText(
    `${refunds.length > 0 ? '−' : ''}${formatMoney(sgd(sum(refunds)))}`,
  );
  await expect(page.getByTestId('summary-refunds')).toHaveAttribute('data-count', String(refunds.length));
  await expect(page.getByTestId('summary-net-total')).toHaveText(formatMoney(sgd(sum(paid) - sum(refunds))));

  // Money taken, by method: the paid payments split by how they were taken.
  for (const method of ['merchant-qr', 'customer-qr'] as const) {
    const line = page.getByTestId('summary-by-method').locator(`[data-key="${method}"]`);
    const ofMethod = paid.filter((p) => p.method === method);
    await expect(line).toHaveAttribute('data-count', String(ofMethod.length));
    await expect(line).toHaveAttribute('data-total-minor', String(sum(ofMethod)));
    await expect(line.locator('td').last()).toHaveText(formatMoney(sgd(sum(ofMethod))));
  }
  // Every payment of the day, by its status.
  const statuses = new Set(journal.payments.map((p) => p.displayStatus));
  await expect(page.getByTestId('summary-by-status').getByTestId('summary-row')).toHaveCount(statuses.size);
  for (const status of statuses) {
    const ofStatus = journal.payments.filter((p) => p.displayStatus === status);
    const line = page.getByTestId('summary-by-status').locator(`[data-key="${status}"]`);
    await expect(line).toHaveAttribute('data-count', String(ofStatus.length));
    await expect(line).toHaveAttribute('data-total-minor', String(sum(ofStatus)));
  }
  await keepScreenshot(page, 'day-summary.png');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toBe(`payments-${localDay()}.csv`);
  await expect(page.getByTestId('summary-exported')).toHaveText(`Saved payments-${localDay()}.csv.`);
  const file = test.info().outputPath('export.csv');
  await download.saveAs(file);
  const { readFile } = await import('node:fs/promises');
  const rows = parseCsv((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
  const [header, ...records] = rows;
  const column = (name: string): number => {
    const index = header!.indexOf(name);
    expect(index, `CSV column "${name}"`).toBeGreaterThanOrEqual(0);
    return index;
  };
  const [kind, reference, refundId, providerId, method, status, amount, refunded] = [
    'Record',
    'Reference',
    'Refund ID',
    'Provider order ID',
    'Method',
    'Status',
    'Amount',
    'Refunded',
  ].map(column) as [number, number, number, number, number, number, number, number];

  // The journal may have moved on since (a waiting order expiring): compare with its state now.
  const now = await journalOfToday(pos);
  const paymentRows = records.filter((r) => r[kind] === 'payment');
  expect(paymentRows.map((r) => r[reference]).sort()).toEqual(now.payments.map((p) => p.referenceId).sort());
  for (const payment of now.payments) {
    const row = paymentRows.find((r) => r[reference] === payment.referenceId)!;
    expect(row[amount]).toBe(toMajorString(payment.amount));
    expect(row[refunded]).toBe(toMajorString(payment.refunded));
    expect(row[status]).toBe(payment.displayStatus);
    expect(row[method]).toBe(payment.method === 'merchant-qr' ? 'Customer scanned our QR' : 'We scanned the customer');
    expect(row[providerId]).toBe(payment.providerOrderId ?? '');
  }
  const refundRows = records.filter((r) => r[kind] === 'refund');
  expect(refundRows.map((r) => r[refundId]).sort()).toEqual(now.refunds.map((r) => r.refundId).sort());
  const ours = refundRows.find((r) => r[reference] === byCode.value.referenceId)!;
  expect(ours[amount]).toBe('2.50');
  // Paid rows add up to the summary's "Paid" line.
  const paidMinor = paymentRows
    .filter((r) => r[status] === 'paid' || r[status] === 'refunded')
    .reduce((total, r) => total + Math.round(Number(r[amount]) * 100), 0);
  expect(paidMinor).toBe(sum(now.payments.filter((p) => p.displayStatus === 'paid' || p.displayStatus === 'refunded')));
});

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
