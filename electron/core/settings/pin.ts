import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Supervisor and admin PINs are stored as salted scrypt hashes (in the vault, so even the hash is
// encrypted at rest) and compared in constant time: neither the vault file nor the timing of a wrong
// guess tells anything about the PIN.

export const PIN_PATTERN = /^\d{4,12}$/;
/**
 * A new admin's or supervisor's PIN: 6 digits at least. Their PIN opens Settings or approves refunds, and the
 * wrong-PIN budget (pin-lockout.ts) lets through about 15 guesses a day: 10,000 four-digit PINs fall in under
 * two years, a million six-digit ones in about 180.
 */
export const NEW_APPROVER_PIN_PATTERN = /^\d{6,12}$/;

const COST = 16_384;
// The cost of new derivations. Only the Vitest projects lower it (electron/testing/fast-pins.ts, a setup
// file), as Django's test settings swap in a fast password hasher: a stored hash names its own cost, so every
// check runs the same code; only the work per derivation differs (~50 ms here at 16,384, a sixteenth at 1,024).
let derivationCost = COST;
export function lowerPinCostForTests(cost: number): void {
  derivationCost = cost;
}
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

function derive(pin: string, salt: Buffer, cost: number, blockSize: number, parallelism: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, KEY_LENGTH, { N: cost, r: blockSize, p: parallelism, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt:N:r:p:<salt b64>:<hash b64>` */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, derivationCost, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', derivationCost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join(':');
}

/**
 * One key of `secret` under a salt shared by the whole till, at the PINs' own cost: the staff's keyed index
 * (../staff/staff-credentials.ts), where one derivation finds the person instead of one per person.
 */
export function deriveTillKey(secret: string, tillSalt: Buffer): Promise<Buffer> {
  return derive(secret, tillSalt, derivationCost, BLOCK_SIZE, PARALLELISM);
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split(':');
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallelism || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(pin, Buffer.from(salt, 'base64'), Number(cost), Number(blockSize), Number(parallelism));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
