// The writer core/sqlite/journal-file.slow.test.ts kills with SIGKILL: the real payment journal on a real file,
// committing payments and printing `committed <n>` after each one is durable.
//   write <n>  commit n payments, report, then wait to be killed (the commits stay in the -wal)
//   loop <n>   commit payments without end (the kill lands anywhere in a write, between a commit and its mark…)
//
// Run: node --experimental-strip-types --no-warnings=ExperimentalWarning electron/testing/journal-kill-child.ts <file> <mode> <n>

import { resolve } from 'node:path';
import { openJournal } from '../core/payments/journal/journal.ts';

function main(): void {
  const [filePath, mode, count] = process.argv.slice(2);
  if (!filePath || (mode !== 'write' && mode !== 'loop')) throw new Error('usage: <file> write|loop <n>');
  const journal = openJournal({ filePath, timeZone: 'UTC' });
  for (let committed = 1; mode === 'loop' || committed <= Number(count); committed += 1) {
    const referenceId = journal.newReferenceId('TILL01');
    journal.recordAttempt({
      referenceId,
      method: 'merchant-qr',
      amount: { amountMinor: 100 + committed, currency: 'SGD' },
      posId: 'POS-1',
    });
    journal.updateAttempt(referenceId, { state: 'active', providerStatus: 'CREATED' }, 1);
    process.stdout.write(`committed ${committed}\n`);
  }
  // Keep the process (and its open journal) alive until the test kills it.
  setInterval(() => {}, 60_000);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) main();
