import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';

// Whether what Electron's safeStorage produced really protects a secret. On Linux (and the BSDs) without an
// OS key store, Chromium encrypts with a key written in its own source code: the `basic_text` backend of
// the sync API, the POSIX fallback key provider of the async one. Its ciphertext starts with "v10"; with a
// key store it starts with "v11". On macOS and Windows "v10" is Keychain / DPAPI, which is fine.
//
// Checking the backend name is not enough: getSelectedStorageBackend() describes the sync API only, and
// the async API (which the vault uses) falls back to the hard-coded key without saying so. So every blob is
// checked before it is written and before it is read: a secret is never stored pretending to be encrypted.

/** The prefix Chromium puts on data encrypted with its hard-coded POSIX key. */
const HARD_CODED_KEY_PREFIX = 'v10';
/** Platforms whose "v10" is the OS key store, not the hard-coded key. */
const OS_KEY_STORE_V10 = new Set(['darwin', 'win32']);

export const UNPROTECTED_NOTICE = notice('vault.no-key-store');

/** True when `backend` (safeStorage.getSelectedStorageBackend()) is the one that protects nothing. */
export function isUnprotectedBackend(platform: string, backend: string): boolean {
  return platform === 'linux' && backend === 'basic_text';
}

/** True when `ciphertext` was encrypted with a key only the OS key store holds. */
export function isProtectedCiphertext(platform: string, ciphertext: Uint8Array): boolean {
  if (OS_KEY_STORE_V10.has(platform)) return ciphertext.length > 0;
  const prefix = Buffer.from(ciphertext.subarray(0, HARD_CODED_KEY_PREFIX.length)).toString('latin1');
  return ciphertext.length > 0 && prefix !== HARD_CODED_KEY_PREFIX;
}

/** Throws vault.unavailable, with a message an admin can act on, unless `ciphertext` is protected. */
export function assertProtectedCiphertext(platform: string, ciphertext: Uint8Array): void {
  if (!isProtectedCiphertext(platform, ciphertext))
    throw new PosError('vault.unavailable', { notice: UNPROTECTED_NOTICE });
}
