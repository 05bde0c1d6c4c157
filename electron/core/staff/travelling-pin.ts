import { hashPin, pinMatches } from '../settings/pin.ts';

// A person's PIN as it travels with the shop's roster (../head-office/roster/): scrypt at the PINs' own cost
// under a salt of this PERSON, so any till of the shop can check it without this till's salt or vault. The
// till-salted keys of staff-credentials.ts stay each till's fast index; this hash is what lets another till
// learn a person's key the first time they sign in there (staff-directory.ts says how).
//
// `pinHash` carries its parameters (`scrypt:N:r:p:<hash b64>`, settings' own format without the salt, which is
// `pinSalt`): a till of a later version with another cost still checks a hash an older till made.

export interface TravellingPin {
  /** base64: this person's salt. */
  readonly pinSalt: string;
  /** `scrypt:N:r:p:<hash b64>`. */
  readonly pinHash: string;
}

export async function travellingPinOf(pin: string): Promise<TravellingPin> {
  const [scheme, cost, blockSize, parallelism, salt, hash] = (await hashPin(pin)).split(':');
  return { pinSalt: salt!, pinHash: [scheme, cost, blockSize, parallelism, hash].join(':') };
}

/**
 * Whether `pin` is this person's (constant time). A hash that came from elsewhere malformed, or asking more
 * memory than scrypt is allowed here, matches nothing rather than failing the sign-in of everyone else.
 */
export async function travellingPinMatches(pin: string, travelling: TravellingPin): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, hash, ...rest] = travelling.pinHash.split(':');
  if (rest.length > 0 || !hash || ![cost, blockSize, parallelism].every((part) => /^\d{1,7}$/.test(part ?? ''))) {
    return false;
  }
  try {
    return await pinMatches(pin, [scheme, cost, blockSize, parallelism, travelling.pinSalt, hash].join(':'));
  } catch {
    return false;
  }
}

export function sameTravellingPin(a: TravellingPin | undefined, b: TravellingPin | undefined): boolean {
  return a?.pinSalt === b?.pinSalt && a?.pinHash === b?.pinHash;
}
