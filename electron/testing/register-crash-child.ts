// The focused register crash test's child (core/ecr/register-crash.slow.test.ts): the real payment service, journal and
// register connection, and the register (crash-register.ts) that drives it, in one process the parent kills
// while a register request is in flight. Modes (CRASH_MODE):
//   start    start a merchant-QR sale (the parent kills while the provider holds the answer)
//   refund   refund CRASH_REFERENCE in part (likewise)
//   recover  send again what the last life left unanswered, wait until nothing is open, print the memory
//
// Run: node --experimental-strip-types --no-warnings=ExperimentalWarning electron/testing/register-crash-child.ts

import { resolve } from 'node:path';
import { EMBEDDED_BASE_PATH } from '../core/instore/profiles.ts';
import { EMBEDDED_TOKENIZED_BASE_PATH } from '../core/tokenized/wire.ts';
import { startCrashRegister, withEventBus } from './crash-register-till.ts';
import { createPaymentModule } from '../core/payments/payment-service.ts';
import { openTestContext } from '../core/payments/payment-test-context.test-helper.ts';
import { sleep } from './helpers.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`register-crash-child: ${name} is not set`);
  return value;
};
const say = (line: string): void => void process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const origin = env('CRASH_SANDBOX_ORIGIN');
  const dataDir = env('CRASH_DATA_DIR');
  const test = await openTestContext({
    dataDir,
    sandbox: {
      origin,
      instoreBaseUrl: origin + EMBEDDED_BASE_PATH,
      tokenizedBaseUrl: origin + EMBEDDED_TOKENIZED_BASE_PATH,
    },
  });
  const events = withEventBus(test.context);
  const module = await createPaymentModule({
    client: { timeouts: { connectMs: 300, readMs: 5_000 }, retry: { maxAttempts: 1, baseDelayMs: 20, maxDelayMs: 60 } },
    schedule: { firstDelayMs: 40, steps: [[0, 80]] },
    settleMs: 1_000,
    statusRequestsPerSecond: 60,
    checkDelays: { baseMs: 50, maxMs: 300 },
    timeZone: 'UTC',
  })(events.context);
  const till = await startCrashRegister({ dataDir, test, module, subscribe: events.subscribe, say });
  say('ready');
  switch (env('CRASH_MODE')) {
    case 'start':
      await till.register.start({
        amountMinor: 4321,
        currency: 'SGD',
        method: 'merchant-qr',
        orderReference: 'CRASH-ORDER-1',
      });
      break;
    case 'refund':
      await till.register.refund(env('CRASH_REFERENCE'), 1000);
      break;
    case 'recover': {
      await till.register.recover();
      const until = Date.now() + 20_000;
      while (Date.now() < until) {
        const counts = module.counts();
        if (counts.unresolvedCount === 0) break;
        await sleep(50);
      }
      say(`memory ${JSON.stringify(till.register.memory())}`);
      break;
    }
  }
  say('finished');
  await till.close();
  await module.close();
  await test.close();
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `register-crash-child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
