import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { PosError } from '../../../../shared/errors.ts';
import { verifyJournalFile } from '../../audit-chain/journal-verify.ts';
import { markFileOf } from '../../sqlite/journal-mark.ts';
import { seedPayment, tempJournal, type TestJournal } from './journal-fixture.test-helper.ts';
import type { AttemptRow } from './rows.ts';
import { archiveFileOf, ARCHIVE_FOLDER } from './year-archive.ts';

// Archiving a closed year (year-archive.ts) on real files: what moves, what stays, what is still found, and that
// a crash between the copy and the delete loses or doubles nothing.

interface TwoYears {
  readonly till: TestJournal;
  readonly old: AttemptRow[];
  /** Paid in 2024, refunded in 2025: stays live with its refund. */
  readonly refundedLater: AttemptRow;
  readonly recent: AttemptRow[];
}

function twoYears(): TwoYears {
  const till = tempJournal();
  const { journal, clock } = till;
  clock.set('2024-03-01T02:00:00.000Z');
  const old: AttemptRow[] = [];
  for (let n = 0; n < 6; n += 1) {
    clock.advance(3_600_000);
    old.push(
      seedPayment(journal, {
        outcome: n % 3 === 2 ? 'failed' : 'paid',
        amountMinor: 1000 + n,
        providerOrderId: `240301-${String(n).padStart(4, '0')}-OLDY`,
      }),
    );
  }
  const refundedThen = old[0]!;
  const refund = journal.recordRefund(refundedThen.referenceId, { amountMinor: 400, reason: 'Wrong item' });
  journal.updateRefund(refund.refundId, { state: 'succeeded' });
  clock.advance(3_600_000);
  const refundedLater = seedPayment(journal, { amountMinor: 2000, providerOrderId: '240301-0099-LATE' });
  clock.set('2025-02-01T02:00:00.000Z');
  const late = journal.recordRefund(refundedLater.referenceId, { amountMinor: 2000, reason: 'Returned' });
  journal.updateRefund(late.refundId, { state: 'succeeded' });
  const recent = [seedPayment(journal, { amountMinor: 3000 }), seedPayment(journal, { amountMinor: 3001 })];
  return { till, old, refundedLater, recent };
}

function rowsIn(filePath: string, table: string): number {
  const db = new DatabaseSync(filePath, { readOnly: true });
  try {
    return Number(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()?.['n']);
  } finally {
    db.close();
  }
}

describe('archiving a closed year', () => {
  it('moves its settled payments, events, status history and refunds to a file the till still reads', () => {
    const { till, old, refundedLater, recent } = twoYears();
    const { journal, filePath, folder } = till;
    const paymentsBefore = rowsIn(filePath, 'payment_attempts');
    const eventsBefore = rowsIn(filePath, 'events');

    const outcome = journal.archiveYear(2024);

    const archive = archiveFileOf(join(folder, ARCHIVE_FOLDER), 2024);
    expect(outcome.file).toBe(archive);
    expect(outcome.moved.payment_attempts).toBe(old.length);
    expect(outcome.moved.refunds).toBe(1);
    expect(outcome.keptLive).toBe(1);
    // Nothing lost, nothing doubled: each row is in exactly one of the two files.
    expect(rowsIn(filePath, 'payment_attempts')).toBe(paymentsBefore - old.length);
    expect(rowsIn(archive, 'payment_attempts')).toBe(old.length);
    expect(rowsIn(filePath, 'events') + rowsIn(archive, 'events')).toBe(eventsBefore);
    expect(outcome.moved.events).toBe(rowsIn(archive, 'events'));

    // Found read-only by what a person holds: the reference, the provider's order id; the detail with its refund.
    const first = old[0]!;
    expect(journal.history({ search: first.referenceId }).items.map((p) => p.referenceId)).toEqual([first.referenceId]);
    expect(journal.history({ search: '240301-0004-OLDY' }).items.map((p) => p.referenceId)).toEqual([
      old[4]!.referenceId,
    ]);
    expect(journal.find({ providerOrderId: '240301-0001-oldy' }).map((p) => p.referenceId)).toEqual([
      old[1]!.referenceId,
    ]);
    const detail = journal.detailOf(first.referenceId);
    expect(detail?.refunds.map((r) => r.amount.amountMinor)).toEqual([400]);
    expect(detail?.history.length).toBeGreaterThan(0);
    // Not in the live list any more; what stayed live is found there as before, once.
    expect(
      journal
        .history({})
        .items.map((p) => p.referenceId)
        .sort(),
    ).toEqual([refundedLater.referenceId, ...recent.map((p) => p.referenceId)].sort());
    expect(journal.history({ search: refundedLater.referenceId }).total).toBe(1);
    // The audit chain still verifies: each archived row is chained as deleted, every earlier entry kept.
    expect(verifyJournalFile(filePath)?.findings).toEqual([]);
  });

  it('is safe to run again after a crash between the copy and the delete: nothing lost or doubled', () => {
    const { till, old } = twoYears();
    const { filePath, folder } = till;
    const archive = archiveFileOf(join(folder, ARCHIVE_FOLDER), 2024);
    const eventsBefore = rowsIn(filePath, 'events');
    // The live journal as it was before the delete's transaction, beside an archive that holds the copy: what a
    // crash after the copy's commit leaves behind.
    till.journal.close();
    const before = join(folder, 'before');
    mkdirSync(before);
    for (const name of [filePath, markFileOf(filePath)]) copyFileSync(name, join(before, basename(name)));
    const first = till.reopen();
    first.archiveYear(2024);
    first.close();
    for (const name of [filePath, markFileOf(filePath)]) copyFileSync(join(before, basename(name)), name);
    rmSync(`${filePath}-wal`, { force: true });
    rmSync(`${filePath}-shm`, { force: true });
    const journal = till.reopen();
    expect(rowsIn(filePath, 'payment_attempts')).toBe(old.length + 3);

    const again = journal.archiveYear(2024);

    expect(again.moved.payment_attempts).toBe(old.length);
    expect(rowsIn(archive, 'payment_attempts')).toBe(old.length);
    expect(rowsIn(filePath, 'events') + rowsIn(archive, 'events')).toBe(eventsBefore);
    expect(journal.history({ search: old[2]!.referenceId }).total).toBe(1);
    expect(journal.archiveYear(2024).moved.payment_attempts).toBe(0);
    expect(verifyJournalFile(filePath)?.findings).toEqual([]);
  });

  it('refuses the current year and leaves nothing behind', () => {
    const { till } = twoYears();
    const error = (() => {
      try {
        till.journal.archiveYear(2025);
        return null;
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(PosError);
    expect((error as PosError).code).toBe('request.invalid');
    expect(existsSync(archiveFileOf(join(till.folder, ARCHIVE_FOLDER), 2025))).toBe(false);
  });
});
