import { describe, expect, it } from 'vitest';
import type { CsvExport } from '../../../shared/payment-history.ts';
import { dayReportHandlers } from '../day-report.ts';
import { CSV_HEADER } from '../payments/journal/csv-export.ts';
import { caught } from '../../testing/helpers.ts';
import { ALICE, BOB, SUE, testStaffAccess } from '../shifts/staff-access.test-helper.ts';
import { createApprovals, type ApprovalGate } from './approvals.ts';
import { dataDir, linked, setUpCustomerServiceTests, start, truth } from './customer-service.test-helper.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';

// People at the till on the linked-customer side (issue 22): the core asks the staff rights before a link, charge,
// hold, capture, void or unlink (the screens are not a security boundary), and records who charged or placed the
// hold, who approved it with their own PIN, and who captured or voided it — in the journal, the views and the
// end-of-day CSV. Over the embedded sandbox, with a real journal; the people are shifts/staff-access.test-helper.ts's.

setUpCustomerServiceTests();

const ALICE_REF = { id: ALICE.id, name: ALICE.name };
const BOB_REF = { id: BOB.id, name: BOB.name };
const SUE_REF = { id: SUE.id, name: SUE.name };

/** The customer module with these people, and the core's real approval questions in front of it. */
async function startWithStaff(options: { signInRequired?: boolean } = {}) {
  const staff = testStaffAccess(options);
  // The approval questions read holds through the module, which asks their gate: built after, reached through this.
  let gate: ApprovalGate | null = null;
  const forward: ApprovalGate = { consume: (approvalId, expected) => gate!.consume(approvalId, expected) };
  const running = await start({}, forward, staff);
  const approvals = createApprovals(running.context, { customers: running.module.handlers });
  gate = approvals.gate;
  const approve = async (
    request: { action: 'charge'; amountMinor: number } | { action: 'capture'; merchantRef: string },
    merchantUserId: string,
    supervisorPin?: string,
  ): Promise<string> => {
    const asked = await approvals.handlers['customers.requestApproval'](
      request.action === 'charge'
        ? { action: 'charge', merchantUserId, amountMinor: request.amountMinor, currency: 'SGD' }
        : { action: 'capture', merchantUserId, merchantRef: request.merchantRef },
    );
    // The customer answers on their display; a supervisor types the PIN at the till.
    const answered = await approvals.handlers['customers.answerApproval'](
      { approvalId: asked.approvalId, approve: true, ...(supervisorPin === undefined ? {} : { supervisorPin }) },
      { role: supervisorPin === undefined ? 'customer-display' : 'cashier' },
    );
    expect(answered.state).toBe('approved');
    return asked.approvalId;
  };
  return { ...running, staff, approvals, approve };
}

function journalRow(merchantRef: string) {
  const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
  try {
    return journal.getAttempt(merchantRef)!;
  } finally {
    journal.close();
  }
}

