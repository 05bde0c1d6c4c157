import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, platform, release } from 'node:os';
import { dirname, join } from 'node:path';
import { strToU8, zip, type AsyncZippable } from 'fflate';
import type { ListenerProblem, StatusSnapshot } from '../../../shared/status.ts';
import type { JournalProblem } from '../../../shared/journal.ts';
import { LOG_NAMES, logsFolderOf } from '../logging/log-file.ts';
import { scrubText } from '../logging/redaction.ts';
import { journalsHealth } from './journal-health.ts';
import type { SettingsPart } from './settings-part.ts';

// One .zip for whoever supports a till (support.bundle from Settings → About, or `npm run support-bundle` for a
// till that will not start). What is in it, and what never is:
//   logs/…           every log file of the till (each line scrubbed once more on the way in)
//   settings.json    every setting; of each secret only whether it is stored
//   journals.json    the journals' health: integrity check, schema, row and state counts, mark, record
//   status.json      the status bar's state and its problems (null when the till is not running)
//   versions.json    the app's, Node's, Electron's, Chromium's, SQLite's and the system's versions
//   manifest.json    what the zip holds, each part with its size
// Never a journal row, a secret, the vault, a register key or a certificate's key. Customers appear only as
// the references the logs already hold (a merchantUserId or merchantRef, which only this till and the provider
// can tie to a person): support needs them to find a charge at the provider, and the journals keep no name.

export interface Versions {
  readonly app: string;
  readonly node: string;
  readonly electron: string | null;
  readonly chrome: string | null;
  readonly sqlite: string | null;
  readonly os: { readonly platform: string; readonly release: string; readonly arch: string };
}

export function versionsOf(appVersion: string): Versions {
  const versions = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  return {
    app: appVersion,
    node: versions.node,
    electron: versions.electron ?? null,
    chrome: versions.chrome ?? null,
    sqlite: versions.sqlite ?? null,
    os: { platform: platform(), release: release(), arch: arch() },
  };
}

export interface BundleInput {
  readonly dataDir: string;
  /** The .zip to write; default: support/wallet-pos-support-<time>.zip in the data folder. */
  readonly out?: string | undefined;
  readonly settings: SettingsPart;
  /** The running till's status snapshot; null from the CLI (nothing is running to ask). */
  readonly status: StatusSnapshot | null;
  readonly versions: Versions;
  readonly now?: Date;
}

export interface WrittenBundle {
  readonly path: string;
  readonly bytes: number;
}

export const SUPPORT_FOLDER = 'support';

export function defaultBundlePath(dataDir: string, now: Date): string {
  return join(dataDir, SUPPORT_FOLDER, `wallet-pos-support-${now.toISOString().replace(/[:.]/g, '-')}.zip`);
}

export async function writeSupportBundle(input: BundleInput): Promise<WrittenBundle> {
  const now = input.now ?? new Date();
  const files: AsyncZippable = {};
  const manifest: Array<{ name: string; bytes: number; what: string }> = [];
  const add = (name: string, what: string, bytes: Uint8Array): void => {
    files[name] = bytes;
    manifest.push({ name, bytes: bytes.length, what });
  };
  const json = (value: unknown): Uint8Array => strToU8(`${JSON.stringify(value, null, 2)}\n`);

  for (const file of logFilesIn(input.dataDir))
    add(`logs/${file}`, 'log file', strToU8(scrubLog(readFileSync(join(logsFolderOf(input.dataDir), file), 'utf8'))));
  add('settings.json', 'settings; secrets only as stored yes/no', json(input.settings));
  add(
    'journals.json',
    "the journals' health: integrity, schema, counts, marks",
    json(await journalsHealth(input.dataDir)),
  );
  add('status.json', "the status bar's state and the last problems", json(statusPart(input.status)));
  add('versions.json', 'versions of the app, runtime and system', json(input.versions));
  files['manifest.json'] = json({
    format: 'wallet-pos support bundle v1',
    createdAt: now.toISOString(),
    dataDir: input.dataDir,
    settingsFrom: input.settings.source,
    files: manifest,
  });

  // fflate compresses each file in a worker thread: up to 50 MB of logs must not stop a running till's screens.
  const zipped = await new Promise<Uint8Array>((resolve, reject) =>
    zip(files, { level: 6, mtime: now }, (error, data) => (error ? reject(error) : resolve(data))),
  );
  const path = input.out ?? defaultBundlePath(input.dataDir, now);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, zipped, { mode: 0o600 });
  return { path, bytes: zipped.length };
}

function logFilesIn(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(logsFolderOf(dataDir));
  } catch {
    return [];
  }
  return names.filter((name) => LOG_NAMES.some((log) => new RegExp(`^${log}\\.\\d+\\.log$`).test(name))).sort();
}

/** Each line once more through the log's scrubber: a log written by an older build is cleaned too. */
function scrubLog(text: string): string {
  return text
    .split('\n')
    .map((line) => scrubText(line))
    .join('\n');
}

interface StatusPart {
  readonly running: boolean;
  readonly snapshot: StatusSnapshot | null;
  readonly problems: {
    readonly journals: readonly JournalProblem[];
    readonly listeners: readonly ListenerProblem[];
  } | null;
}

function statusPart(status: StatusSnapshot | null): StatusPart {
  if (!status) return { running: false, snapshot: null, problems: null };
  return {
    running: true,
    snapshot: status,
    problems: { journals: status.journalProblems, listeners: status.listenerProblems },
  };
}
