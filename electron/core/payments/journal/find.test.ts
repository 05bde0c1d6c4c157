import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { FIND_LIMIT } from '../../../../shared/payments.ts';
import type { StaffRef } from '../../../../shared/staff.ts';
import { epochOfLocal } from './find.ts';
import { seedPayment, tempJournal } from './journal-fixture.test-helper.ts';
import type { Journal } from './journal.ts';

// payments.find against a real journal file: each of the five ways finds the paid payment and only it, in the
// till's time zone (Asia/Singapore, UTC+8), and each is answered from an index, not by reading the journal.

const ANNA: StaffRef = { id: 'staff-anna', name: 'Anna Tan' };
const BEN: StaffRef = { id: 'staff-ben', name: 'Ben Lim' };

/** A paid payment taken by `takenBy` at the journal clock's now. */
function paid(
  journal: Journal,
  amountMinor: number,
  providerOrderId: string,
  takenBy: StaffRef | null,
  note?: string,
): string {
  const referenceId = journal.newReferenceId('TILL01');
  journal.recordAttempt({
    referenceId,
    method: 'merchant-qr',
    amount: { amountMinor, currency: 'SGD' },
    posId: 'POS-1',
    takenBy,
    note: note ?? null,
  });
  const row = journal.updateAttempt(referenceId, { state: 'active', providerStatus: 'CREATED', providerOrderId });
  journal.updateAttempt(referenceId, { state: 'final', providerStatus: 'CAPTURED', paymentType: 'PAY' }, row.version);
  return referenceId;
}

function seedDay() {
  const test = tempJournal();
  const { journal, clock } = test;
  clock.set('2026-11-21T02:00:00.000Z'); // 10:00 in Singapore
  const morning = paid(journal, 1850, '261121-0001-AAAA', ANNA);
  clock.set('2026-11-21T06:30:00.000Z'); // 14:30
  const afternoon = paid(journal, 1850, '261121-0002-BBBB', BEN);
  // The same amount, at 14:45, not paid: never a candidate (nothing to refund).
  clock.set('2026-11-21T06:45:00.000Z');
  seedPayment(journal, { amountMinor: 1850, outcome: 'failed', providerOrderId: '261121-0003-CCCC' });
  clock.set('2026-11-21T07:00:00.000Z'); // 15:00
  const other = paid(journal, 990, '261121-0004-DDDD', ANNA);
  clock.set('2026-11-20T07:00:00.000Z'); // yesterday, 15:00
  const yesterday = paid(journal, 1850, '261120-0009-EEEE', ANNA);
  return { ...test, morning, afternoon, other, yesterday };
}

const ids = (items: readonly { referenceId: string }[]): string[] => items.map((item) => item.referenceId);

