// The public keys whose signature on a feed manifest this build trusts (feed-signature.ts). The private half is
// the publisher's, kept offline (README → "Signing releases"); `npm run release:sign -- --keygen DIR` makes a
// pair and prints the line to add here.
//
// Rotation: add the new key beside the old one and ship that release signed with the old key; sign the next
// releases with the new key, and remove the old one from the release after (each till has then installed a
// version that trusts the new key). A till never has to accept an unsigned feed on the way.

export const PUBLISHER_KEYS: readonly string[] = [
  `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAl9g/ejSM0yqdGCpgibwFKTrgK3mrtSmKUd8auQCM/hE=
-----END PUBLIC KEY-----
`,
];
