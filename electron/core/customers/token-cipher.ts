import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { PosError } from '../../../shared/errors.ts';
import type { SecretVault } from '../settings/secret-vault.ts';

// Payment tokens at rest. A token lets the till charge a customer without asking again, so it never sits in
// the journal in clear: it is sealed with AES-256-GCM under a data key that lives in the secret vault (the
// OS key store in the app), and bound to its customer (the merchantUserId is the additional authenticated
// data), so a sealed token copied onto another customer's row does not open. The journal alone, a backup of
// it, or the renderer never see a usable token. Losing the vault key only means customers link again (the
// provider gives back the same token).

export const TOKEN_KEY_SECRET_NAME = 'tokenizedTokenKey';
const VERSION = 'v1';
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export class TokenCipher {
  readonly #vault: SecretVault;
  #key: Promise<Buffer> | null = null;

  constructor(vault: SecretVault) {
    this.#vault = vault;
  }

  async seal(token: string, merchantUserId: string): Promise<string> {
    const key = await this.#dataKey();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(merchantUserId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      sealed.toString('base64url'),
    ].join('.');
  }

  /** Throws payment-token.invalid when the sealed text cannot be opened (key lost, row tampered): relink. */
  async open(sealed: string, merchantUserId: string): Promise<string> {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !data || Buffer.from(tag, 'base64url').length !== TAG_BYTES)
      throw unreadable();
    const key = await this.#dataKey();
    try {
      // The whole 16-byte tag, always: without authTagLength, GCM accepts a tag cut to 4 bytes, and a forged
      // row would then need only about 2^32 tries to open.
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(merchantUserId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch (cause) {
      throw unreadable(cause);
    }
  }

  /**
   * The vault's data key, created on first use; one read per run (a vault read may ask the OS key store). A stored
   * key that is not 32 bytes of base64 is refused, never replaced: a new key would leave every sealed token
   * unreadable, and the damaged one may yet be restored from a backup.
   */
  #dataKey(): Promise<Buffer> {
    this.#key ??= (async () => {
      const stored = await this.#vault.get(TOKEN_KEY_SECRET_NAME);
      if (stored !== null) {
        const key = Buffer.from(stored, 'base64');
        if (key.length !== KEY_BYTES || key.toString('base64') !== stored) {
          throw new PosError('payment-token.key-unreadable', {
            cause: new Error(`The stored token key is not ${KEY_BYTES} bytes of base64.`),
          });
        }
        return key;
      }
      const key = randomBytes(KEY_BYTES);
      await this.#vault.set(TOKEN_KEY_SECRET_NAME, key.toString('base64'));
      return key;
    })();
    // A vault failure (no OS key store, a damaged key) must not be cached: the admin may fix it and try again.
    this.#key.catch(() => {
      this.#key = null;
    });
    return this.#key;
  }
}

function unreadable(cause?: unknown): PosError {
  // The code's text says it (link the customer again); why the sealed token did not open is for the log.
  return new PosError('payment-token.invalid', {
    cause: cause ?? new Error("This customer's stored link is not a sealed token this till can read."),
  });
}