describe('linked customers: who may act', () => {
  it('with sign-in required and nobody signed in, nothing is linked, charged, held, captured, voided or unlinked', async () => {
    const { h, module, staff, approve } = await startWithStaff({ signInRequired: true });
    staff.signIn(ALICE);
    const user = await linked(h, module);
    const approvalId = await approve({ action: 'charge', amountMinor: 300 }, user);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' });
    staff.signIn(null);

    const refusals = await Promise.all([
      caught(h['customers.startLink']({ merchantUserId: 'cust-new', phoneHint: '+65 9123 4567' })),
      caught(
        h['customers.charge']({
          merchantUserId: user,
          amountMinor: 300,
          currency: 'SGD',
          useCashback: false,
          approvalId,
        }),
      ),
      caught(h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' })),
      caught(h['customers.capture']({ merchantRef: hold.merchantRef, approvalId })),
      caught(h['customers.void']({ merchantRef: hold.merchantRef, reason: 'left' })),
      caught(h['customers.unlink']({ merchantUserId: user })),
    ]);
    expect(refusals.map((error) => error.code)).toEqual(Array(6).fill('auth.sign-in-required'));
    // Nothing reached the wallet: the one hold placed while Alice was signed in is still authorised, never charged.
    expect(await truth('charges')).toEqual([]);
    expect((await truth('pre-auths')).map((preAuth) => preAuth['status'])).toEqual(['AUTHORIZED']);
    expect((await h['customers.find']({ merchantUserId: user })).customer.status).toBe('linked');

    // The refused charge did not use up the approval: Alice, signed in again, charges with it.
    staff.signIn(ALICE);
    const charged = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 300,
      currency: 'SGD',
      useCashback: false,
      approvalId,
    });
    expect(charged).toMatchObject({ displayStatus: 'approved', takenBy: ALICE_REF, approvedBy: null });
  });

  it('a cashier charges and places holds, voids their own hold but not another’s, and may not unlink; a supervisor may', async () => {
    const { h, module, staff, approve } = await startWithStaff({ signInRequired: true });
    staff.signIn(ALICE);
    const user = await linked(h, module);
    const charged = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 450,
      currency: 'SGD',
      useCashback: false,
      approvalId: await approve({ action: 'charge', amountMinor: 450 }, user),
    });
    expect(charged).toMatchObject({ displayStatus: 'approved', takenBy: ALICE_REF, approvedBy: null });
    expect(journalRow(charged.merchantRef)).toMatchObject({ takenBy: ALICE_REF, approvedBy: null, finishedBy: null });

    const alicesHold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 700, currency: 'SGD' });
    expect(alicesHold).toMatchObject({ displayStatus: 'authorized', takenBy: ALICE_REF, finishedBy: null });

    staff.signIn(BOB);
    const refused = await caught(h['customers.void']({ merchantRef: alicesHold.merchantRef, reason: 'not mine' }));
    expect(refused.code).toBe('auth.not-allowed');
    expect(staff.asked.at(-1)).toBe('cancel-any');
    expect((await h['customers.find']({ merchantUserId: user })).holds[0]).toMatchObject({
      displayStatus: 'authorized',
      finishedBy: null,
    });
    expect((await caught(h['customers.unlink']({ merchantUserId: user }))).code).toBe('auth.not-allowed');

    staff.signIn(ALICE);
    const voided = await h['customers.void']({ merchantRef: alicesHold.merchantRef, reason: 'changed their mind' });
    expect(staff.asked.at(-1)).toBe('cancel-own');
    expect(voided).toMatchObject({ displayStatus: 'voided', takenBy: ALICE_REF, finishedBy: ALICE_REF });

    staff.signIn(BOB);
    const bobsHold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 800, currency: 'SGD' });
    staff.signIn(SUE);
    const voidedBySue = await h['customers.void']({ merchantRef: bobsHold.merchantRef, reason: 'wrong amount' });
    expect(voidedBySue).toMatchObject({ displayStatus: 'voided', takenBy: BOB_REF, finishedBy: SUE_REF });
    expect(journalRow(bobsHold.merchantRef)).toMatchObject({ takenBy: BOB_REF, finishedBy: SUE_REF });

    const unlinked = await h['customers.unlink']({ merchantUserId: user });
    expect(unlinked.status).toBe('unlinked');
    expect(staff.asked.at(-1)).toBe('cancel-any');
  });
});

