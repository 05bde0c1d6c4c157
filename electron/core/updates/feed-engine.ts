import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isAcceptableServiceUrl } from '../settings/service-url.ts';
import type { FeedFile, FeedRelease } from './feed-format.ts';
import { PUBLISHER_KEYS } from './publisher-keys.ts';
import { feedBase, readSignedRelease } from './signed-feed.ts';
import { UpdateFailure, type UpdateEngine } from './update-engine.ts';

// The update steps in plain Node: read the feed's latest.yml and its signature (latest.yml.sig), trust it only
// when one of the pinned publisher keys signed it, download its file in the background, and keep it only once
// its SHA-512 (and size) match that signed manifest. The app uses electron-updater for the same steps
// (adapters/updater.ts); this one runs where Electron cannot (tests, against a local feed on loopback), and its
// `install` is the caller's (nothing can replace a running Node process's code).

export interface FeedEngineOptions {
  /** Where a verified download is kept (`<dataDir>/updates`). */
  readonly directory: string;
  readonly fetch?: typeof fetch;
  readonly platform?: NodeJS.Platform;
  /** The publisher keys trusted (PEM); default the ones this build pins (publisher-keys.ts). */
  readonly publisherKeys?: readonly string[];
  /** What installing means here; default: refused (only the app can restart into a new version). */
  readonly install?: () => Promise<void>;
  readonly feedTimeoutMs?: number;
  readonly downloadTimeoutMs?: number;
}

/** The file a release is downloaded from, refused when it would leave https (or this computer's http). */
export function fileUrl(feedUrl: string, file: FeedFile): URL {
  const url = new URL(file.url, feedBase(feedUrl));
  if (!isAcceptableServiceUrl(url.href)) throw new UpdateFailure('download', `file address not allowed: ${url.href}`);
  return url;
}

/** A safe local name for the downloaded file (the feed's own name, reduced to harmless characters). */
export function localFileName(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  const safe = last.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return safe === '' ? 'update.bin' : safe.slice(0, 120);
}

export function createFeedEngine(options: FeedEngineOptions): UpdateEngine {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const platform = options.platform ?? process.platform;
  const publisherKeys = options.publisherKeys ?? PUBLISHER_KEYS;
  let downloaded: string | null = null;
  // The releases read from a manifest the publisher signed: only those are downloaded.
  const signed = new WeakSet<FeedRelease>();

  return {
    async latest(feedUrl) {
      const release = await readSignedRelease({
        fetch: fetchImpl,
        feedUrl,
        platform,
        publisherKeys,
        timeoutMs: options.feedTimeoutMs,
      });
      signed.add(release);
      return release;
    },

    async download(feedUrl, release) {
      if (!signed.has(release))
        throw new UpdateFailure('verify', `${release.version} was not read from a signed manifest`, {
          code: 'updates.signature-invalid',
        });
      const file = release.files[0]!;
      const url = fileUrl(feedUrl, file);
      mkdirSync(options.directory, { recursive: true, mode: 0o700 });
      const target = join(options.directory, localFileName(url));
      const partial = `${target}.part`;
      downloaded = null;
      await rm(partial, { force: true });
      let response: Response;
      try {
        response = await fetchImpl(url, { signal: AbortSignal.timeout(options.downloadTimeoutMs ?? 30 * 60_000) });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      } catch (error) {
        throw new UpdateFailure('download', `download of ${url.href} failed: ${String(error)}`, { cause: error });
      }
      const hash = createHash('sha512');
      let bytes = 0;
      const handle = await open(partial, 'w', 0o600);
      try {
        const reader = response.body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          const chunk = read.value;
          bytes += chunk.byteLength;
          // A file larger than the feed says is refused as soon as it is, not after filling the disk.
          if (file.size !== null && bytes > file.size)
            throw new UpdateFailure('verify', `file larger than the feed's ${file.size} bytes`);
          hash.update(chunk);
          await handle.write(chunk);
        }
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(partial, { force: true });
        if (error instanceof UpdateFailure) throw error;
        throw new UpdateFailure('download', `download of ${url.href} broke off: ${String(error)}`, { cause: error });
      }
      await handle.close();
      const digest = hash.digest('base64');
      const problem =
        file.size !== null && bytes !== file.size
          ? `size ${bytes} bytes, the feed says ${file.size}`
          : digest !== file.sha512
            ? `sha512 ${digest} does not match the feed's ${file.sha512}`
            : null;
      if (problem !== null) {
        await rm(partial, { force: true });
        throw new UpdateFailure('verify', `refused ${url.href}: ${problem}`);
      }
      await rename(partial, target);
      downloaded = target;
    },

    async install() {
      if (downloaded === null) throw new UpdateFailure('install', 'nothing downloaded to install');
      if (!options.install) throw new UpdateFailure('install', 'only the app can restart into a new version');
      await options.install();
    },
  };
}
