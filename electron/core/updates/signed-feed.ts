import { channelFileFor, FeedFormatError, parseFeed, type FeedRelease } from './feed-format.ts';
import { signatureFileFor, signedByPublisher } from './feed-signature.ts';
import { UpdateFailure } from './update-engine.ts';

// Reading a feed the publisher signed: the platform's manifest (latest.yml, latest-mac.yml, latest-linux.yml)
// and its signature beside it, checked on the bytes as served before a line of them is parsed. Both engines
// start here: the core's (feed-engine.ts) and the app's, which then lets electron-updater fetch the same feed
// and goes on only when what electron-updater read is this signed release (sameRelease).

/** The feed's folder, always ending in "/", so a file's relative url resolves inside it. */
export function feedBase(feedUrl: string): URL {
  const url = new URL(feedUrl);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

export interface SignedFeedRequest {
  readonly fetch: typeof fetch;
  readonly feedUrl: string;
  readonly platform: NodeJS.Platform;
  readonly publisherKeys: readonly string[];
  readonly timeoutMs?: number | undefined;
}

async function fetchBytes(request: SignedFeedRequest, url: URL, missingIsNull: boolean): Promise<Buffer | null> {
  try {
    const response = await request.fetch(url, {
      signal: AbortSignal.timeout(request.timeoutMs ?? 30_000),
      headers: { 'cache-control': 'no-cache' },
    });
    if (missingIsNull && response.status === 404) return null;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new UpdateFailure('feed', `feed not read from ${url.href}: ${String(error)}`, { cause: error });
  }
}

/**
 * The release the feed offers, once one of the pinned keys signed its manifest. Rejects with
 * UpdateFailure('feed'): code updates.signature-invalid for a missing, bad or foreign signature.
 */
export async function readSignedRelease(request: SignedFeedRequest): Promise<FeedRelease> {
  const name = channelFileFor(request.platform);
  const base = feedBase(request.feedUrl);
  const url = new URL(name, base);
  const manifest = (await fetchBytes(request, url, false))!;
  const signature = await fetchBytes(request, new URL(signatureFileFor(name), base), true);
  if (!signedByPublisher(manifest, signature?.toString('utf8') ?? null, request.publisherKeys)) {
    const why = signature === null ? 'has no signature beside it' : 'is not signed by a pinned publisher key';
    throw new UpdateFailure('feed', `${url.href} ${why}`, { code: 'updates.signature-invalid' });
  }
  try {
    return parseFeed(manifest.toString('utf8'));
  } catch (error) {
    if (error instanceof FeedFormatError)
      throw new UpdateFailure('feed', `feed not understood: ${error.message}`, { cause: error });
    throw error;
  }
}

/**
 * Whether another reading of the feed (electron-updater's own) is the signed release: the same version and the
 * same files with the same SHA-512. Anything it would download is then checked against the signed digests.
 */
export function sameRelease(signed: FeedRelease, other: FeedRelease): boolean {
  const key = (release: FeedRelease): string =>
    JSON.stringify([release.version, release.files.map((file) => [file.url, file.sha512]).sort()]);
  return key(signed) === key(other);
}
