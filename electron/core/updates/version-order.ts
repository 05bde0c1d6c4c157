// Which of two versions is newer, by semantic versioning (semver.org §11): the feed's `version` against the
// running app's. electron-updater orders them with the `semver` package, which is not a dependency of ours; the
// few rules a till's releases use are here, so the core and the adapter refuse the same downgrades.

export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** Pre-release identifiers ("1.4.0-beta.2" → ['beta', 2]); empty for a release. */
  readonly prerelease: readonly (string | number)[];
}

const VERSION_PATTERN =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** null for anything that is not a version: such a feed is refused, never guessed at. */
export function parseVersion(text: string): Version | null {
  const match = VERSION_PATTERN.exec(text.trim());
  if (!match) return null;
  const prerelease =
    match[4] === undefined ? [] : match[4].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id));
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease };
}

/** Negative when a is older than b, 0 when the same version (build metadata ignored), positive when newer. */
export function compareVersions(a: Version, b: Version): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return Math.sign(core);
  // A release is newer than any of its pre-releases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0)
    return Math.sign(b.prerelease.length - a.prerelease.length);
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i += 1) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return Math.sign(x - y);
    // Numeric identifiers sort before alphanumeric ones.
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** True only when `offered` is a version and strictly newer than `running`: never a downgrade, never a reinstall. */
export function isNewerVersion(offered: string, running: string): boolean {
  const a = parseVersion(offered);
  const b = parseVersion(running);
  return a !== null && b !== null && compareVersions(a, b) > 0;
}
