import { money } from '../../../shared/money.ts';
import { journalFileIn, openJournal } from '../payments/journal/journal.ts';
import { createHeadOfficeLink } from './link.ts';
import { createTillOutbox } from './outbox/till-outbox.ts';
import { createSender } from './sender.ts';
import { createStatusBoard } from './status-board.ts';

// TESTS ONLY: the child of sender-crash.slow.test.ts. A till's payment journal and its sender to a real
// PostgreSQL, in a process of its own so the parent can SIGKILL it while it sends. Modes (CRASH_MODE):
//   sell   takes payments (journal writes, as the service makes them) while the sender sends in batches of 3,
//          printing `sent <seq>` as each batch is acknowledged, until killed;
//   drain  only sends what waits, then prints `drained <pending> <still waiting>` and exits.
// Run: node --experimental-strip-types --no-warnings=ExperimentalWarning <this file>

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`sender-crash-child: ${name} is not set`);
  return value;
};

async function main(): Promise<void> {
  const outbox = createTillOutbox({ enabled: true, currency: () => 'SGD' });
  const journal = openJournal({ filePath: journalFileIn(env('CRASH_DIR')), timeZone: 'Asia/Singapore', outbox });
  const status = createStatusBoard({ pending: () => outbox.pendingCount(), emit: () => undefined });
  const url = env('CRASH_URL');
  const sender = createSender({
    outbox,
    link: createHeadOfficeLink(async () => url),
    status,
    till: () => ({ tillId: env('CRASH_TILL'), shopId: 'shop-1' }),
    dayEvent: async () => null,
    today: () => journal.today(),
    log: (line) => process.stderr.write(`${line}\n`),
    batchSize: 3,
    retry: { firstMs: 20, maxMs: 100 },
  });
  outbox.onChange(() => sender.wake());
  // A line each time an acknowledged batch changed what waits: the parent kills on the n-th.
  let lastSentAt: string | null = null;
  const report = setInterval(() => {
    const sentAt = status.current().lastSentAt;
    if (sentAt !== lastSentAt) {
      lastSentAt = sentAt;
      process.stdout.write(`sent ${outbox.pendingCount()}\n`);
    }
  }, 5);
  if (process.env['CRASH_MODE'] === 'drain') {
    sender.wake();
    while (outbox.pendingCount() > 0 || status.current().state !== 'connected') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sender.wake();
    }
    clearInterval(report);
    process.stdout.write(`drained ${outbox.pendingCount()} ${outbox.waiting(1).length}\n`);
    await sender.close();
    journal.close();
    process.exit(0);
  }
  for (let n = 0; ; n += 1) {
    const referenceId = journal.newReferenceId('TILL-01');
    journal.recordAttempt({ referenceId, method: 'merchant-qr', amount: money(100 + n, 'SGD'), posId: 'POS-1' });
    journal.updateAttempt(referenceId, { state: 'final', providerStatus: 'CAPTURED' });
    process.stdout.write(`sold ${referenceId}\n`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

if (process.env['CRASH_DIR']) void main();
