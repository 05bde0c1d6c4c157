import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PUBLISHER_KEYS } from './publisher-keys.ts';
import { makeReleaseKeyPair, RELEASE_KEY_ENV, releaseKeyFrom, signReleaseFolder } from './release-sign.ts';

// `npm run release:sign`: signs a built release's feed manifests (README → "Signing releases"). Plain Node.

const USAGE = `Usage: npm run release:sign -- [--key FILE] [FOLDER]
       npm run release:sign -- --keygen DIR

  FOLDER        the release folder electron-builder wrote (default: release); every latest*.yml in it gets a
                latest*.yml.sig beside it, to upload with the rest
  --key FILE    the release key (Ed25519 private key, PEM); default: the ${RELEASE_KEY_ENV} environment variable
  --keygen DIR  makes a new key pair in DIR (never over an existing one) and prints the public key to pin in
                electron/core/updates/publisher-keys.ts`;

function main(): number {
  const { values, positionals } = parseArgs({
    options: {
      key: { type: 'string' },
      keygen: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.keygen) {
    const pair = makeReleaseKeyPair(resolve(values.keygen));
    console.log(`Private key: ${pair.privateKeyFile} (keep it offline; never commit it)`);
    console.log(`Public key:  ${pair.publicKeyFile}; add it to PUBLISHER_KEYS:\n\n${pair.publicKey}`);
    return 0;
  }
  const key = releaseKeyFrom(values.key, process.env);
  if (key === null) {
    console.error(`No release key: pass --key FILE or set ${RELEASE_KEY_ENV}.\n\n${USAGE}`);
    return 2;
  }
  const folder = resolve(positionals[0] ?? 'release');
  for (const signed of signReleaseFolder(folder, key, PUBLISHER_KEYS)) {
    console.log(`${signed.manifest} → ${signed.signature}`);
    if (!signed.pinned)
      console.warn(`  warning: this key is not in publisher-keys.ts; tills of this build refuse the feed`);
  }
  return 0;
}

// Runs only as the command (imported, as the bare-Node import test does, it does nothing).
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
