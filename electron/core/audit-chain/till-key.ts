import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { SecretVault } from '../settings/secret-vault.ts';

// The till's own Ed25519 key, made at its first start and kept in the secret vault like the other secrets (the
// OS key store in the app): it signs the audit chain's exports, so an auditor can tell an export this till made
// from one rewritten afterwards. The public key is no secret: About shows it, and an export carries it; an
// auditor compares the two (or the one the head office keeps) once, then trusts every export it checks.

export const TILL_KEY_SECRET_NAME = 'auditChainSigningKey';

export interface TillKey {
  readonly privateKey: KeyObject;
  /** The public key, SPKI DER in base64: what an export carries and the verifier reads. */
  readonly publicKey: string;
  /** SHA-256 of the public key's DER, the first 16 hex characters in groups of four: what a person compares. */
  readonly fingerprint: string;
}

/** The till's key, made and stored on first use; one vault read per run. */
export function tillKeyFrom(vault: SecretVault): () => Promise<TillKey> {
  let key: Promise<TillKey> | null = null;
  return () => {
    key ??= loadOrMake(vault).catch((error: unknown) => {
      key = null; // A vault that could not be read now may be read later: ask again next time.
      throw error;
    });
    return key;
  };
}

async function loadOrMake(vault: SecretVault): Promise<TillKey> {
  const stored = await vault.get(TILL_KEY_SECRET_NAME);
  if (stored !== null) return tillKeyOf(createPrivateKey(stored));
  const { privateKey } = generateKeyPairSync('ed25519');
  await vault.set(TILL_KEY_SECRET_NAME, privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
  return tillKeyOf(privateKey);
}

function tillKeyOf(privateKey: KeyObject): TillKey {
  const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return { privateKey, publicKey: der.toString('base64'), fingerprint: fingerprintOf(der) };
}

export function fingerprintOf(publicKeyDer: Buffer): string {
  const hex = createHash('sha256').update(publicKeyDer).digest('hex').slice(0, 16);
  return hex.match(/.{4}/g)!.join(' ');
}
