import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { ExchangeAuditEntry } from '../http/exchange-audit.ts';
import { seedPayment, tempJournal } from './journal/journal-fixture.test-helper.ts';
import { AnswerAudits } from './audit.ts';

// The audit entry of an answered create is written in the commit that applies the answer, not in one of its own
// before it (one fsync fewer between the provider's answer and the QR). Read back through a second connection on
// the same file: what another reader (or the till after a crash) would find.

const ENTRY: ExchangeAuditEntry = {
  kind: 'response',
  notice: notice('event.http-attempt', { operation: 'create', attempt: 1, outcome: 'HTTP 200', durationMs: 203 }),
  summary: 'create attempt 1: HTTP 200 (203 ms)',
  data: { status: 200 },
};

const summaries = (events: readonly { summary: string }[]): string[] => events.map((event) => event.summary);

describe('AnswerAudits', () => {
  it('writes a held entry in the commit that applies the answer, before the answer’s own event', () => {
    const { journal, reopen } = tempJournal();
    const reader = reopen();
    const row = seedPayment(journal);
    const audits = new AnswerAudits(journal);
    const before = summaries(reader.eventsOf(row.referenceId));

    audits.hold(row.referenceId, ENTRY);
    expect(summaries(reader.eventsOf(row.referenceId))).toEqual(before);

    audits.commitWith(row.referenceId, (writeHeld) =>
      journal.atomically(() => {
        writeHeld();
        journal.appendEvent(row.referenceId, { kind: 'status', summary: 'order created at the provider' });
      }),
    );
    expect(summaries(reader.eventsOf(row.referenceId))).toEqual([
      ...before,
      ENTRY.summary,
      'order created at the provider',
    ]);
  });

  it('keeps the entry for the next commit when the one that took it is refused', () => {
    const { journal } = tempJournal();
    const row = seedPayment(journal);
    const audits = new AnswerAudits(journal);
    audits.hold(row.referenceId, ENTRY);

    expect(() =>
      audits.commitWith(row.referenceId, (writeHeld) =>
        journal.atomically(() => {
          writeHeld();
          throw new PosError('journal.conflict');
        }),
      ),
    ).toThrow(PosError);
    expect(summaries(journal.eventsOf(row.referenceId))).not.toContain(ENTRY.summary);

    audits.commitWith(row.referenceId, (writeHeld) => journal.atomically(writeHeld));
    expect(summaries(journal.eventsOf(row.referenceId)).filter((s) => s === ENTRY.summary)).toHaveLength(1);
  });

  it('writes an entry no commit took once the current turn is over', async () => {
    const { journal, reopen } = tempJournal();
    const reader = reopen();
    const row = seedPayment(journal);
    const audits = new AnswerAudits(journal);
    audits.hold(row.referenceId, ENTRY);
    await nextTurn();
    expect(summaries(reader.eventsOf(row.referenceId))).toContain(ENTRY.summary);
    // Written once: nothing is left held for a later commit to write again.
    audits.commitWith(row.referenceId, (writeHeld) => journal.atomically(writeHeld));
    expect(summaries(reader.eventsOf(row.referenceId)).filter((s) => s === ENTRY.summary)).toHaveLength(1);
  });
});
