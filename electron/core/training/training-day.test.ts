import { describe, expect, it } from 'vitest';
import { money } from '../../../shared/money.ts';
import { seedPayment, tempJournal } from '../payments/journal/journal-fixture.test-helper.ts';

// A day's "outside any shift" line is shown only on a day the till worked in shifts (else it is the whole day
// again). A training sale in a shift is not the till working: it must not bring the line onto a day of real sales
// taken with no shift open.

describe('the day summary’s line of sales outside any shift', () => {
  it('is not brought onto a day by a training sale in an overnight shift', () => {
    const { journal, clock } = tempJournal({ timeZone: 'Asia/Singapore' });
    clock.set('2026-11-21T15:00:00Z'); // 23:00 on the 21st, local
    journal.shifts.open({ openedBy: null, note: null });
    clock.set('2026-11-21T16:30:00Z'); // 00:30 on the 22nd: a lesson in the shift opened the day before
    const referenceId = journal.newReferenceId('TILL01', true);
    journal.recordAttempt({
      referenceId,
      method: 'merchant-qr',
      amount: money(900, 'SGD'),
      posId: 'POS-1',
      training: true,
    });
    journal.updateAttempt(referenceId, { state: 'final', providerStatus: 'CAPTURED' });
    journal.shifts.close({ closedBy: null, force: false, currency: 'SGD' });
    clock.set('2026-11-22T02:00:00Z'); // 10:00 on the 22nd: the day's real selling, no shift open
    seedPayment(journal, { amountMinor: 2500 });

    const summary = journal.daySummary('2026-11-22', 'SGD');
    expect(summary.paid).toMatchObject({ count: 1, total: { amountMinor: 2500 } });
    expect(summary.outsideShifts).toBeUndefined();
  });
});
