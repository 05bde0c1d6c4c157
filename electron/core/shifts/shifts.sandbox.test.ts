import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ShiftReport } from '../../../shared/staff.ts';
import { startSandbox } from '../../sandbox/server.ts';
import { csvRecords } from '../payments/journal/csv-rows.test-helper.ts';
import { journalFileIn } from '../payments/journal/index.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { control, FAST, mintCode, waitForDetail } from '../payments/payment-service.test-helper.ts';
import { openTestContext } from '../payments/payment-test-context.test-helper.ts';
import { ALICE, BOB, SUE, testStaffAccess } from './staff-access.test-helper.ts';
import { caught, removeFolder, tempFolder } from '../../testing/helpers.ts';

// A shift end to end against the embedded sandbox (real sockets, a real journal file): two cashiers and a
// supervisor take, cancel and refund payments, a register sells; the Z report, the payments CSV and the journal
// itself agree to the cent. Then a shift that cannot close while a payment is open, closed anyway.

async function openTill(refundWithoutApprovalUpToMinor = 0) {
  const sandbox = await startSandbox({ confirmDelayMs: 100, seed: 22 });
  const dataDir = tempFolder('shifts-test-');
  const test = await openTestContext({ dataDir, sandbox });
  const staff = testStaffAccess({ signInRequired: true, refundWithoutApprovalUpToMinor });
  const module = await createPaymentModule(FAST)({ ...test.context, staff });
  onTestFinished(async () => {
    await module.close();
    await test.close();
    await sandbox.close();
    removeFolder(dataDir);
  });
  const h = module.handlers;
  const shifts = module.shifts.handlers;
  const paidByCustomerCode = async (amountMinor: number) => {
    const consumerCode = await mintCode(sandbox, 'approve');
    const view = await h['payments.chargeCustomerQr']({ amountMinor, currency: 'SGD', consumerCode });
    await waitForDetail(h, view.referenceId, (d) => d.payment.displayStatus === 'paid');
    return view.referenceId;
  };
  const paidByOurQr = async (referenceId: string, qrPayload: string | null) => {
    await control(sandbox, 'POST', '/consumer/scan', { qrPayload });
    await control(sandbox, 'POST', '/consumer/confirm', { referenceId });
    await waitForDetail(h, referenceId, (d) => d.payment.displayStatus === 'paid');
    return referenceId;
  };
  return { sandbox, dataDir, staff, module, h, shifts, paidByCustomerCode, paidByOurQr };
}

