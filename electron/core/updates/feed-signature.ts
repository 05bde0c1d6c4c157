import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

// The publisher's signature on a release's feed manifest (electron-builder's latest*.yml). A web server or a
// CDN that serves the feed can be taken over; the key that signs releases is kept offline by the publisher. So
// the till trusts a manifest only when it carries an Ed25519 signature by one of the keys pinned in the app
// (publisher-keys.ts), and trusts a download only when its SHA-512 is the one that signed manifest names.
//
// The signature travels beside the manifest as `<manifest>.sig` (latest.yml.sig): base64 of the Ed25519
// signature over the manifest's exact bytes, one line. electron-builder's own files are left as they are, so
// any feed host serves them unchanged.

export const SIGNATURE_SUFFIX = '.sig';

/** The signature file's name for a manifest (latest.yml → latest.yml.sig). */
export const signatureFileFor = (manifest: string): string => `${manifest}${SIGNATURE_SUFFIX}`;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** An Ed25519 key from its PEM text; anything else is refused, so a pinned key can never be an RSA one by mistake. */
function ed25519(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${what} is not an Ed25519 key`);
  return key;
}

export const publicKeyOf = (pem: string): KeyObject => ed25519(createPublicKey(pem), 'the public key');
export const privateKeyOf = (pem: string): KeyObject => ed25519(createPrivateKey(pem), 'the release key');

/** The `.sig` file's text for a manifest: base64 of its Ed25519 signature, and a newline. */
export function signManifest(manifest: Uint8Array, privateKeyPem: string): string {
  return `${sign(null, manifest, privateKeyOf(privateKeyPem)).toString('base64')}\n`;
}

/** Whether one of the pinned keys signed these exact bytes. Any doubt (no signature, not base64) is a no. */
export function signedByPublisher(
  manifest: Uint8Array,
  signatureText: string | null,
  publicKeysPem: readonly string[],
): boolean {
  const text = signatureText?.trim() ?? '';
  if (text === '' || !BASE64.test(text)) return false;
  const signature = Buffer.from(text, 'base64');
  if (signature.length !== 64) return false;
  return publicKeysPem.some((pem) => verify(null, manifest, publicKeyOf(pem), signature));
}
