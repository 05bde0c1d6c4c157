import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { expect, it } from 'vitest';

// close() must leave nothing behind that keeps the process alive: a till's web host or a test runner that
// closes the service exits at once, not after the close grace period. Run in a child process, because
// whether Node exits on its own is the thing measured.

const here = import.meta.dirname;
const url = (path: string): string => pathToFileURL(join(here, path)).href;

const SCRIPT = `
const { removeFolder, tempFolder } = await import(${JSON.stringify(url('../../testing/helpers.ts'))});
const { startSandbox } = await import(${JSON.stringify(url('../../sandbox/server.ts'))});
const { openTestContext } = await import(${JSON.stringify(url('./payment-test-context.test-helper.ts'))});
const { createPaymentModule } = await import(${JSON.stringify(url('./payment-service.ts'))});
const sandbox = await startSandbox({ seed: 1 });
const dataDir = tempFolder('payments-close-');
const test = await openTestContext({ dataDir, sandbox });
const module = await createPaymentModule({ closeGraceMs: 30_000, timeZone: 'UTC' })(test.context);
// An open order: its worker is sleeping between polls when close() comes.
await module.handlers['payments.chargeMerchantQr']({ amountMinor: 500, currency: 'SGD' });
await module.close();
await test.close();
await sandbox.close();
removeFolder(dataDir);
process.stdout.write('closed\\n');
`;

it('after close() with an open order, the process exits by itself well within the close grace period', async () => {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', '--input-type=module', '-e', SCRIPT],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  let closedAt: number | null = null;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (closedAt === null && stdout.includes('closed')) closedAt = Date.now();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(killer);
  const exitedAt = Date.now();
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(closedAt).not.toBeNull();
  expect(exitedAt - closedAt!).toBeLessThan(3_000);
}, 60_000);
