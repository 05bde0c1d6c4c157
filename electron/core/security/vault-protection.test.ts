import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { assertProtectedCiphertext, isProtectedCiphertext, isUnprotectedBackend } from './vault-protection.ts';

const blob = (prefix: string): Buffer =>
  Buffer.concat([Buffer.from(prefix, 'latin1'), Buffer.from([0x8f, 0x01, 0x22, 0xd4, 0x7a])]);

describe('isProtectedCiphertext', () => {
  it('refuses what Linux and the BSDs encrypt with the hard-coded key (v10), whatever the backend says', () => {
    for (const platform of ['linux', 'freebsd', 'openbsd'])
      expect(isProtectedCiphertext(platform, blob('v10'))).toBe(false);
  });

  it('accepts what a Linux key store encrypted (v11)', () => {
    expect(isProtectedCiphertext('linux', blob('v11'))).toBe(true);
  });

  it('accepts v10 on macOS (Keychain) and Windows (DPAPI)', () => {
    expect(isProtectedCiphertext('darwin', blob('v10'))).toBe(true);
    expect(isProtectedCiphertext('win32', blob('v10'))).toBe(true);
  });

  it('refuses an empty ciphertext everywhere', () => {
    for (const platform of ['linux', 'darwin', 'win32'])
      expect(isProtectedCiphertext(platform, new Uint8Array())).toBe(false);
  });
});

describe('assertProtectedCiphertext', () => {
  it('throws vault.unavailable naming the missing key store', () => {
    const error = (() => {
      try {
        assertProtectedCiphertext('linux', blob('v10'));
        return null;
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PosError);
    expect((error as PosError).code).toBe('vault.unavailable');
    expect((error as PosError).message).toMatch(/no OS key store/);
  });

  it('passes a protected blob', () => {
    expect(() => assertProtectedCiphertext('linux', blob('v11'))).not.toThrow();
  });
});

describe('isUnprotectedBackend', () => {
  it('refuses basic_text on Linux only', () => {
    expect(isUnprotectedBackend('linux', 'basic_text')).toBe(true);
    expect(isUnprotectedBackend('linux', 'gnome_libsecret')).toBe(false);
    expect(isUnprotectedBackend('linux', 'kwallet6')).toBe(false);
    expect(isUnprotectedBackend('darwin', 'basic_text')).toBe(false);
  });
});