describe('linked customers: who is recorded', () => {
  it('a supervisor’s PIN approval names them on the charge and on the capture; the capture names who sent it', async () => {
    const { h, module, staff, context, approvals, approve } = await startWithStaff();
    await context.settings.save({ settings: { linkedApproval: 'supervisor-pin' } });
    staff.signIn(ALICE);
    const user = await linked(h, module);

    // A cashier's own PIN does not approve (approving takes a supervisor's approve-refund right).
    const asked = await approvals.handlers['customers.requestApproval']({
      action: 'charge',
      merchantUserId: user,
      amountMinor: 610,
      currency: 'SGD',
    });
    const byCashier = await caught(
      approvals.handlers['customers.answerApproval']({
        approvalId: asked.approvalId,
        approve: true,
        supervisorPin: '1111',
      }),
    );
    expect(byCashier.code).toBe('auth.not-allowed');

    const chargeApproval = await approve({ action: 'charge', amountMinor: 610 }, user, '9999');
    const charged = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 610,
      currency: 'SGD',
      useCashback: false,
      approvalId: chargeApproval,
    });
    expect(charged).toMatchObject({ displayStatus: 'approved', takenBy: ALICE_REF, approvedBy: SUE_REF });
    expect(journalRow(charged.merchantRef)).toMatchObject({ takenBy: ALICE_REF, approvedBy: SUE_REF });

    staff.signIn(BOB);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1200, currency: 'SGD' });
    expect(hold).toMatchObject({ takenBy: BOB_REF, approvedBy: null, finishedBy: null });
    staff.signIn(ALICE);
    const captureApproval = await approve({ action: 'capture', merchantRef: hold.merchantRef }, user, '9999');
    const captured = await h['customers.capture']({ merchantRef: hold.merchantRef, approvalId: captureApproval });
    expect(captured).toMatchObject({
      displayStatus: 'captured',
      takenBy: BOB_REF,
      approvedBy: SUE_REF,
      finishedBy: ALICE_REF,
    });
    expect(journalRow(hold.merchantRef)).toMatchObject({
      takenBy: BOB_REF,
      approvedBy: SUE_REF,
      finishedBy: ALICE_REF,
    });
  });

  it('the customer’s own approval names no approver; nobody signed in (sign-in not asked) names nobody', async () => {
    const { h, module, staff, approve } = await startWithStaff();
    const user = await linked(h, module);
    const approvalId = await approve({ action: 'charge', amountMinor: 220 }, user);
    const charged = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 220,
      currency: 'SGD',
      useCashback: false,
      approvalId,
    });
    expect(charged).toMatchObject({ displayStatus: 'approved', takenBy: null, approvedBy: null });
    expect(staff.asked).toContain('sell');
  });

  it('the end-of-day CSV names the cashier and the approver in the payments file’s columns, and who voided', async () => {
    const { h, module, staff, context, approve } = await startWithStaff();
    await context.settings.save({ settings: { linkedApproval: 'supervisor-pin' } });
    staff.signIn(ALICE);
    const user = await linked(h, module);
    const approvalId = await approve({ action: 'charge', amountMinor: 990 }, user, '9999');
    const charged = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 990,
      currency: 'SGD',
      useCashback: false,
      approvalId,
    });
    staff.signIn(BOB);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 500, currency: 'SGD' });
    staff.signIn(SUE);
    await h['customers.void']({ merchantRef: hold.merchantRef, reason: 'no longer needed' });

    // The day report joins the payments file (its header here, no payments) and these lines: one set of columns.
    const day = journalRow(charged.merchantRef).localDay;
    const paymentsFile: CsvExport = { fileName: `payments-${day}.csv`, csv: `${CSV_HEADER.join(',')}\r\n` };
    const report = dayReportHandlers(
      { daySummary: () => Promise.reject(new Error('not asked')), exportCsv: async () => paymentsFile },
      module,
    );
    const { csv } = await report['payments.exportCsv']({ day });
    const [header, ...lines] = csv
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(','));
    expect(header).toEqual([...CSV_HEADER]);
    const byRef = new Map(
      lines.map((fields) => {
        expect(fields).toHaveLength(CSV_HEADER.length);
        return [fields[header!.indexOf('Reference')]!, fields] as const;
      }),
    );
    const field = (ref: string, column: (typeof CSV_HEADER)[number]) => byRef.get(ref)![header!.indexOf(column)];
    expect(field(charged.merchantRef, 'Record')).toBe('linked charge');
    expect(field(charged.merchantRef, 'Cashier')).toBe('Alice Tan');
    expect(field(charged.merchantRef, 'Approved by')).toBe('Sue Wong');
    expect(field(hold.merchantRef, 'Record')).toBe('linked hold');
    expect(field(hold.merchantRef, 'Cashier')).toBe('Bob Lim');
    expect(field(hold.merchantRef, 'Approved by')).toBe('');
    expect(field(hold.merchantRef, 'Note or reason')).toBe(`customer ${user}; voided by Sue Wong; no longer needed`);
  });
});
