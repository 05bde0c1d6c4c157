import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import type { UpdateSettings } from '../../../shared/updates.ts';
import { freePort } from '../../sandbox/sandbox.test-helper.ts';
import { SYSTEM_TIMERS } from '../timers.ts';
import { createFeedEngine } from './feed-engine.ts';
import { TEST_KEYS } from './test-publisher-key.test-helper.ts';
import { startLocalFeed, type LocalFeed } from './local-feed.test-helper.ts';
import { rolloutBucket } from './update-decision.ts';
import { createUpdateModule, type UpdateModule } from './update-module.ts';
import { updateHealth } from './update-health.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The module end to end under Node: daily check, background download and verification from a real local feed,
// and installs that wait for the window and for every payment to be settled. "Installing" records the call:
// only the app can restart into a new version (adapters/updater.ts).

const INSTALLER = Buffer.from('Wallet POS 1.5.0 '.repeat(20_000));
const TILL = 'POS-0042/TILL-01';

let feed: LocalFeed;
let directory: string;
let clock: Date;
let payments: { pendingCount: number; unresolvedCount: number };
let installs: number;
let settings: UpdateSettings;
let adminVerified: boolean;

beforeEach(async () => {
  feed = await startLocalFeed();
  directory = tempFolder('wallet-pos-update-module-');
  clock = new Date(2026, 10, 27, 14, 0); // trading hours
  payments = { pendingCount: 0, unresolvedCount: 0 };
  installs = 0;
  settings = { feedUrl: feed.url, windowStart: '02:00', windowEnd: '05:00' };
  adminVerified = true;
});

afterEach(async () => {
  await feed.close();
  removeFolder(directory);
});

function module(running = '1.4.2', tillIdentity = TILL): UpdateModule {
  return createUpdateModule({
    engine: createFeedEngine({
      directory,
      publisherKeys: TEST_KEYS,
      platform: 'win32',
      install: async () => {
        installs += 1;
      },
    }),
    runningVersion: running,
    settings: () => settings,
    tillIdentity: () => tillIdentity,
    payments: () => payments,
    requireAdmin: async () => {
      if (!adminVerified) throw new PosError('admin.pin-required');
    },
    timers: SYSTEM_TIMERS,
    now: () => clock,
    log: () => {},
  });
}

const errorCodeOf = async (work: Promise<unknown>): Promise<string> =>
  work.then(
    () => 'no error',
    (error: unknown) => (error instanceof PosError ? error.code : String(error)),
  );

