import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_TIMERS } from '../timers.ts';
import { createFeedEngine } from './feed-engine.ts';
import { signedByPublisher, signManifest } from './feed-signature.ts';
import { startLocalFeed, type LocalFeed } from './local-feed.test-helper.ts';
import { sameRelease } from './signed-feed.ts';
import { PUBLISHER_KEYS } from './publisher-keys.ts';
import {
  otherPublisherKey,
  TEST_KEYS,
  TEST_PUBLISHER_PRIVATE_KEY,
  TEST_PUBLISHER_PUBLIC_KEY,
} from './test-publisher-key.test-helper.ts';
import { createUpdateModule, type UpdateModule } from './update-module.ts';

// Updates only from the publisher, for real: a feed on loopback, the module's round, and what updates.status
// says. A manifest with no signature, a bad one or another key's is refused before it is read; a download that
// does not match the signed manifest is not kept; nothing is installed in any of these cases.

const INSTALLER = Buffer.from('MZ… Wallet POS 1.5.0 signed installer '.repeat(4000));

let feed: LocalFeed;
let directory: string;
let installs: number;

beforeEach(async () => {
  feed = await startLocalFeed();
  directory = mkdtempSync(join(tmpdir(), 'wallet-pos-feed-signature-'));
  installs = 0;
});

afterEach(async () => {
  await feed.close();
  rmSync(directory, { recursive: true, force: true });
});

/** A till inside its maintenance window with nothing open: anything verified installs at the first round. */
function till(publisherKeys: readonly string[] = TEST_KEYS): UpdateModule {
  return createUpdateModule({
    engine: createFeedEngine({
      directory,
      platform: 'win32',
      publisherKeys,
      install: async () => {
        installs += 1;
      },
    }),
    runningVersion: '1.4.2',
    settings: () => ({ feedUrl: feed.url, windowStart: '00:00', windowEnd: '23:59' }),
    tillIdentity: () => 'pos-1/till-1',
    payments: () => ({ pendingCount: 0, unresolvedCount: 0 }),
    requireAdmin: async () => {},
    timers: SYSTEM_TIMERS,
    log: () => {},
  });
}

async function refusedRound(module: UpdateModule) {
  await module.tick();
  const status = module.status();
  expect(status.problem).toMatchObject({ stage: 'feed', code: 'updates.signature-invalid' });
  expect(status.waiting).toBeNull();
  expect(status.offered).toBeNull();
  expect(feed.requests('Wallet-POS-Setup-1.5.0.exe')).toBe(0);
  expect(readdirSync(directory)).toEqual([]);
  expect(installs).toBe(0);
}

describe('a feed the publisher did not sign is refused', () => {
  it('refuses a manifest with no signature beside it', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER, signedWith: null });
    await refusedRound(till());
    expect(feed.requests('latest.yml.sig')).toBe(1);
  });

  it('refuses a manifest changed after it was signed (another file’s digest slipped in)', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    feed.tamperManifest((yaml) => yaml.replaceAll('1.5.0', '1.5.1'));
    await refusedRound(till());
  });

  it('refuses a manifest signed by a key the till does not pin', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER, signedWith: otherPublisherKey().privateKey });
    await refusedRound(till());
  });

  it('refuses a signature that is not one (empty, not base64, truncated)', () => {
    const manifest = Buffer.from('version: 1.5.0\n');
    const good = signManifest(manifest, TEST_PUBLISHER_PRIVATE_KEY);
    expect(signedByPublisher(manifest, good, TEST_KEYS)).toBe(true);
    for (const bad of [null, '', '***', good.slice(0, 40), `${good.trim()}AA`])
      expect(signedByPublisher(manifest, bad, TEST_KEYS)).toBe(false);
    // The tests' key is not one the app trusts.
    expect(signedByPublisher(manifest, good, PUBLISHER_KEYS)).toBe(false);
    expect(PUBLISHER_KEYS).not.toContain(TEST_PUBLISHER_PUBLIC_KEY);
  });
});

describe('a signed feed', () => {
  it('is taken, downloaded and installed', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    const module = till();
    await module.tick();
    expect(module.status().problem).toBeNull();
    expect(installs).toBe(1);
  });

  it('whose file does not match the signed SHA-512 is not kept and not installed', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    const tampered = Buffer.from(INSTALLER);
    tampered[500] = tampered[500]! ^ 0x01;
    feed.corruptFile(tampered);
    const module = till();
    await module.tick();
    expect(module.status().problem).toMatchObject({ stage: 'verify', version: '1.5.0' });
    expect(module.status().waiting).toBeNull();
    expect(readdirSync(directory)).toEqual([]);
    expect(installs).toBe(0);
  });

  it('is accepted under either key during a rotation (the old one and the new one pinned together)', async () => {
    const next = otherPublisherKey();
    const rotating = [TEST_PUBLISHER_PUBLIC_KEY, next.publicKey];
    feed.publish({ version: '1.5.0', file: INSTALLER });
    const byOld = till(rotating);
    await byOld.tick();
    expect(byOld.status().problem).toBeNull();
    expect(installs).toBe(1);

    feed.publish({ version: '1.6.0', file: INSTALLER, signedWith: next.privateKey });
    const byNew = till(rotating);
    await byNew.tick();
    expect(byNew.status()).toMatchObject({ problem: null, offered: { version: '1.6.0' } });
    expect(installs).toBe(2);
    // A till that pins only the old key refuses the release signed by the new one.
    const oldOnly = till();
    await oldOnly.tick();
    expect(oldOnly.status()).toMatchObject({ problem: { code: 'updates.signature-invalid' }, waiting: null });
    expect(installs).toBe(2);
  });
});

describe('the app’s second reading (electron-updater’s) must be the signed release', () => {
  const signed = {
    version: '1.5.0',
    files: [{ url: 'Wallet-POS-Setup-1.5.0.exe', sha512: `${'A'.repeat(86)}==`, size: 10 }],
    releaseDate: null,
    stagingPercentage: null,
  };
  it('accepts the same version and files, and refuses another digest, file or version', () => {
    expect(
      sameRelease(signed, { ...signed, releaseDate: '2026-11-20', files: [{ ...signed.files[0]!, size: null }] }),
    ).toBe(true);
    expect(sameRelease(signed, { ...signed, files: [{ ...signed.files[0]!, sha512: `${'B'.repeat(86)}==` }] })).toBe(
      false,
    );
    expect(sameRelease(signed, { ...signed, files: [{ ...signed.files[0]!, url: 'evil.exe' }] })).toBe(false);
    expect(sameRelease(signed, { ...signed, version: '1.5.1' })).toBe(false);
  });
});