describe('payments.find: a payment without its receipt', () => {
  it("by the provider's order id the wallet app shows, in any case; a failed payment's id finds nothing", () => {
    const { journal, afternoon } = seedDay();
    const found = journal.find({ providerOrderId: ' 261121-0002-bbbb ' });
    expect(ids(found)).toEqual([afternoon]);
    expect(found[0]).toMatchObject({ providerOrderId: '261121-0002-BBBB', displayStatus: 'paid', takenBy: BEN });
    expect(journal.find({ providerOrderId: '261121-0003-CCCC' })).toEqual([]);
    expect(journal.find({ providerOrderId: '261121-9999-ZZZZ' })).toEqual([]);
  });

  it('by amount within a window of local times, newest first; the end is inclusive to its minute', () => {
    const { journal, morning, afternoon, yesterday } = seedDay();
    expect(ids(journal.find({ amountMinor: 1850, from: '2026-11-21T00:00', to: '2026-11-21T23:59' }))).toEqual([
      afternoon,
      morning,
    ]);
    // 14:30 is inside a window that ends at 14:30 (the whole minute), and outside one that starts at 14:31.
    expect(ids(journal.find({ amountMinor: 1850, from: '2026-11-21T14:00', to: '2026-11-21T14:30' }))).toEqual([
      afternoon,
    ]);
    expect(journal.find({ amountMinor: 1850, from: '2026-11-21T14:31', to: '2026-11-21T23:59' })).toEqual([]);
    // Across days.
    expect(ids(journal.find({ amountMinor: 1850, from: '2026-11-20T00:00', to: '2026-11-21T12:00' }))).toEqual([
      morning,
      yesterday,
    ]);
    expect(journal.find({ amountMinor: 1851, from: '2026-11-20T00:00', to: '2026-11-21T23:59' })).toEqual([]);
  });

  it('by who took it on a local day', () => {
    const { journal, morning, other, afternoon, yesterday } = seedDay();
    expect(ids(journal.find({ takenBy: ANNA.id, day: '2026-11-21' }))).toEqual([other, morning]);
    expect(ids(journal.find({ takenBy: BEN.id, day: '2026-11-21' }))).toEqual([afternoon]);
    expect(ids(journal.find({ takenBy: ANNA.id, day: '2026-11-20' }))).toEqual([yesterday]);
    expect(journal.find({ takenBy: 'staff-nobody', day: '2026-11-21' })).toEqual([]);
  });

  it('by words of the note on a day, in any case and order, narrowed by an amount; % and _ are characters', () => {
    const { journal, clock } = tempJournal();
    clock.set('2026-11-21T02:00:00.000Z');
    const table4 = paid(journal, 1850, '261121-0101-AAAA', ANNA, 'Table 4, two kopi');
    clock.set('2026-11-21T03:00:00.000Z');
    const shirt = paid(journal, 2990, '261121-0102-BBBB', ANNA, 'Blue SHIRT size M');
    clock.set('2026-11-21T04:00:00.000Z');
    const table4Again = paid(journal, 990, '261121-0103-CCCC', BEN, 'table 4 dessert');
    const percent = paid(journal, 500, '261121-0104-DDDD', BEN, '10% off_staff');
    const noPercent = paid(journal, 500, '261121-0105-EEEE', BEN, '100 offXstaff');
    // Not paid, or another day: never found.
    seedPayment(journal, { amountMinor: 1850, outcome: 'failed', providerOrderId: '261121-0106-FFFF' });
    clock.set('2026-11-20T04:00:00.000Z');
    paid(journal, 1850, '261120-0107-GGGG', ANNA, 'table 4 yesterday');
    const day = '2026-11-21';

    expect(ids(journal.find({ note: 'TABLE 4', day }))).toEqual([table4Again, table4]);
    expect(ids(journal.find({ note: '  shirt   blue ', day }))).toEqual([shirt]);
    expect(ids(journal.find({ note: 'table 4', day, amountMinor: 1850 }))).toEqual([table4]);
    expect(journal.find({ note: 'table 4', day, amountMinor: 1851 })).toEqual([]);
    expect(ids(journal.find({ note: '10%', day }))).toEqual([percent]);
    expect(ids(journal.find({ note: 'off_staff', day }))).toEqual([percent]);
    expect(journal.find({ note: '%', day }).map((item) => item.referenceId)).toEqual([percent]);
    expect(ids(journal.find({ note: '_', day }))).toEqual([percent]);
    expect(ids(journal.find({ note: 'offxstaff', day }))).toEqual([noPercent]);
    expect(ids(journal.find({ note: 'yesterday', day: '2026-11-20' }))).toHaveLength(1);
    expect(journal.find({ note: 'yesterday', day })).toEqual([]);
  });

  it("a day's latest paid sales, newest first, as many as asked", () => {
    const { journal, morning, afternoon, other, yesterday } = seedDay();
    expect(ids(journal.find({ latest: 10, day: '2026-11-21' }))).toEqual([other, afternoon, morning]);
    expect(ids(journal.find({ latest: 2, day: '2026-11-21' }))).toEqual([other, afternoon]);
    expect(ids(journal.find({ latest: 10, day: '2026-11-20' }))).toEqual([yesterday]);
  });

  it(`answers at most ${FIND_LIMIT}, the newest`, () => {
    const { journal, clock } = tempJournal();
    clock.set('2026-11-21T01:00:00.000Z');
    const all: string[] = [];
    for (let i = 0; i < FIND_LIMIT + 5; i += 1) {
      clock.advance(60_000);
      all.push(paid(journal, 500, `261121-${String(i).padStart(4, '0')}-LOTS`, ANNA));
    }
    const found = journal.find({ takenBy: ANNA.id, day: '2026-11-21' });
    expect(ids(found)).toEqual(all.reverse().slice(0, FIND_LIMIT));
  });

  it('reads each way from an index (a plan without a scan of the payments)', () => {
    const { filePath } = seedDay();
    const db = new DatabaseSync(filePath, { readOnly: true });
    try {
      const plan = (where: string): string =>
        db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT reference_id FROM payment_attempts WHERE ${where}
             AND provider_status IN ('CAPTURED', 'REFUNDED') ORDER BY created_at DESC, reference_id DESC LIMIT 50`,
          )
          .all()
          .map((row) => String(row['detail']))
          .join(' | ');
      expect(plan("upper(provider_order_id) = 'X'")).toContain('payment_attempts_provider_order');
      const byAmount = plan('amount_minor = 1850 AND created_at >= 1 AND created_at < 2');
      expect(byAmount).toContain('payment_attempts_amount');
      expect(byAmount).not.toContain('TEMP B-TREE');
      const byStaff = plan("taken_by_id = 'staff-anna' AND local_day = '2026-11-21'");
      expect(byStaff).toContain('payment_attempts_taken_by');
      expect(byStaff).not.toContain('TEMP B-TREE');
      // The note and the latest: the day's rows from the day's index, already in order.
      const byNote = plan(
        "local_day = '2026-11-21' AND note LIKE '%table%' ESCAPE '\\' AND note LIKE '%4%' ESCAPE '\\'",
      );
      expect(byNote).toMatch(/payment_attempts_day \(/);
      expect(byNote).not.toContain('TEMP B-TREE');
      const latest = plan("local_day = '2026-11-21'");
      expect(latest).toMatch(/payment_attempts_day \(/);
      expect(latest).not.toContain('TEMP B-TREE');
    } finally {
      db.close();
    }
  });

  it("turns the till's wall-clock times into instants in its zone, daylight saving included", () => {
    expect(epochOfLocal('2026-11-21T09:00', 'Asia/Singapore')).toBe(Date.parse('2026-11-21T01:00:00Z'));
    expect(epochOfLocal('2026-11-21T09:00:30', 'Asia/Singapore')).toBe(Date.parse('2026-11-21T01:00:30Z'));
    // Sydney keeps summer time in November (UTC+11), not in July (UTC+10).
    expect(epochOfLocal('2026-11-21T09:00', 'Australia/Sydney')).toBe(Date.parse('2026-11-20T22:00:00Z'));
    expect(epochOfLocal('2026-07-01T09:00', 'Australia/Sydney')).toBe(Date.parse('2026-06-30T23:00:00Z'));
    expect(() => epochOfLocal('2026-02-30T09:00', 'Asia/Singapore')).toThrow();
  });
});
