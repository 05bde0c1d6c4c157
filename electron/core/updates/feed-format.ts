import { parseVersion } from './version-order.ts';

// The update feed's one document: electron-builder's `latest.yml` (the "generic" provider), as electron-updater
// reads it. js-yaml is electron-updater's dependency, not ours, and this document has a small fixed shape, so it
// is read here line by line: top-level `key: value` lines, and `files:` as a list of `- url: …` entries. Keys we
// do not use (releaseNotes, blockMapSize, a block scalar and its indented lines) are skipped; anything that
// breaks the shape we need is refused with the line it is on, never guessed at.
//
//   version: 1.4.0
//   files:
//     - url: Wallet-POS-Setup-1.4.0.exe
//       sha512: 3r5Mh…==          (base64 of the SHA-512 of the file)
//       size: 84512346
//   path: Wallet-POS-Setup-1.4.0.exe
//   sha512: 3r5Mh…==
//   releaseDate: '2026-11-20T09:00:00.000Z'
//   stagingPercentage: 25

export interface FeedFile {
  readonly url: string;
  /** Base64 of the file's SHA-512 digest (electron-builder's encoding). */
  readonly sha512: string;
  /** Bytes; null when the feed does not say (then only the digest is checked). */
  readonly size: number | null;
}

export interface FeedRelease {
  readonly version: string;
  readonly files: readonly FeedFile[];
  readonly releaseDate: string | null;
  /** 0–100: the share of tills that take this release now; null = all of them. */
  readonly stagingPercentage: number | null;
}

export class FeedFormatError extends Error {
  override readonly name = 'FeedFormatError';
}

const SHA512_BASE64 = /^[A-Za-z0-9+/]{86}==$/;

/** A YAML plain or quoted scalar, as electron-builder writes them. */
function scalar(raw: string, line: number): string {
  const text = raw.replace(/\s+#.*$/, '').trim();
  if (text.startsWith("'")) {
    if (!text.endsWith("'") || text.length < 2) throw new FeedFormatError(`line ${line}: unterminated quote`);
    return text.slice(1, -1).replaceAll("''", "'");
  }
  if (text.startsWith('"')) {
    if (!text.endsWith('"') || text.length < 2) throw new FeedFormatError(`line ${line}: unterminated quote`);
    try {
      return JSON.parse(text) as string;
    } catch {
      throw new FeedFormatError(`line ${line}: bad double-quoted text`);
    }
  }
  return text;
}

const KEY_VALUE = /^([A-Za-z][A-Za-z0-9_]*):(?:\s+(.*))?$/;

interface RawEntry {
  readonly fields: Map<string, string>;
  readonly line: number;
}

export function parseFeed(text: string): FeedRelease {
  const top = new Map<string, string>();
  const files: RawEntry[] = [];
  let inFiles = false;
  let current: RawEntry | null = null;
  let skipDeeperThan = -1;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((rawLine, index) => {
    const line = index + 1;
    if (rawLine.trim() === '' || rawLine.trim().startsWith('#')) return;
    if (rawLine.includes('\t')) throw new FeedFormatError(`line ${line}: a tab in the indentation`);
    const indent = rawLine.length - rawLine.trimStart().length;
    // The indented lines of a key we skip (a block scalar, a nested map).
    if (skipDeeperThan >= 0 && indent > skipDeeperThan) return;
    skipDeeperThan = -1;
    const body = rawLine.trim();
    if (indent === 0) {
      current = null;
      const match = KEY_VALUE.exec(body);
      if (!match) throw new FeedFormatError(`line ${line}: expected "key: value"`);
      const [, key, value] = match as unknown as [string, string, string | undefined];
      inFiles = key === 'files';
      if (inFiles) {
        if (value !== undefined && value.trim() !== '') throw new FeedFormatError(`line ${line}: files must be a list`);
        return;
      }
      if (value === undefined || /^[|>]/.test(value.trim())) {
        skipDeeperThan = 0;
        return;
      }
      top.set(key, scalar(value, line));
      return;
    }
    if (!inFiles) throw new FeedFormatError(`line ${line}: unexpected indentation`);
    let entryBody = body;
    if (body.startsWith('- ') || body === '-') {
      current = { fields: new Map(), line };
      files.push(current);
      entryBody = body.slice(1).trim();
      if (entryBody === '') return;
    } else if (current === null) {
      throw new FeedFormatError(`line ${line}: a files entry must start with "-"`);
    }
    const match = KEY_VALUE.exec(entryBody);
    if (!match) throw new FeedFormatError(`line ${line}: expected "key: value"`);
    const [, key, value] = match as unknown as [string, string, string | undefined];
    if (value === undefined || /^[|>]/.test(value.trim())) {
      skipDeeperThan = indent;
      return;
    }
    (current as RawEntry | null)?.fields.set(key, scalar(value, line));
  });
  return releaseOf(top, files);
}

function releaseOf(top: ReadonlyMap<string, string>, rawFiles: readonly RawEntry[]): FeedRelease {
  const version = top.get('version');
  if (version === undefined || parseVersion(version) === null)
    throw new FeedFormatError(`version missing or not a version: ${JSON.stringify(version ?? null)}`);
  const files = rawFiles.map(({ fields, line }): FeedFile => {
    const url = fields.get('url');
    const sha512 = fields.get('sha512');
    if (!url) throw new FeedFormatError(`files entry at line ${line}: no url`);
    if (!sha512 || !SHA512_BASE64.test(sha512))
      throw new FeedFormatError(`files entry at line ${line}: sha512 missing or not a base64 SHA-512`);
    const sizeText = fields.get('size');
    if (sizeText !== undefined && !/^[1-9]\d{0,14}$/.test(sizeText))
      throw new FeedFormatError(`files entry at line ${line}: size is not a byte count`);
    return { url, sha512, size: sizeText === undefined ? null : Number(sizeText) };
  });
  // Feeds older than the files list name their one file in path/sha512.
  const path = top.get('path');
  const topSha = top.get('sha512');
  if (files.length === 0 && path && topSha && SHA512_BASE64.test(topSha))
    files.push({ url: path, sha512: topSha, size: null });
  if (files.length === 0) throw new FeedFormatError('the feed lists no file');
  const stagingText = top.get('stagingPercentage');
  let stagingPercentage: number | null = null;
  if (stagingText !== undefined) {
    stagingPercentage = Number(stagingText);
    if (!Number.isFinite(stagingPercentage) || stagingPercentage < 0 || stagingPercentage > 100)
      throw new FeedFormatError(`stagingPercentage is not 0–100: ${stagingText}`);
  }
  return { version: version.trim(), files, releaseDate: top.get('releaseDate') ?? null, stagingPercentage };
}

/** electron-builder's channel file for a platform: the one file a generic feed serves per platform. */
export function channelFileFor(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'latest-mac.yml';
  if (platform === 'linux') return 'latest-linux.yml';
  return 'latest.yml';
}
