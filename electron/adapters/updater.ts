import type { AppUpdater, UpdateInfo } from 'electron-updater';
import type { FeedRelease } from '../core/updates/feed-format.ts';
import { PUBLISHER_KEYS } from '../core/updates/publisher-keys.ts';
import { netFetch } from './net-fetch.ts';
import { readSignedRelease, sameRelease } from '../core/updates/signed-feed.ts';
import { UpdateFailure, type UpdateEngine } from '../core/updates/update-engine.ts';

// The core's update engine in the app: electron-updater on a "generic" feed (the URL in Settings → Updates).
// The core decides (core/updates/update-module.ts): this only does what it is told. So electron-updater never
// downloads by itself (autoDownload off), never installs on an ordinary quit (autoInstallOnAppQuit off: the
// core installs in the maintenance window with no payment open), never downgrades, and leaves the staged
// rollout to the core, which only asks for a download once this till's bucket is in (so the check here says
// "in" for every till). electron-updater verifies the download's sha512 against latest.yml, and on Windows the
// installer's Authenticode publisher, which app-update.yml names (.config/electron-builder.json: publish and
// win.signtoolOptions.publisherName).
// The publisher's signature on the manifest is checked first, on every platform, by the core's code
// (core/updates/signed-feed.ts): electron-updater is handed the feed only once its latest.yml is signed by a
// pinned key, and what electron-updater then reads must be that signed release (same version, same files, same
// SHA-512), so the digest it checks the download against is the signed one. A feed that changes between the
// two readings is refused like an unsigned one.
// Loaded on the first check only: a till without a feed never loads it.

export function createElectronUpdateEngine(log: (line: string) => void): UpdateEngine {
  let loading: Promise<AppUpdater> | null = null;
  let feedSet: string | null = null;
  const updater = (): Promise<AppUpdater> =>
    (loading ??= import('electron-updater').then(({ default: electronUpdater }) => {
      const { autoUpdater } = electronUpdater;
      autoUpdater.autoDownload = false;
      autoUpdater.autoInstallOnAppQuit = false;
      autoUpdater.allowDowngrade = false;
      autoUpdater.allowPrerelease = false;
      autoUpdater.isUserWithinRollout = () => true;
      autoUpdater.logger = { info: () => {}, warn: (message) => log(`updater: ${String(message)}`), error: () => {} };
      // Without a listener an 'error' event would throw in main; every failure is also the rejected promise below.
      autoUpdater.on('error', (error) => log(`updater error: ${error.message}`));
      return autoUpdater;
    }));

  return {
    async latest(feedUrl) {
      const signed = await readSignedRelease({
        fetch: netFetch,
        feedUrl,
        platform: process.platform,
        publisherKeys: PUBLISHER_KEYS,
      });
      const autoUpdater = await updater();
      if (feedSet !== feedUrl) {
        autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl });
        feedSet = feedUrl;
      }
      let result;
      try {
        result = await autoUpdater.checkForUpdates();
      } catch (error) {
        throw new UpdateFailure('feed', `feed not read: ${String(error)}`, { cause: error });
      }
      // null: an app that is not packaged (electron-updater is inactive there).
      if (!result) throw new UpdateFailure('feed', 'electron-updater is inactive (the app is not packaged)');
      if (!sameRelease(signed, releaseOf(result.updateInfo)))
        throw new UpdateFailure('feed', `electron-updater read another release than the signed ${signed.version}`, {
          code: 'updates.signature-invalid',
        });
      return signed;
    },
    async download() {
      const autoUpdater = await updater();
      try {
        await autoUpdater.downloadUpdate();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const refused = code === 'ERR_CHECKSUM_MISMATCH' || code === 'ERR_UPDATER_INVALID_SIGNATURE';
        throw new UpdateFailure(refused ? 'verify' : 'download', `download failed: ${String(error)}`, { cause: error });
      }
    },
    async install() {
      const autoUpdater = await updater();
      try {
        // Silent on Windows, and the till opens again by itself afterwards.
        autoUpdater.quitAndInstall(true, true);
      } catch (error) {
        throw new UpdateFailure('install', `install did not start: ${String(error)}`, { cause: error });
      }
    },
  };
}

function releaseOf(info: UpdateInfo): FeedRelease {
  return {
    version: info.version,
    files: info.files.map((file) => ({ url: file.url, sha512: file.sha512, size: file.size ?? null })),
    releaseDate: info.releaseDate || null,
    stagingPercentage: typeof info.stagingPercentage === 'number' ? info.stagingPercentage : null,
  };
}
