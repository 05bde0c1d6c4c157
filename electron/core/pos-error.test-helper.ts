import { PosError } from '../../shared/errors.ts';

// Test support: the typed error a call must end in.

/** The PosError `promise` rejects with; fails the test when it resolves or throws anything else. */
export async function caught(promise: Promise<unknown>): Promise<PosError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PosError) return error;
    throw error;
  }
  throw new Error('expected a PosError');
}
