import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

// `npm run verify-journal` as a person runs it: a plain Node process, its exit code and what it printed.

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const run = promisify(execFile);

export async function runVerifyJournal(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      [
        '--experimental-strip-types',
        '--no-warnings=ExperimentalWarning',
        'electron/core/audit-chain/verify-cli.ts',
        ...args,
      ],
      { cwd: ROOT },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}
