import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { tempJournal } from '../payments/journal/journal-fixture.test-helper.ts';
import { verifyJournalFileOffThread } from './verify-off-thread.ts';

// Check this till's chain check runs in a worker thread: the till's own event loop keeps answering (and writing
// sales) while a large journal is verified. The delay bound is loose on purpose (issue 37 asks ≤ 50 ms at a
// time; a verify on the main thread holds it for the whole walk, seconds at this size on a busy machine).

const ENTRIES = 20_000;
const PAYMENTS = 1_000;
const PER_COMMIT = 2_000;

function sale(journal: ReturnType<typeof tempJournal>['journal'], amountMinor: number): void {
  journal.recordAttempt({
    referenceId: journal.newReferenceId('TILL01'),
    method: 'merchant-qr',
    amount: { amountMinor, currency: 'SGD' },
    posId: 'POS-1',
  });
}

describe('Check this till’s chain check', () => {
  it(
    'verifies a 20k-entry journal in its worker while the event loop stays free and sales go through',
    { timeout: 90_000 },
    async () => {
      const { journal, clock, filePath } = tempJournal();
      // One entry per payment written (its row as it stands at the commit), and records kept outside the journal
      // (the chain's cheapest entries to write) for the rest.
      for (let start = 0; start < ENTRIES; start += PER_COMMIT)
        journal.atomically(() => {
          for (let n = start; n < start + PER_COMMIT; n += 1) {
            clock.advance(1_000);
            if (n < PAYMENTS) sale(journal, 100 + n);
            else journal.chain.append('settings.changed', 'settings', { changed: ['printer.kind'], by: 'admin', n });
          }
        });

      // The loop's delay is measured between the sales: a sale's own durable write (an fsync, which a busy disk
      // can hold for a while) blocks the loop by design and is not the check's doing.
      const delay = monitorEventLoopDelay({ resolution: 10 });
      let done = false;
      const checking = verifyJournalFileOffThread(filePath).finally(() => (done = true));
      let sales = 0;
      while (!done) {
        clock.advance(1_000);
        sale(journal, 5_000 + sales);
        sales += 1;
        delay.enable();
        await sleep(25);
        delay.disable();
      }
      const verdict = await checking;

      // The worker read the snapshot it began on: the chain as seeded, maybe with the first sales made meanwhile.
      expect(verdict).not.toBeNull();
      expect(verdict!.findings).toEqual([]);
      expect(verdict!.total).toBeGreaterThanOrEqual(ENTRIES);
      expect(verdict!.total).toBeLessThanOrEqual(ENTRIES + sales);
      expect(sales).toBeGreaterThan(0);
      expect(delay.max / 1e6).toBeLessThan(200);
      // Every sale made during the check is chained and held to its entry.
      const after = await verifyJournalFileOffThread(filePath);
      expect(after).toMatchObject({ total: ENTRIES + sales, findings: [] });
    },
  );

  it('rejects with the reason when the file cannot be opened', async () => {
    await expect(verifyJournalFileOffThread('/nonexistent/folder/payments.sqlite3')).rejects.toThrow(/unable to open/i);
  });
});
