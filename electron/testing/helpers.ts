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
