import type { AppUpdater, UpdateInfo } from 'electron-updater';
import type { FeedRelease } from '../core/updates/feed-format.ts';
import { UpdateFailure, type UpdateEngine } from '../core/updates/update-engine.ts';

// The core's update engine in the app: electron-updater on a "generic" feed (the URL in Settings → Updates).
// The core decides (core/updates/update-module.ts): this only does what it is told. So electron-updater never
// downloads by itself (autoDownload off), never installs on an ordinary quit (autoInstallOnAppQuit off: the
// core installs in the maintenance window with no payment open), never downgrades, and leaves the staged
// rollout to the core, which only asks for a download once this till's bucket is in (so the check here says
// "in" for every till). electron-updater verifies the download's sha512 against latest.yml, and on Windows the
// installer's Authenticode publisher when app-update.yml names one (electron-builder's publish config).
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
      return releaseOf(result.updateInfo);
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
