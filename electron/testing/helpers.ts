import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PosError } from '../../shared/errors.ts';

// The small helpers every test shares — Node tests, dom tests (renderer/), the harness programs here and the
// e2e fixtures — so each test file keeps only what is its own. No test runner is imported: Vitest and
// Playwright both use these.

/** Waits `ms` on the real clock. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The PosError `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function caught(promise: Promise<unknown>): Promise<PosError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PosError) return error;
    throw error;
  }
  throw new Error('expected a PosError');
}

/** A new empty folder in the machine's temp folder, its name starting with `prefix`; removeFolder it after. */
export function tempFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Removes a folder with everything in it; one already gone is fine. Retried a few times on ENOTEMPTY: a file a
 * closed core's last log line or worker left a moment late must not fail the test that owned the folder.
 */
export function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
}