/** "12.34" → 1234, in integers only. */
function minorOf(major: string): number {
  const [whole, cents = ''] = major.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

describe('a shift with several cashiers', () => {
  it('attributes every payment, cancel and refund, and its Z report agrees with the CSV and the journal to the cent', async () => {
    const till = await openTill();
    const { h, shifts, staff } = till;

    // Nobody signed in with sign-in required: no sale, no shift.
    expect((await caught(shifts['shifts.open']({}))).code).toBe('auth.sign-in-required');
    expect((await caught(h['payments.chargeMerchantQr']({ amountMinor: 100, currency: 'SGD' }))).code).toBe(
      'auth.sign-in-required',
    );

    staff.signIn(ALICE);
    const opened = (await shifts['shifts.open']({ note: ' morning ' })).shift;
    expect(opened).toMatchObject({ number: 1, openedBy: { id: 'alice', name: 'Alice Tan' }, note: 'morning' });
    expect((await caught(shifts['shifts.open']({}))).code).toBe('shift.already-open');
    const a1 = await till.paidByCustomerCode(1000);
    const a2 = await till.paidByCustomerCode(2555);
    expect((await h['payments.get']({ referenceId: a1 })).payment.takenBy).toEqual({ id: 'alice', name: 'Alice Tan' });

    staff.signIn(BOB);
    const b1View = await h['payments.chargeMerchantQr']({ amountMinor: 707, currency: 'SGD' });
    const b1 = await till.paidByOurQr(b1View.referenceId, b1View.qrPayload);
    // Bob cancels his own open sale (cancel-own); Alice's paid one is not his to cancel.
    const b2 = await h['payments.chargeMerchantQr']({ amountMinor: 400, currency: 'SGD' });
    staff.asked.length = 0;
    await h['payments.cancel']({ referenceId: b2.referenceId });
    expect(staff.asked).toEqual(['cancel-own']);
    await waitForDetail(h, b2.referenceId, (d) => d.payment.displayStatus === 'cancelled');
    expect((await h['payments.get']({ referenceId: b2.referenceId })).payment.cancelledBy).toEqual({
      id: 'bob',
      name: 'Bob Lim',
    });
    expect((await caught(h['payments.cancel']({ referenceId: a1 }))).code).toBe('auth.not-allowed');

    // A register's sale, handed over while Bob is signed in: his.
    const sale = await till.module.register.startSale(
      { keyId: 'key_front', keyName: 'Front', method: 'merchant-qr', amountMinor: 1234, currency: 'SGD' },
      { keyId: 'key_front', idempotencyKey: 'k-1', requestHash: 'a'.repeat(64), operation: 'create' },
    );
    const r1 = await till.paidByOurQr(sale.referenceId, sale.payment?.qrPayload ?? null);
    expect((await h['payments.get']({ referenceId: r1 })).payment).toMatchObject({
      takenBy: { id: 'bob' },
      fromRegister: { keyName: 'Front' },
    });

    // Bob refunds Alice's sale: refused without an approval, approved by Sue's own PIN on the same request.
    const refundA1 = { referenceId: a1, amountMinor: 333, reason: 'wrong size' };
    expect((await caught(h['payments.refund'](refundA1))).code).toBe('supervisor.pin-required');
    expect((await caught(h['payments.refund']({ ...refundA1, supervisorPin: '2222' }))).code).toBe('auth.not-allowed');
    const approved = await h['payments.refund']({ ...refundA1, supervisorPin: '9999' });
    expect(approved.refunds[0]).toMatchObject({
      state: 'succeeded',
      refundedBy: { id: 'bob', name: 'Bob Lim' },
      approvedBy: { id: 'sue', name: 'Sue Wong' },
    });
    // Sue refunds for herself, confirming with her own PIN.
    staff.signIn(SUE);
    await h['payments.refund']({ referenceId: a2, amountMinor: 501, reason: 'damaged', supervisorPin: '9999' });

    // A cashier may neither read the X report nor close.
    staff.signIn(ALICE);
    expect((await caught(shifts['shifts.report']({ id: opened.id }))).code).toBe('auth.not-allowed');
    expect((await caught(shifts['shifts.close']({}))).code).toBe('auth.not-allowed');

    staff.signIn(SUE);
    const x = (await shifts['shifts.report']({ id: opened.id })).shift;
    expect(x.closedAt).toBeNull();
    const closed = (await shifts['shifts.close']({})).shift;
    expect(closed).toMatchObject({ number: 1, closedBy: { id: 'sue', name: 'Sue Wong' }, leftOpenOvernight: false });
    const z: ShiftReport = closed.report;
    expect(z).toMatchObject({
      currency: 'SGD',
      paid: { count: 4, total: { amountMinor: 1000 + 2555 + 707 + 1234 } },
      byMethod: {
        'customer-qr': { count: 2, total: { amountMinor: 3555 } },
        'merchant-qr': { count: 2, total: { amountMinor: 1941 } },
      },
      refunds: { count: 2, total: { amountMinor: 834 } },
      cancels: 1,
      registerSales: { count: 1, total: { amountMinor: 1234 } },
      net: { amountMinor: 5496 - 834 },
      openAtClose: [],
    });
    expect(z.byCashier).toEqual([
      {
        staff: { id: 'alice', name: 'Alice Tan' },
        paid: { count: 2, total: { amountMinor: 3555, currency: 'SGD' } },
        refunds: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
        unapprovedRefunds: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
        cancels: 0,
      },
      {
        staff: { id: 'bob', name: 'Bob Lim' },
        paid: { count: 2, total: { amountMinor: 1941, currency: 'SGD' } },
        refunds: { count: 1, total: { amountMinor: 333, currency: 'SGD' } },
        unapprovedRefunds: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
        cancels: 1,
      },
      {
        staff: { id: 'sue', name: 'Sue Wong' },
        paid: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
        refunds: { count: 1, total: { amountMinor: 501, currency: 'SGD' } },
        unapprovedRefunds: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
        cancels: 0,
      },
    ]);

    // The payments CSV of the day adds up to the same, per cashier too.
    const day = closed.openedAt.slice(0, 10);
    const records = csvRecords((await till.module.exportCsv(day)).csv);
    const paidLines = records.filter((r) => r['Record'] === 'payment' && ['paid', 'refunded'].includes(r['Status']!));
    const refundLines = records.filter((r) => r['Record'] === 'refund' && r['Status'] === 'succeeded');
    const sum = (lines: Record<string, string>[]) => lines.reduce((total, r) => total + minorOf(r['Amount']!), 0);
    expect(sum(paidLines)).toBe(z.paid.total.amountMinor);
    expect(sum(refundLines)).toBe(z.refunds.total.amountMinor);
    expect(sum(paidLines) - sum(refundLines)).toBe(z.net.amountMinor);
    for (const line of z.byCashier) {
      const name = line.staff?.name ?? '';
      expect(sum(paidLines.filter((r) => r['Cashier'] === name))).toBe(line.paid.total.amountMinor);
      expect(sum(refundLines.filter((r) => r['Cashier'] === name))).toBe(line.refunds.total.amountMinor);
    }
    expect(refundLines.map((r) => [r['Reference'], r['Cashier'], r['Approved by']])).toEqual([
      [a1, 'Bob Lim', 'Sue Wong'],
      [a2, 'Sue Wong', 'Sue Wong'],
    ]);
    expect(records.find((r) => r['Reference'] === b1)?.['Cashier']).toBe('Bob Lim');

    // And the journal's own rows, read with SQL, to the cent.
    const db = new DatabaseSync(journalFileIn(till.dataDir), { readOnly: true });
    try {
      const paidSql = db
        .prepare(
          `SELECT COALESCE(SUM(amount_minor), 0) AS total FROM payment_attempts WHERE shift_id = ?
           AND provider_status IN ('CAPTURED', 'REFUNDED')`,
        )
        .get(closed.id);
      const refundSql = db
        .prepare(
          `SELECT COALESCE(SUM(amount_minor), 0) AS total FROM refunds WHERE shift_id = ? AND state = 'succeeded'`,
        )
        .get(closed.id);
      expect(Number(paidSql?.['total'])).toBe(z.paid.total.amountMinor);
      expect(Number(refundSql?.['total'])).toBe(z.refunds.total.amountMinor);
    } finally {
      db.close();
    }

    // Kept as closed: a payment of the next shift changes nothing in it.
    staff.signIn(ALICE);
    const second = (await shifts['shifts.open']({})).shift;
    expect(second.number).toBe(2);
    await till.paidByCustomerCode(999);
    staff.signIn(SUE);
    expect((await shifts['shifts.report']({ id: opened.id })).shift.report).toEqual(z);
    expect((await shifts['shifts.report']({ id: second.id })).shift.report.paid.total.amountMinor).toBe(999);
    expect((await shifts['shifts.ofDay']({ day })).shifts.map((s) => s.number)).toEqual([1, 2]);
  });

  it('will not close while a payment is open; a supervisor closes anyway and the Z lists it', async () => {
    const till = await openTill();
    const { h, shifts, staff } = till;
    staff.signIn(BOB);
    await shifts['shifts.open']({});
    const open = await h['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
    staff.signIn(SUE);
    const refused = await caught(shifts['shifts.close']({}));
    expect(refused.code).toBe('shift.payments-open');
    expect(refused.details).toEqual({ referenceIds: [open.referenceId] });
    expect(refused.notice).toMatchObject({ key: 'shift.payments-open', params: { count: 1 } });
    expect((await shifts['shifts.current']({})).shift?.closedAt).toBeNull();
    const closed = (await shifts['shifts.close']({ force: true })).shift;
    expect(closed.report.openAtClose).toEqual([open.referenceId]);
    expect((await shifts['shifts.current']({})).shift).toBeNull();
    expect(till.module.shifts.current()).toBeNull();
  });

  it('a refund under the no-approval limit needs no PIN; one of "all that is left" is judged as the whole payment', async () => {
    const till = await openTill(500);
    const { h, staff } = till;
    staff.signIn(ALICE);
    const referenceId = await till.paidByCustomerCode(1000);
    // No amount: the refund of all that is left is judged on the payment's 10.00, over the 5.00 limit.
    expect((await caught(h['payments.refund']({ referenceId, reason: 'returned' }))).code).toBe(
      'supervisor.pin-required',
    );
    const alone = await h['payments.refund']({ referenceId, amountMinor: 500, reason: 'returned' });
    expect(alone.refunds[0]).toMatchObject({
      state: 'succeeded',
      refundedBy: { id: 'alice', name: 'Alice Tan' },
      approvedBy: null,
    });
    expect((await caught(h['payments.refund']({ referenceId, amountMinor: 501, reason: 'returned' }))).code).toBe(
      'supervisor.pin-required',
    );
  });
});
