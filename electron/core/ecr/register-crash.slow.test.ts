import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server.ts';
import { journalFileIn, openJournal } from '../payments/journal/index.ts';
import { sandboxOrders, setFaults } from '../payments/payment-service.test-helper.ts';
import type { RegisterMemory } from '../../testing/crash-register.ts';
import { CRASH_REGISTER_KEY_NAME } from '../../testing/crash-register.ts';
import { registerKeyIdNamed } from './key-store.ts';
import { removeFolder, sleep, tempFolder } from '../../testing/helpers.ts';

// A till SIGKILLed between a register's request and its answer, on purpose and every time (the random crash
// test, crash.slow.test.ts, also runs register sales, but a kill lands in that window only now and then): the
// provider is made to hold its answer (delayAfterActMs), the register's request is in flight, the till dies.
// After the restart the register sends the same request with the same Idempotency-Key: it must answer the
// payment (or the refund) the first request made, never make a second one, and GET tells the true outcome.

const CHILD = join(import.meta.dirname, '..', '..', 'testing', 'register-crash-child.ts');
let sandbox: RunningSandbox | null = null;
const dirs: string[] = [];
afterAll(async () => {
  await sandbox?.close();
  for (const dir of dirs) removeFolder(dir);
});

/** Runs the child; with killAfter, SIGKILLs it that long after the register's request left. */
function life(
  dataDir: string,
  mode: string,
  extra: Record<string, string> = {},
  killAfter?: { kind: string; ms: number },
) {
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', CHILD], {
    env: { ...process.env, CRASH_SANDBOX_ORIGIN: sandbox!.origin, CRASH_DATA_DIR: dataDir, CRASH_MODE: mode, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    if (killAfter && line.startsWith(`register sending ${killAfter.kind} `))
      setTimeout(() => child.kill('SIGKILL'), killAfter.ms);
  });
  return new Promise<{ code: number | null; lines: string[] }>((resolve) =>
    child.once('exit', (code) => resolve({ code, lines: stderr ? [...lines, stderr] : lines })),
  );
}

function memoryOf(lines: readonly string[]): RegisterMemory {
  const line = lines.find((l) => l.startsWith('memory '));
  if (!line) throw new Error(lines.join('\n'));
  return JSON.parse(line.slice('memory '.length)) as RegisterMemory;
}

it(
  'a register sale and a register refund killed in flight: the replay answers what the first made, once',
  { timeout: 120_000 },
  async () => {
    sandbox = await startSandbox({ confirmDelayMs: 100, seed: 15 });
    const dataDir = tempFolder('register-crash-');
    dirs.push(dataDir);

    // The provider creates the order, then holds the answer; the till dies while it waits.
    await setFaults(sandbox, { delayAfterActMs: 3_000, path: '/order/create' });
    const killed = await life(dataDir, 'start', {}, { kind: 'create', ms: 600 });
    expect(killed.code, killed.lines.join('\n')).toBeNull();
    expect(killed.lines.some((l) => l.startsWith('finished'))).toBe(false);
    const [order] = await sandboxOrders(sandbox);
    expect(order).toMatchObject({ orderAmount: 4321, status: 'CREATED' });

    await setFaults(sandbox, { delayAfterActMs: 0 });
    const recovered = await life(dataDir, 'recover');
    expect(recovered.code, recovered.lines.join('\n')).toBe(0);
    const [create] = memoryOf(recovered.lines).requests;
    expect(create).toMatchObject({ kind: 'create', referenceId: order!.referenceId, sends: 2 });
    // One order at the provider, one payment in the journal, and the register's key recorded with it.
    expect(await sandboxOrders(sandbox)).toHaveLength(1);
    const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC' });
    try {
      expect(journal.history({}).total).toBe(1);
      const keyId = registerKeyIdNamed(dataDir, CRASH_REGISTER_KEY_NAME)!;
      expect(journal.register.requestOf(keyId, create!.idempotencyKey)?.referenceId).toBe(order!.referenceId);
      expect(journal.viewOf(order!.referenceId)).toMatchObject({
        displayStatus: 'waiting',
        fromRegister: { keyId, keyName: CRASH_REGISTER_KEY_NAME, orderReference: 'CRASH-ORDER-1' },
      });
    } finally {
      journal.close();
    }

    // Paid; then a refund whose answer the provider holds while the till dies.
    await fetch(`${sandbox.origin}/_sandbox/consumer/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ referenceId: order!.referenceId }),
    });
    await sleep(400);
    await setFaults(sandbox, { delayAfterActMs: 3_000, path: '/refund' });
    const killedRefund = await life(
      dataDir,
      'refund',
      { CRASH_REFERENCE: order!.referenceId },
      { kind: 'refund', ms: 800 },
    );
    expect(killedRefund.code, killedRefund.lines.join('\n')).toBeNull();
    await setFaults(sandbox, { delayAfterActMs: 0 });
    const afterRefund = await life(dataDir, 'recover');
    expect(afterRefund.code, afterRefund.lines.join('\n')).toBe(0);
    const refund = memoryOf(afterRefund.lines).requests.find((r) => r.kind === 'refund');
    expect(refund).toMatchObject({ referenceId: order!.referenceId, sends: 2 });
    const [refunded] = await sandboxOrders(sandbox);
    expect(refunded!.refunds).toHaveLength(1);
    expect(refunded).toMatchObject({ status: 'CAPTURED', refundAmount: 1000 });
    const after = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC' });
    try {
      expect(after.refundsOf(order!.referenceId)).toMatchObject([
        { amountMinor: 1000, state: 'succeeded', refundId: refund!.refundId },
      ]);
    } finally {
      after.close();
    }
  },
);