describe('update module', () => {
  it('downloads in trading hours, waits, and installs in the window once no payment is open', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    const updates = module();
    await updates.tick();
    expect(updates.status()).toMatchObject({
      runningVersion: '1.4.2',
      phase: 'ready',
      waiting: { version: '1.5.0' },
      installAt: new Date(2026, 10, 28, 2, 0).toISOString(),
      heldBy: 'outside-window',
      problem: null,
    });
    expect(installs).toBe(0);

    clock = new Date(2026, 10, 28, 2, 30);
    payments = { pendingCount: 1, unresolvedCount: 0 };
    await updates.tick();
    expect(updates.status().heldBy).toBe('payment-open');
    payments = { pendingCount: 0, unresolvedCount: 1 };
    await updates.tick();
    expect(updates.status().heldBy).toBe('payment-in-doubt');
    expect(installs).toBe(0);

    payments = { pendingCount: 0, unresolvedCount: 0 };
    await updates.tick();
    expect(installs).toBe(1);
    // Checked once: the day's check was made at 14:00, the downloads once.
    expect(feed.requests('latest.yml')).toBe(1);
    expect(feed.requests('Wallet-POS-Setup-1.5.0.exe')).toBe(1);
  });

  it('lets an admin restart to update outside the window, never over an open or doubtful payment', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    const updates = module();
    await updates.tick();
    payments = { pendingCount: 1, unresolvedCount: 0 };
    expect(await errorCodeOf(updates.handlers['updates.installNow']({}))).toBe('updates.payment-open');
    payments = { pendingCount: 0, unresolvedCount: 3 };
    expect(await errorCodeOf(updates.handlers['updates.installNow']({}))).toBe('updates.payment-in-doubt');
    payments = { pendingCount: 0, unresolvedCount: 0 };
    adminVerified = false;
    expect(await errorCodeOf(updates.handlers['updates.installNow']({}))).toBe('admin.pin-required');
    expect(installs).toBe(0);
    adminVerified = true;
    await updates.handlers['updates.installNow']({});
    expect(installs).toBe(1);
  });

  it('has nothing to restart for before a download', async () => {
    const updates = module();
    expect(await errorCodeOf(updates.handlers['updates.installNow']({}))).toBe('updates.nothing-waiting');
  });

  it('refuses a corrupted download and keeps the running version, saying so', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    feed.corruptFile(Buffer.from(INSTALLER).fill(0x41, 0, 10));
    const updates = module();
    clock = new Date(2026, 10, 28, 3, 0); // inside the window: it would install at once if it were kept
    await updates.tick();
    expect(updates.status()).toMatchObject({
      phase: 'idle',
      waiting: null,
      offered: { version: '1.5.0', verdict: 'take' },
      problem: { stage: 'verify', version: '1.5.0' },
    });
    expect(updateHealth(updates.status()).ok).toBe(false);
    expect(installs).toBe(0);
  });

  it('keeps the running version when the feed server is down, and tries again the next day', async () => {
    settings = { ...settings, feedUrl: `http://127.0.0.1:${await freePort()}/pos` };
    const updates = module();
    await updates.tick();
    expect(updates.status()).toMatchObject({ phase: 'idle', waiting: null, problem: { stage: 'feed', version: null } });
    expect(updates.status().nextCheckAt).toBe(new Date(2026, 10, 28, 14, 0).toISOString());
    // The shop's IT fixes the address: another feed starts afresh, checked at the next round.
    feed.publish({ version: '1.5.0', file: INSTALLER });
    settings = { ...settings, feedUrl: feed.url };
    await updates.tick();
    expect(updates.status()).toMatchObject({ phase: 'ready', problem: null, waiting: { version: '1.5.0' } });
  });

  it('never downgrades, and does not download what it already runs', async () => {
    feed.publish({ version: '1.4.1', file: INSTALLER });
    const updates = module('1.4.2');
    await updates.tick();
    expect(updates.status()).toMatchObject({ phase: 'idle', offered: { verdict: 'not-newer' }, waiting: null });
    expect(feed.requests('Wallet-POS-Setup-1.4.1.exe')).toBe(0);
  });

  it('honours the staged rollout with the till’s own bucket, the same at every check', async () => {
    const tills = Array.from({ length: 40 }, (_, i) => `POS-${i}/TILL-01`);
    const inside = tills.find((till) => rolloutBucket(till) < 30)!;
    const outside = tills.find((till) => rolloutBucket(till) >= 30)!;
    feed.publish({ version: '1.5.0', file: INSTALLER, stagingPercentage: 30 });

    const left = module('1.4.2', outside);
    for (let day = 0; day < 3; day += 1) {
      clock = new Date(2026, 10, 27 + day, 14, 0);
      await left.tick();
      expect(left.status().offered?.verdict).toBe('not-in-rollout');
    }
    expect(feed.requests('Wallet-POS-Setup-1.5.0.exe')).toBe(0);

    const taken = module('1.4.2', inside);
    await taken.tick();
    expect(taken.status()).toMatchObject({ phase: 'ready', offered: { verdict: 'take', stagingPercentage: 30 } });
  });

  it('says when no feed is set, or when it runs where nothing can be installed', async () => {
    settings = { ...settings, feedUrl: '' };
    const updates = module();
    await updates.tick();
    expect(updates.status()).toMatchObject({ phase: 'off', nextCheckAt: null });
    expect(feed.requests('latest.yml')).toBe(0);
    const preview = createUpdateModule({
      engine: null,
      runningVersion: '1.4.2',
      settings: () => ({ ...settings, feedUrl: feed.url }),
      tillIdentity: () => TILL,
      payments: () => payments,
      requireAdmin: async () => {},
      timers: SYSTEM_TIMERS,
      log: () => {},
    });
    expect(preview.status().phase).toBe('unavailable');
    expect(updateHealth(preview.status()).ok).toBe(true);
    expect(await errorCodeOf(preview.handlers['updates.installNow']({}))).toBe('updates.not-available');
  });

  it('keeps the running version when the install fails, and does not retry it by itself every minute', async () => {
    feed.publish({ version: '1.5.0', file: INSTALLER });
    let attempts = 0;
    const updates = createUpdateModule({
      engine: {
        ...createFeedEngine({ directory, platform: 'win32', publisherKeys: TEST_KEYS }),
        install: async () => {
          attempts += 1;
          throw new Error('installer exited with code 2');
        },
      },
      runningVersion: '1.4.2',
      settings: () => settings,
      tillIdentity: () => TILL,
      payments: () => payments,
      requireAdmin: async () => {},
      timers: SYSTEM_TIMERS,
      now: () => clock,
      log: () => {},
    });
    clock = new Date(2026, 10, 28, 2, 30);
    await updates.tick();
    await updates.tick();
    expect(attempts).toBe(1);
    expect(updates.status()).toMatchObject({
      runningVersion: '1.4.2',
      phase: 'ready',
      waiting: { version: '1.5.0' },
      problem: { stage: 'install', version: '1.5.0' },
    });
    // The admin may try again by hand.
    await updates.handlers['updates.installNow']({});
    expect(attempts).toBe(2);
  });
});
