import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seedPayment, tempJournal } from './journal-fixture.test-helper.ts';

// The payment-attempt test that needs another process (a reader and a writer started with node): the journal
// shares committed data through WAL both ways. The rest of the attempt tests are in attempts.test.ts.

describe('payment attempts', () => {
  it('shares committed data with another process through WAL, both ways', () => {
    const { journal, filePath, folder } = tempJournal();
    const mine = seedPayment(journal, { outcome: 'paid' });

    const reader = `const { DatabaseSync } = require('node:sqlite');
      const db = new DatabaseSync(process.argv[1], { readOnly: true });
      process.stdout.write(JSON.stringify(db.prepare('SELECT reference_id, display_status FROM payment_attempts').all()));`;
    const seen = JSON.parse(
      execFileSync(process.execPath, ['-e', reader, filePath], { encoding: 'utf8' }),
    ) as unknown[];
    expect(seen).toEqual([{ reference_id: mine.referenceId, display_status: 'paid' }]);

    const writerPath = join(folder, 'writer.ts');
    const journalModule = pathToFileURL(join(import.meta.dirname, 'journal.ts')).href;
    writeFileSync(
      writerPath,
      `import { openJournal } from ${JSON.stringify(journalModule)};
       const journal = openJournal({ filePath: process.argv[2], timeZone: 'Asia/Singapore' });
       const row = journal.recordAttempt({ referenceId: journal.newReferenceId('TILL02'), method: 'merchant-qr', amount: { amountMinor: 777, currency: 'SGD' }, posId: 'POS-2' });
       journal.close();
       process.stdout.write(row.referenceId);`,
    );
    const theirs = execFileSync(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', writerPath, filePath],
      { encoding: 'utf8' },
    );
    // Our connection, still open, reads the other process's commit.
    expect(journal.getAttempt(theirs)).toMatchObject({ amountMinor: 777, posId: 'POS-2', state: 'sending' });
    expect(journal.listNonFinal().map((row) => row.referenceId)).toEqual([theirs]);
  });
});
