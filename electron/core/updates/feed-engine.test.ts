import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../sandbox/sandbox.test-helper.ts';
import { createFeedEngine, fileUrl } from './feed-engine.ts';
import { TEST_KEYS } from './test-publisher-key.test-helper.ts';
import { startLocalFeed, type LocalFeed } from './local-feed.test-helper.ts';
import { UpdateFailure } from './update-engine.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The feed handling for real: a web server on loopback serving latest.yml and the installer, the engine reading,
// downloading and verifying it into a real folder. A file that does not match the feed is never kept.

const INSTALLER = Buffer.from('MZ… Wallet POS 1.5.0 installer bytes '.repeat(5000));

let feed: LocalFeed;
let directory: string;

beforeEach(async () => {
  feed = await startLocalFeed();
  directory = tempFolder('wallet-pos-updates-');
});

afterEach(async () => {
  await feed.close();
  removeFolder(directory);
});

const failureOf = async (work: Promise<unknown>): Promise<UpdateFailure> => {
  const error: unknown = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UpdateFailure);
  return error as UpdateFailure;
};

describe('feed engine against a local feed', () => {
  it('reads the served feed (latest.yml on Windows, the platform’s own file elsewhere)', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER, stagingPercentage: 20 });
    const release = await createFeedEngine({ directory, platform: 'win32', publisherKeys: TEST_KEYS }).latest(feed.url);
    expect(release).toMatchObject({
      version: '1.5.0',
      stagingPercentage: 20,
      releaseDate: '2026-11-20T09:00:00.000Z',
      files: [{ url: 'Wallet-POS-Setup-1.5.0.exe', size: INSTALLER.length }],
    });
    expect(feed.requests('latest.yml')).toBe(1);
    // A Linux till asks for latest-linux.yml, which this feed does not serve: a feed failure, not a crash.
    expect(
      (await failureOf(createFeedEngine({ directory, platform: 'linux', publisherKeys: TEST_KEYS }).latest(feed.url)))
        .stage,
    ).toBe('feed');
  });

  it('downloads the file and keeps it only once its sha512 and size match', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    const engine = createFeedEngine({ directory, platform: 'win32', publisherKeys: TEST_KEYS });
    await engine.download(feed.url, await engine.latest(feed.url));
    expect(readdirSync(directory)).toEqual(['Wallet-POS-Setup-1.5.0.exe']);
    expect(readFileSync(join(directory, 'Wallet-POS-Setup-1.5.0.exe')).equals(INSTALLER)).toBe(true);
  });

  it('refuses a corrupted file (same size, other bytes) and keeps nothing of it', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    const corrupted = Buffer.from(INSTALLER);
    corrupted[1000] = corrupted[1000]! ^ 0xff;
    feed.corruptFile(corrupted);
    const engine = createFeedEngine({ directory, platform: 'win32', publisherKeys: TEST_KEYS });
    const failure = await failureOf(engine.download(feed.url, await engine.latest(feed.url)));
    expect(failure.stage).toBe('verify');
    expect(failure.message).toMatch(/sha512/);
    expect(readdirSync(directory)).toEqual([]);
    expect((await failureOf(engine.install())).stage).toBe('install');
  });

  it('refuses a file longer or shorter than the feed says', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    const engine = createFeedEngine({ directory, platform: 'win32', publisherKeys: TEST_KEYS });
    const release = await engine.latest(feed.url);
    feed.corruptFile(Buffer.concat([INSTALLER, Buffer.from('tail')]));
    expect((await failureOf(engine.download(feed.url, release))).message).toMatch(/larger/);
    feed.corruptFile(INSTALLER.subarray(0, 100));
    expect((await failureOf(engine.download(feed.url, release))).message).toMatch(/size 100 bytes/);
    expect(readdirSync(directory)).toEqual([]);
  });

  it('fails the check when the feed server is down (the running version stays)', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}/wallet-pos/stable`;
    const failure = await failureOf(
      createFeedEngine({ directory, platform: 'win32', publisherKeys: TEST_KEYS }).latest(nobody),
    );
    expect(failure.stage).toBe('feed');
  });

  it('never downloads over plain http from another computer, whatever the feed names', () => {
    const file = { url: 'http://downloads.example.com/setup.exe', sha512: `${'A'.repeat(86)}==`, size: null };
    expect(() => fileUrl('https://updates.example.com/pos/', file)).toThrow(UpdateFailure);
    expect(fileUrl('https://updates.example.com/pos', { ...file, url: 'setup.exe' }).href).toBe(
      'https://updates.example.com/pos/setup.exe',
    );
  });
});
