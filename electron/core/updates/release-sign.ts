import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signatureFileFor, signedByPublisher, signManifest } from './feed-signature.ts';

// The publisher's side of feed-signature.ts: sign every feed manifest electron-builder wrote (latest.yml,
// latest-mac.yml, latest-linux.yml) with the release key, and make a new key pair. The CLI is release-sign-cli.ts.

/** The environment variable that may hold the release key (PEM), for a build machine's secret store. */
export const RELEASE_KEY_ENV = 'WALLET_POS_RELEASE_KEY';

const MANIFEST = /^latest(-[a-z0-9]+)?\.yml$/;

export interface SignedManifest {
  readonly manifest: string;
  readonly signature: string;
  /** Whether this build's pinned keys accept it: false for a key not (yet) in publisher-keys.ts. */
  readonly pinned: boolean;
}

/** Writes `<manifest>.sig` beside every feed manifest in `folder`; refuses a folder without one. */
export function signReleaseFolder(
  folder: string,
  privateKeyPem: string,
  pinnedKeys: readonly string[],
): SignedManifest[] {
  const manifests = readdirSync(folder)
    .filter((name) => MANIFEST.test(name))
    .sort();
  if (manifests.length === 0) throw new Error(`no latest*.yml in ${folder}: build the release first`);
  return manifests.map((name) => {
    const bytes = readFileSync(join(folder, name));
    const signature = signManifest(bytes, privateKeyPem);
    writeFileSync(join(folder, signatureFileFor(name)), signature);
    return {
      manifest: name,
      signature: signatureFileFor(name),
      pinned: signedByPublisher(bytes, signature, pinnedKeys),
    };
  });
}

/** A new Ed25519 pair in `folder`: the private key readable by its owner only, and the public one to pin. */
export function makeReleaseKeyPair(folder: string): {
  privateKeyFile: string;
  publicKeyFile: string;
  publicKey: string;
} {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const privateKeyFile = join(folder, 'wallet-pos-release-key.pem');
  const publicKeyFile = join(folder, 'wallet-pos-release-key.pub.pem');
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  // 'wx': never over an existing key, which may be the only copy of the one every till trusts.
  writeFileSync(privateKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  writeFileSync(publicKeyFile, publicPem, { flag: 'wx' });
  return { privateKeyFile, publicKeyFile, publicKey: publicPem };
}

/** The release key's PEM: the file named, else the environment variable; null when neither gives one. */
export function releaseKeyFrom(keyFile: string | undefined, env: NodeJS.ProcessEnv): string | null {
  if (keyFile) return readFileSync(keyFile, 'utf8');
  const fromEnv = env[RELEASE_KEY_ENV]?.trim();
  return fromEnv ? `${fromEnv.replaceAll('\\n', '\n')}\n` : null;
}
