import { describe, expect, it, onTestFinished } from 'vitest';
import { money } from '../../../../shared/money.ts';
import { journalFileIn, openJournal, type Journal } from '../../payments/journal/journal.ts';
import { tempFolder, testClock } from '../../payments/journal/journal-fixture.test-helper.ts';
import { customerJournalFileIn, openCustomerJournal } from '../../customers/journal.ts';
import { createTillOutbox, type TillOutbox } from './till-outbox.ts';

// The outbox fills in the commit of the change it describes, only while the head office is on, and numbers the
// till's changes 1, 2, 3… whatever wrote them.

function tillWith(enabled: boolean): { journal: Journal; outbox: TillOutbox; reopen: () => Journal } {
  const folder = tempFolder();
  const clock = testClock();
  const outbox = createTillOutbox({ enabled, currency: () => 'SGD', now: clock.now });
  const open = (): Journal => {
    const journal = openJournal({
      filePath: journalFileIn(folder),
      timeZone: 'Asia/Singapore',
      now: clock.now,
      outbox,
    });
    onTestFinished(() => journal.close());
    return journal;
  };
  return { journal: open(), outbox, reopen: open };
}

function sale(journal: Journal, amountMinor = 450): string {
  const referenceId = journal.newReferenceId('TILL-01');
  journal.recordAttempt({
    referenceId,
    method: 'merchant-qr',
    amount: money(amountMinor, 'SGD'),
    posId: 'POS-1',
    takenBy: { id: 'p1', name: 'Mei' },
  });
  journal.updateAttempt(referenceId, { state: 'final', providerStatus: 'CAPTURED' });
  return referenceId;
}

describe('the head office outbox', () => {
  it('numbers each change of a payment in the commit that makes it, as the row now is', () => {
    const { journal, outbox } = tillWith(true);
    const referenceId = sale(journal);
    const events = outbox.waiting(10);
    expect(events.map((event) => [event.seq, event.kind])).toEqual([
      [1, 'payment'],
      [2, 'payment'],
    ]);
    expect(events[1]?.body).toMatchObject({
      referenceId,
      status: 'CAPTURED',
      amountMinor: 450,
      currency: 'SGD',
      method: 'merchant-qr',
      origin: 'cashier',
      takenBy: 'Mei',
      day: '2026-11-21',
    });
    expect(outbox.pendingCount()).toBe(2);
    expect(outbox.takeChangedDays()).toEqual(['2026-11-21']);
  });

  it('names the payment journal whose numbers it hands out: the same after a restart, none while it is closed', () => {
    const { journal, outbox, reopen } = tillWith(true);
    const first = outbox.journalId();
    expect(first).toEqual(expect.any(String));
    journal.close();
    expect(outbox.journalId()).toBeNull();
    reopen();
    expect(outbox.journalId()).toBe(first);
  });

  it('one commit that changes a row twice gives one event with its latest state', () => {
    const { journal, outbox } = tillWith(true);
    const referenceId = journal.newReferenceId('TILL-01');
    journal.atomically(() => {
      journal.recordAttempt({ referenceId, method: 'merchant-qr', amount: money(100, 'SGD'), posId: 'POS-1' });
      journal.updateAttempt(referenceId, { state: 'final', providerStatus: 'CAPTURED' });
    });
    expect(outbox.waiting(10).map((event) => (event.body as { status: string }).status)).toEqual(['CAPTURED']);
  });

  it('a change rolled back leaves no event and no gap in the sequence', () => {
    const { journal, outbox } = tillWith(true);
    expect(() =>
      journal.atomically(() => {
        sale(journal);
        throw new Error('the caller changed its mind');
      }),
    ).toThrow('changed its mind');
    sale(journal);
    expect(outbox.waiting(10).map((event) => event.seq)).toEqual([1, 2]);
  });

  it('stays empty while the head office is off, and fills from the moment it is turned on', () => {
    const { journal, outbox } = tillWith(false);
    sale(journal);
    expect(outbox.pendingCount()).toBe(0);
    outbox.setEnabled(true);
    sale(journal);
    expect(outbox.waiting(10)).toHaveLength(2);
    outbox.setEnabled(false);
    sale(journal);
    expect(outbox.waiting(10)).toHaveLength(2);
  });

  it('acknowledged events are no longer waiting, pruned later, and seq is never reused', () => {
    const { journal, outbox, reopen } = tillWith(true);
    sale(journal);
    outbox.acknowledge(2, 1_000);
    expect(outbox.waiting(10)).toEqual([]);
    expect(outbox.prune(2_000)).toBe(2);
    journal.close();
    const again = reopen();
    sale(again);
    expect(outbox.waiting(10).map((event) => event.seq)).toEqual([3, 4]);
  });

  it('append numbers an event of no journal row (a staff change) in the same sequence', () => {
    const { journal, outbox } = tillWith(true);
    sale(journal);
    const seq = outbox.append({
      kind: 'staff',
      body: { personId: 'p1', name: 'Mei', role: 'cashier', active: true, pinSalt: null, pinHash: null },
    });
    expect(seq).toBe(3);
    expect(outbox.waiting(10).map((event) => event.kind)).toEqual(['payment', 'payment', 'staff']);
  });
});

describe('the linked-customer journal’s side', () => {
  it('stages a charge in its own commit, numbered in the till’s one sequence when it moves, once', () => {
    const { journal, outbox } = tillWith(true);
    const folder = tempFolder();
    const customers = openCustomerJournal({ filePath: customerJournalFileIn(folder), outbox });
    onTestFinished(() => customers.close());
    sale(journal);
    customers.recordAttempt({
      merchantRef: 'CHRG-TILL01-0001',
      kind: 'charge',
      merchantUserId: 'customer-1',
      merchantId: 'merchant-1',
      amountMinor: 900,
      currency: 'SGD',
      useCashback: false,
      idempotencyKey: 'key-1',
      localDay: '2026-11-21',
    });
    expect(outbox.pendingCount()).toBe(3);
    expect(outbox.moveStaged()).toBe(1);
    expect(outbox.moveStaged()).toBe(0);
    const events = outbox.waiting(10);
    expect(events.map((event) => [event.seq, event.kind])).toEqual([
      [1, 'payment'],
      [2, 'payment'],
      [3, 'payment'],
    ]);
    expect(events[2]?.body).toMatchObject({
      referenceId: 'CHRG-TILL01-0001',
      method: 'linked-charge',
      origin: 'linked',
    });
  });
});
