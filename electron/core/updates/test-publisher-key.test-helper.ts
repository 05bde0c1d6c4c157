import { generateKeyPairSync } from 'node:crypto';

// The publisher key of the tests only (never in PUBLISHER_KEYS): the local feed signs with it by default, and
// the engines under test pin it. Kept fixed so a failure names the same key on every run.

export const TEST_PUBLISHER_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEATbqXejmUhtZHNYQ9NB4QDG0Jq4Kb96cf7wv7a3OR0cM=
-----END PUBLIC KEY-----
`;

export const TEST_PUBLISHER_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIJeE6pp84IKemtiRp8uWGWhy6/mI9ZsumImVyQa5n/i3
-----END PRIVATE KEY-----
`;

/** What an engine under test pins: the tests' publisher key only. */
export const TEST_KEYS: readonly string[] = [TEST_PUBLISHER_PUBLIC_KEY];

/** Another publisher's pair (a key the till does not pin, or a rotation's new key), made fresh per call. */
export function otherPublisherKey(): { readonly publicKey: string; readonly privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
