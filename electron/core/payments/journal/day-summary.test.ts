import { describe, expect, it } from 'vitest';
import { seedLookedUp, seedPayment, tempJournal, testClock } from './journal-fixture.test-helper.ts';
import type { Journal } from './journal.ts';

/** Pays in full then refunds it all, as the service would after the provider confirms. */
function refundInFull(journal: Journal, referenceId: string, amountMinor: number): void {
  const refund = journal.recordRefund(referenceId, { amountMinor });
  journal.updateRefund(refund.refundId, { state: 'succeeded' });
  journal.updateAttempt(referenceId, { providerStatus: 'REFUNDED' });
}

describe('day summary', () => {
  it('totals the local day exactly in integer minor units: by status, by method, paid, refunds and net', () => {
    const { journal, clock } = tempJournal({ timeZone: 'Asia/Singapore' });
    // Yesterday (20 Nov local): a sale refunded in part today.
    clock.set('2026-11-20T04:00:00Z');
    const yesterday = seedPayment(journal, { amountMinor: 2000 });

    clock.set('2026-11-21T02:00:00Z');
    const big = seedPayment(journal, { amountMinor: 100510 }); // S$1,005.10
    clock.advance(1_000);
    seedPayment(journal, { method: 'customer-qr', amountMinor: 29 }); // S$0.29: 0.29 × 100 is not 29 in floats
    clock.advance(1_000);
    const refunded = seedPayment(journal, { amountMinor: 1234 });
    clock.advance(1_000);
    seedPayment(journal, { outcome: 'failed', amountMinor: 500 });
    clock.advance(1_000);
    seedPayment(journal, { outcome: 'expired', amountMinor: 700 });
    clock.advance(1_000);
    seedPayment(journal, { outcome: 'waiting', amountMinor: 800 });
    clock.advance(1_000);
    seedPayment(journal, { amountMinor: 9999, currency: 'HKD' }); // another currency: not in the SGD totals

    clock.advance(60_000);
    const partial = journal.recordRefund(big.referenceId, { amountMinor: 1000 });
    journal.updateRefund(partial.refundId, { state: 'succeeded' });
    journal.recordRefund(big.referenceId, { amountMinor: 500 }); // still in flight: not money out yet
    refundInFull(journal, refunded.referenceId, 1234);
    const late = journal.recordRefund(yesterday.referenceId, { amountMinor: 300 });
    journal.updateRefund(late.refundId, { state: 'succeeded' });

    const summary = journal.daySummary('2026-11-21', 'SGD');
    expect(summary).toEqual({
      day: '2026-11-21',
      currency: 'SGD',
      byStatus: {
        paid: { count: 2, total: { amountMinor: 100539, currency: 'SGD' } },
        refunded: { count: 1, total: { amountMinor: 1234, currency: 'SGD' } },
        failed: { count: 1, total: { amountMinor: 500, currency: 'SGD' } },
        expired: { count: 1, total: { amountMinor: 700, currency: 'SGD' } },
        waiting: { count: 1, total: { amountMinor: 800, currency: 'SGD' } },
      },
      byMethod: {
        'merchant-qr': { count: 2, total: { amountMinor: 101744, currency: 'SGD' } },
        'customer-qr': { count: 1, total: { amountMinor: 29, currency: 'SGD' } },
      },
      paid: { count: 3, total: { amountMinor: 101773, currency: 'SGD' } },
      refunds: { count: 3, total: { amountMinor: 2534, currency: 'SGD' } },
      refundsOfOtherTerminals: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
      refundedElsewhere: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
      byRegister: [],
      net: { amountMinor: 99239, currency: 'SGD' },
    });
    const amounts = [
      summary.paid,
      summary.refunds,
      ...Object.values(summary.byStatus),
      ...Object.values(summary.byMethod),
    ].map((line) => line?.total.amountMinor);
    expect(amounts.every((amount) => Number.isInteger(amount))).toBe(true);

    // Yesterday keeps its sale; today carries the refund.
    expect(journal.daySummary('2026-11-20', 'SGD')).toMatchObject({
      paid: { count: 1, total: { amountMinor: 2000 } },
      refunds: { count: 0 },
    });
    expect(journal.daySummary('2026-11-21', 'HKD')).toMatchObject({
      paid: { count: 1, total: { amountMinor: 9999, currency: 'HKD' } },
    });
    // Without a currency: the one most used that day.
    expect(journal.daySummary('2026-11-21').currency).toBe('SGD');
  });

  it("shows refunds made outside this till on the payment's day as their own figure, not in refunds or net: net = takings − refunds made here", () => {
    const { journal, clock } = tempJournal({ timeZone: 'UTC' });
    clock.set('2026-11-21T02:00:00Z');
    const fullElsewhere = seedPayment(journal, { amountMinor: 1000 });
    const partElsewhere = seedPayment(journal, { amountMinor: 1400 });
    const bothPlaces = seedPayment(journal, { amountMinor: 2000 });
    seedPayment(journal, { amountMinor: 333 });

    // Refunded in full at the merchant portal: the provider now says REFUNDED, with its total.
    journal.updateAttempt(fullElsewhere.referenceId, { providerStatus: 'REFUNDED' });
    journal.recordProviderRefundTotal(fullElsewhere.referenceId, 1000);
    // 700 of 1400 refunded at another till.
    journal.recordProviderRefundTotal(partElsewhere.referenceId, 700);
    // 500 refunded elsewhere first, then 600 here (sent on the provider's total of 500).
    journal.recordProviderRefundTotal(bothPlaces.referenceId, 500);
    clock.set('2026-11-22T02:00:00Z'); // our refund is made the next day
    const ours = journal.recordRefund(bothPlaces.referenceId, { amountMinor: 600, providerRefundedBeforeMinor: 500 });
    journal.updateRefund(ours.refundId, { state: 'succeeded' });

    const day1 = journal.daySummary('2026-11-21', 'SGD');
    expect(day1).toMatchObject({
      byStatus: { paid: { count: 3 }, refunded: { count: 1, total: { amountMinor: 1000 } } },
      paid: { count: 4, total: { amountMinor: 4733 } },
      refundedElsewhere: { count: 3, total: { amountMinor: 2200 } },
      // The terminals (or the portal) that made those refunds count them; this one counts what it took.
      refunds: { count: 0, total: { amountMinor: 0 } },
      net: { amountMinor: 4733, currency: 'SGD' },
    });
    // Our refund counts on the day it was made; the other till's is shown with the payment's day, never netted here.
    expect(journal.daySummary('2026-11-22', 'SGD')).toMatchObject({
      refundedElsewhere: { count: 0, total: { amountMinor: 0 } },
      refunds: { count: 1, total: { amountMinor: 600 } },
      net: { amountMinor: -600 },
    });
    expect(journal.viewOf(bothPlaces.referenceId)).toMatchObject({
      refunded: { amountMinor: 1100 },
      refundedElsewhere: { amountMinor: 500 },
      refundable: { amountMinor: 900 },
    });
  });

  it("counts refunds made here of another terminal's payment on their own line, never that payment as takings", () => {
    const { journal, clock } = tempJournal({ timeZone: 'UTC' });
    clock.set('2026-11-21T02:00:00Z');
    const own = seedPayment(journal, { amountMinor: 1000 });
    // Another terminal's sale of yesterday, 300 of it refunded in the merchant portal, brought here today.
    clock.set('2026-11-21T05:00:00Z');
    const other = seedLookedUp(journal, clock, {
      amountMinor: 1400,
      providerRefundedMinor: 300,
      createdAt: Date.parse('2026-11-20T09:00:00Z'),
    });
    const first = journal.recordRefund(other.referenceId, {
      amountMinor: 500,
      providerRefundedBeforeMinor: 300,
      posId: 'POS-COUNTER',
    });
    journal.updateRefund(first.refundId, { state: 'succeeded' });
    const refused = journal.recordRefund(other.referenceId, { amountMinor: 50, posId: 'POS-COUNTER' });
    journal.updateRefund(refused.refundId, { state: 'failed', failureReason: 'terminal.denied' });
    journal.recordRefund(other.referenceId, { amountMinor: 100, posId: 'POS-COUNTER' }); // in flight: not money out yet
    const ownRefund = journal.recordRefund(own.referenceId, { amountMinor: 200, posId: 'POS-COUNTER' });
    journal.updateRefund(ownRefund.refundId, { state: 'succeeded' });
    // And one the other terminal took this morning, refunded here in full.
    const sameDay = seedLookedUp(journal, clock, { amountMinor: 650, createdAt: Date.parse('2026-11-21T01:00:00Z') });
    const full = journal.recordRefund(sameDay.referenceId, { amountMinor: 650, posId: 'POS-COUNTER' });
    journal.updateRefund(full.refundId, { state: 'succeeded' });
    journal.updateAttempt(sameDay.referenceId, { providerStatus: 'REFUNDED' });

    expect(journal.daySummary('2026-11-21', 'SGD')).toEqual({
      day: '2026-11-21',
      currency: 'SGD',
      // Only what this terminal took: the looked-up payment is in no status, method or paid line.
      byStatus: { paid: { count: 1, total: { amountMinor: 1000, currency: 'SGD' } } },
      byMethod: {
        'merchant-qr': { count: 1, total: { amountMinor: 1000, currency: 'SGD' } },
        'customer-qr': { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
      },
      paid: { count: 1, total: { amountMinor: 1000, currency: 'SGD' } },
      refunds: { count: 1, total: { amountMinor: 200, currency: 'SGD' } },
      refundsOfOtherTerminals: { count: 2, total: { amountMinor: 1150, currency: 'SGD' } },
      refundedElsewhere: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
      byRegister: [],
      // Takings − every refund made here.
      net: { amountMinor: -350, currency: 'SGD' },
    });
    // The other terminal's day (the payment's own day) is not this terminal's: nothing taken, nothing refunded
    // here, and the portal's refund of it is that terminal's "refunded elsewhere", not this one's.
    const otherDay = journal.daySummary('2026-11-20', 'SGD');
    expect(otherDay.byStatus).toEqual({});
    expect(otherDay).toMatchObject({
      paid: { count: 0, total: { amountMinor: 0 } },
      refunds: { count: 0 },
      refundsOfOtherTerminals: { count: 0 },
      refundedElsewhere: { count: 0, total: { amountMinor: 0 } },
      net: { amountMinor: 0 },
    });
  });

  it('shows what each register started: its payments paid that day and the refunds made of them, parts of paid and refunds', () => {
    const { journal, clock } = tempJournal({ timeZone: 'UTC' });
    clock.set('2026-11-20T09:00:00Z');
    // Yesterday's register sale, refunded in part today: today's refund, yesterday's takings.
    const yesterday = seedPayment(journal, {
      amountMinor: 3000,
      register: { keyId: 'key_front-register', keyName: 'Front register', orderReference: 'POS-0999' },
    });
    clock.set('2026-11-21T09:00:00Z');
    seedPayment(journal, { amountMinor: 1000 });
    const front = seedPayment(journal, {
      amountMinor: 1234,
      register: { keyId: 'key_front-register', keyName: 'Front register', orderReference: 'POS-1042' },
    });
    seedPayment(journal, {
      method: 'customer-qr',
      amountMinor: 880,
      register: { keyId: 'key_front-register', keyName: 'Front register', orderReference: null },
    });
    seedPayment(journal, {
      amountMinor: 2500,
      register: { keyId: 'key_back-office', keyName: 'Back office', orderReference: null },
    });
    seedPayment(journal, {
      outcome: 'expired',
      amountMinor: 700,
      register: { keyId: 'key_kitchen', keyName: 'Kitchen', orderReference: null },
    });
    for (const [payment, amountMinor] of [
      [front, 234],
      [yesterday, 1000],
    ] as const) {
      const refund = journal.recordRefund(payment.referenceId, { amountMinor });
      journal.updateRefund(refund.refundId, { state: 'succeeded' });
    }

    const summary = journal.daySummary('2026-11-21', 'SGD');
    expect(summary.byRegister).toEqual([
      {
        keyName: 'Back office',
        paid: { count: 1, total: { amountMinor: 2500, currency: 'SGD' } },
        refunds: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
      },
      {
        keyName: 'Front register',
        paid: { count: 2, total: { amountMinor: 2114, currency: 'SGD' } },
        refunds: { count: 2, total: { amountMinor: 1234, currency: 'SGD' } },
      },
    ]);
    // Parts of the day's figures, not added to them: the cashier's sale and the registers' together.
    expect(summary).toMatchObject({
      paid: { count: 4, total: { amountMinor: 5614 } },
      refunds: { count: 2, total: { amountMinor: 1234 } },
      net: { amountMinor: 4380 },
    });
    expect(journal.daySummary('2026-11-20', 'SGD').byRegister).toEqual([
      {
        keyName: 'Front register',
        paid: { count: 1, total: { amountMinor: 3000, currency: 'SGD' } },
        refunds: { count: 0, total: { amountMinor: 0, currency: 'SGD' } },
      },
    ]);
  });

  it('gives zeros for a quiet day', () => {
    const { journal } = tempJournal();
    const summary = journal.daySummary('2026-11-01', 'HKD');
    expect(summary).toMatchObject({
      byStatus: {},
      paid: { count: 0, total: { amountMinor: 0, currency: 'HKD' } },
      net: { amountMinor: 0, currency: 'HKD' },
    });
    expect(() => journal.daySummary('21/11/2026', 'SGD')).toThrow(expect.objectContaining({ code: 'request.invalid' }));
  });
});

describe('time zone day boundary', () => {
  it("files a payment under the shop's local day, not UTC's", () => {
    const clock = testClock('2026-11-20T15:59:59.999Z'); // 23:59:59.999 in Singapore, 20 Nov
    const { journal } = tempJournal({ timeZone: 'Asia/Singapore', clock });
    const lastOfDay = seedPayment(journal);
    clock.set('2026-11-20T16:00:00.000Z'); // 00:00 in Singapore, 21 Nov — still the 20th in UTC
    const firstOfDay = seedPayment(journal);

    expect(lastOfDay.localDay).toBe('2026-11-20');
    expect(firstOfDay.localDay).toBe('2026-11-21');
    expect(lastOfDay.referenceId).toMatch(/^TILL01-20261120-/);
    expect(firstOfDay.referenceId).toMatch(/^TILL01-20261121-/);
    expect(journal.today()).toBe('2026-11-21');
    expect(journal.history({ day: '2026-11-21' }).items.map((item) => item.referenceId)).toEqual([
      firstOfDay.referenceId,
    ]);
    expect(journal.daySummary('2026-11-20', 'SGD').paid.count).toBe(1);
    expect(journal.exportCsv('2026-11-21').csv).toContain('payment,2026-11-21 00:00:00,');
    expect(journal.exportCsv('2026-11-20').csv).toContain('payment,2026-11-20 23:59:59,');

    // The same instants on a till set to UTC both fall on the 20th.
    const utcClock = testClock('2026-11-20T15:59:59.999Z');
    const { journal: utc } = tempJournal({ timeZone: 'UTC', clock: utcClock });
    const a = seedPayment(utc);
    utcClock.set('2026-11-20T16:00:00.000Z');
    const b = seedPayment(utc);
    expect([a.localDay, b.localDay]).toEqual(['2026-11-20', '2026-11-20']);
  });

  it('refuses a time zone the computer does not know', () => {
    expect(() => tempJournal({ timeZone: 'Mars/Olympus_Mons' })).toThrow(
      expect.objectContaining({ code: 'settings.invalid' }),
    );
  });
});

describe('day summary: not in any shift', () => {
  it('adds up: the day’s net is the shifts’ nets plus what was taken and refunded outside any shift', () => {
    const { journal, clock } = tempJournal({ timeZone: 'Asia/Singapore' });
    clock.set('2026-11-21T01:00:00Z');
    // Before the first shift: a sale, later refunded in part outside any shift too.
    const early = seedPayment(journal, { amountMinor: 2500 });
    clock.advance(1_000);
    const first = journal.shifts.open({ openedBy: null, note: null });
    seedPayment(journal, { amountMinor: 780 });
    clock.advance(1_000);
    const inShift = seedPayment(journal, { amountMinor: 1000 });
    seedPayment(journal, { outcome: 'failed', amountMinor: 400 }); // not money: in neither
    clock.advance(1_000);
    // A refund in the shift of a sale made outside it: money out of the shift, as the drawer count expects.
    const ofEarly = journal.recordRefund(early.referenceId, { amountMinor: 500 });
    journal.updateRefund(ofEarly.refundId, { state: 'succeeded' });
    journal.shifts.close({ closedBy: null, force: false, currency: 'SGD' });
    clock.advance(1_000);
    // Between shifts: a sale and a refund of the shift's sale.
    seedPayment(journal, { amountMinor: 333 });
    const between = journal.recordRefund(inShift.referenceId, { amountMinor: 100 });
    journal.updateRefund(between.refundId, { state: 'succeeded' });
    clock.advance(1_000);
    journal.shifts.open({ openedBy: null, note: null });
    seedPayment(journal, { method: 'customer-qr', amountMinor: 29 });

    const summary = journal.daySummary('2026-11-21', 'SGD');
    // Outside: 2500 + 333 paid, 100 refunded.
    expect(summary.outsideShifts).toEqual({ count: 2, total: { amountMinor: 2733, currency: 'SGD' } });
    const shifts = journal.shifts.ofDay('2026-11-21').map((row) => journal.shifts.reportOf(row, 'SGD'));
    expect(shifts.map((report) => report.net.amountMinor)).toEqual([1280, 29]);
    expect(shifts[0]!.net.amountMinor + shifts[1]!.net.amountMinor + summary.outsideShifts!.total.amountMinor).toBe(
      summary.net.amountMinor,
    );
    expect(first.number).toBe(1);
  });

  it('is left out on a day the till did not work in shifts', () => {
    const { journal, clock } = tempJournal({ timeZone: 'Asia/Singapore' });
    clock.set('2026-11-21T01:00:00Z');
    seedPayment(journal, { amountMinor: 2500 });
    expect(journal.daySummary('2026-11-21', 'SGD').outsideShifts).toBeUndefined();
  });
});
