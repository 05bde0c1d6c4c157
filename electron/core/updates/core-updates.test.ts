import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { createCore } from '../core.ts';
import { closeOpenedCores, opened } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { createFeedEngine } from './feed-engine.ts';
import { TEST_KEYS } from './test-publisher-key.test-helper.ts';
import { startLocalFeed, type LocalFeed } from './local-feed.test-helper.ts';
import { tempFolder } from '../../testing/helpers.ts';

// The composed core with a feed engine on a local feed and a real open payment on the embedded sandbox: the
// update waits for the payment, the admin's button is refused in words while it is open, and the update
// installs by itself in the window once the payment is settled. ("Installing" is recorded: only the app restarts.)

const pad = (n: number): string => String(n).padStart(2, '0');
const hhmm = (date: Date): string => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

let feed: LocalFeed | null = null;
afterEach(async () => {
  await closeOpenedCores();
  await feed?.close();
});

describe('updates in the composed core', () => {
  it('waits for an open payment, refuses Restart to update over it, and installs in the window once it is settled', async () => {
    feed = await startLocalFeed();
    feed.publish({ version: '1.3.0', file: Buffer.from('Wallet POS 1.3.0 '.repeat(4000)) });
    const dir = tempFolder('core-updates-');
    let installs = 0;
    const core = await createCore({
      dataDir: dir,
      vault: new DevelopmentFileVault(join(dir, 'vault.json')),
      transport: 'electron',
      version: '1.2.3',
      statusIntervalMs: 60_000,
      updates: createFeedEngine({
        directory: join(dir, 'updates'),
        publisherKeys: TEST_KEYS,
        platform: 'win32',
        install: async () => {
          installs += 1;
        },
      }),
    });
    opened.push({ core, dir });
    expect((await core.handlers['updates.status']({})).phase).toBe('off');

    // A customer is paying (a merchant QR on screen) when the feed and a window around now are saved.
    const open = await core.handlers['payments.chargeMerchantQr']({ amountMinor: 450, currency: 'SGD' });
    const now = new Date();
    const window = { windowStart: hhmm(now), windowEnd: hhmm(new Date(now.getTime() + 120 * 60_000)) };
    await core.handlers['settings.save']({ settings: { updates: { feedUrl: feed.url, ...window } } });
    const ready = await waitFor(async () => {
      const status = await core.handlers['updates.status']({});
      return status.phase === 'ready' ? status : undefined;
    });
    expect(ready).toMatchObject({
      runningVersion: '1.2.3',
      waiting: { version: '1.3.0' },
      insideWindow: true,
      heldBy: 'payment-open',
    });
    expect(installs).toBe(0);
    expect(await dispatch(core.handlers, 'updates.installNow', {})).toMatchObject({
      ok: false,
      error: { code: 'updates.payment-open', retryable: true },
    });

    await core.handlers['payments.cancel']({ referenceId: open.referenceId });
    await waitFor(async () => {
      const { pendingCount, unresolvedCount } = await core.handlers['status.get']({});
      return pendingCount + unresolvedCount === 0 ? true : undefined;
    });
    // The next round (a save starts one at once; the minute's tick would too) installs it.
    await core.handlers['settings.save']({
      settings: { updates: { feedUrl: feed.url, ...window, windowStart: hhmm(new Date(now.getTime() - 60_000)) } },
    });
    await waitFor(() => (installs === 1 ? true : undefined));
    expect(feed.requests('latest.yml')).toBe(1);
  });
});
