import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildShiftReport } from '../../../shared/shift-report-document.ts';
import { startSandbox } from '../../sandbox/server.ts';
import { journalFileIn } from '../payments/journal/index.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { control, FAST, waitForDetail } from '../payments/payment-service.test-helper.ts';
import { openTestContext } from '../payments/payment-test-context.test-helper.ts';
import { BOB, SUE, testStaffAccess } from './staff-access.test-helper.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// No money outside a Z (issue 38): a payment still open when a supervisor closed its shift anyway, and paid after,
// is counted in the next Z to close, with a note naming the Z it was open at; in that one only, never in none.

describe('a payment paid after its shift was closed anyway', () => {
  it('is counted in the next Z, once, with the Z it was open at', async () => {
    const sandbox = await startSandbox({ confirmDelayMs: 50, seed: 38 });
    const dataDir = tempFolder('paid-after-close-');
    const test = await openTestContext({ dataDir, sandbox });
    const staff = testStaffAccess({ signInRequired: true });
    const module = await createPaymentModule(FAST)({ ...test.context, staff });
    onTestFinished(async () => {
      await module.close();
      await test.close();
      await sandbox.close();
      removeFolder(dataDir);
    });
    const h = module.handlers;
    const shifts = module.shifts.handlers;

    staff.signIn(BOB);
    const first = (await shifts['shifts.open']({})).shift;
    const open = await h['payments.chargeMerchantQr']({ amountMinor: 1250, currency: 'SGD' });
    staff.signIn(SUE);
    const z1 = (await shifts['shifts.close']({ force: true })).shift;
    expect(z1.report.openAtClose).toEqual([open.referenceId]);
    expect(z1.report.paid.total.amountMinor).toBe(0);

    // Paid while no shift is open: the customer scanned the QR before the supervisor's close reached them.
    await control(sandbox, 'POST', '/consumer/scan', { qrPayload: open.qrPayload });
    await control(sandbox, 'POST', '/consumer/confirm', { referenceId: open.referenceId });
    await waitForDetail(h, open.referenceId, (d) => d.payment.displayStatus === 'paid');

    staff.signIn(BOB);
    const second = (await shifts['shifts.open']({})).shift;
    const late = [
      { referenceId: open.referenceId, shiftNumber: first.number, amount: { amountMinor: 1250, currency: 'SGD' } },
    ];
    const x2 = second.report;
    expect(x2.paidAfterClose).toEqual(late);
    expect(x2.paid.total.amountMinor).toBe(1250);
    staff.signIn(SUE);
    const z2 = (await shifts['shifts.close']({})).shift;
    expect(z2.report.paidAfterClose).toEqual(late);
    expect(z2.report.paid).toEqual({ count: 1, total: { amountMinor: 1250, currency: 'SGD' } });
    expect(z2.report.byMethod['merchant-qr'].total.amountMinor).toBe(1250);
    expect(z2.report.byCashier.map((line) => [line.staff?.id ?? null, line.paid.total.amountMinor])).toEqual([
      ['bob', 1250],
    ]);
    expect(z2.report.net.amountMinor).toBe(1250);

    // The Z says so on paper, in the till's words.
    const paper = buildShiftReport({
      shift: z2,
      merchantName: 'Shop',
      terminal: { posId: 'POS-1', terminalReference: 'TILL01' },
      locale: 'en',
      printedAt: z2.closedAt!,
    });
    const section = paper.sections.find((s) => s.key === 'paidAfterClose');
    expect(section?.rows.map((row) => row.label)).toEqual([open.referenceId, 'Paid after the close of Z 1']);

    // Kept: Z1 still does not count it, and the next Z does not count it again.
    expect((await shifts['shifts.report']({ id: first.id })).shift.report).toEqual(z1.report);
    staff.signIn(BOB);
    await shifts['shifts.open']({});
    staff.signIn(SUE);
    const z3 = (await shifts['shifts.close']({})).shift;
    expect(z3.report.paidAfterClose).toEqual([]);
    expect(z3.report.paid.total.amountMinor).toBe(0);

    const db = new DatabaseSync(journalFileIn(dataDir), { readOnly: true });
    try {
      const row = db
        .prepare('SELECT paid_after_close_in FROM payment_attempts WHERE reference_id = ?')
        .get(open.referenceId);
      expect(row?.['paid_after_close_in']).toBe(second.id);
    } finally {
      db.close();
    }
  });
});
