import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { seedPayment, tempJournal, testClock } from '../payments/journal/journal-fixture.test-helper.ts';
import { createShiftModule } from './shift-module.ts';
import { ALICE, SUE, testStaffAccess } from './staff-access.test-helper.ts';

// The shift module on a real journal file with a clock the test moves: numbers, the overnight flag, the rights
// each channel asks, and a Z report that stays as it was closed.

function openShifts() {
  const clock = testClock('2026-11-21T02:00:00.000Z');
  const { journal } = tempJournal({ clock, timeZone: 'Asia/Singapore' });
  const staff = testStaffAccess();
  const module = createShiftModule({ journal, staff, currency: () => 'SGD' });
  return { clock, journal, staff, module, h: module.handlers };
}

describe('shifts', () => {
  it('flags a shift still open from an earlier local day, and numbers the next one on', async () => {
    const { clock, staff, h, module } = openShifts();
    staff.signIn(ALICE);
    const first = (await h['shifts.open']({})).shift;
    expect(first).toMatchObject({ number: 1, leftOpenOvernight: false, closedAt: null });
    // 02:00 UTC is 10:00 in Singapore; the next local morning is 24 h later.
    clock.advance(24 * 3_600_000);
    expect(module.current()).toMatchObject({ id: first.id, leftOpenOvernight: true });
    staff.signIn(SUE);
    const closed = (await h['shifts.close']({})).shift;
    expect(closed).toMatchObject({ number: 1, leftOpenOvernight: false, closedBy: { id: 'sue' } });
    const second = (await h['shifts.open']({ note: 'late' })).shift;
    expect(second).toMatchObject({ number: 2, note: 'late', openedBy: { id: 'sue' } });
    expect((await h['shifts.ofDay']({ day: '2026-11-21' })).shifts.map((s) => s.number)).toEqual([1]);
    expect((await h['shifts.ofDay']({ day: '2026-11-22' })).shifts.map((s) => s.number)).toEqual([2]);
  });

  it('asks sell to open, x-report to read, close-shift to close; nobody signed in without sign-in is allowed', async () => {
    const { staff, h } = openShifts();
    await h['shifts.open']({});
    expect(staff.asked).toEqual(['sell']);
    staff.signIn(ALICE);
    const id = (await h['shifts.current']({})).shift!.id;
    await expect(h['shifts.report']({ id })).rejects.toMatchObject({ code: 'auth.not-allowed' });
    await expect(h['shifts.close']({})).rejects.toMatchObject({ code: 'auth.not-allowed' });
    staff.signIn(SUE);
    await expect(h['shifts.report']({ id: 'SHIFT-9-NOWHERE' })).rejects.toMatchObject({ code: 'shift.not-found' });
    expect(staff.asked).toEqual(['sell', 'x-report', 'close-shift', 'x-report']);
  });

  it('keeps the Z report as closed: a late change to a payment of the shift is not in it', async () => {
    const { journal, staff, h, clock } = openShifts();
    staff.signIn(ALICE);
    const shift = (await h['shifts.open']({})).shift;
    const paid = seedPayment(journal, { amountMinor: 1200 });
    const open = seedPayment(journal, { amountMinor: 800, outcome: 'waiting' });
    staff.signIn(SUE);
    const refused = await h['shifts.close']({}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PosError);
    expect((refused as PosError).details).toEqual({ referenceIds: [open.referenceId] });
    clock.advance(60_000);
    const closed = (await h['shifts.close']({ force: true })).shift;
    expect(closed.report).toMatchObject({
      paid: { count: 1, total: { amountMinor: 1200 } },
      openAtClose: [open.referenceId],
      to: '2026-11-21T02:01:00.000Z',
    });
    // The open one is paid after the close: it was this shift's, and the Z stays as it was printed.
    journal.updateAttempt(open.referenceId, { state: 'final', providerStatus: 'CAPTURED' });
    expect((await h['shifts.report']({ id: shift.id })).shift.report).toEqual(closed.report);
    expect(journal.getAttempt(paid.referenceId)?.shiftId).toBe(shift.id);
  });
});
