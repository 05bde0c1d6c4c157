import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright';
import { freePort } from '../../electron/sandbox/sandbox.test-helper.ts';
import { startPreviewHost, type PreviewHost } from '../fixtures/preview-host.ts';
import { hostCall, sleep } from './bench-kit.ts';
import type { CoreReading } from './soak-core-probe.ts';

// The soak bench's till: the preview host (core under plain Node + embedded sandbox) with soak-core-probe.ts
// preloaded, its register connection (refunds allowed), two people who take turns at it, and the readings the
// bench prints: the core's memory and event loop (through the probe), the renderer's JS heap (Chrome DevTools
// Protocol), and the sizes of the journal and the logs folder.

const PROBE = join(import.meta.dirname, 'soak-core-probe.ts');
const ADMIN_PIN = '864213';
export const PEOPLE = [
  { name: 'Soak Morning', pin: '246810' },
  { name: 'Soak Evening', pin: '135790' },
] as const;

export interface SoakTill {
  readonly host: PreviewHost;
  /** Collects garbage in the core and reads its memory and its event-loop delay since the previous reading. */
  readCore(): Promise<CoreReading>;
  readonly probeFolder: string;
  stop(): Promise<void>;
}

/** Starts the preview host with the probe preloaded (NODE_OPTIONS reaches only the child, set around its spawn). */
export async function startSoakTill(options: { heapSnapshots: boolean }): Promise<SoakTill> {
  const probeFolder = mkdtempSync(join(tmpdir(), 'soak-probe-'));
  const probeFile = join(probeFolder, 'core.json');
  const saved = { ...process.env };
  process.env.NODE_OPTIONS = `${saved.NODE_OPTIONS ?? ''} --import=${pathToFileURL(PROBE).href}`.trim();
  process.env.WALLET_POS_SOAK_PROBE = probeFile;
  if (options.heapSnapshots) process.env.WALLET_POS_SOAK_HEAP_DIR = probeFolder;
  let host: PreviewHost;
  try {
    host = await startPreviewHost();
  } finally {
    for (const name of ['NODE_OPTIONS', 'WALLET_POS_SOAK_PROBE', 'WALLET_POS_SOAK_HEAP_DIR']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
  const readingOf = (): CoreReading | null =>
    existsSync(probeFile) ? (JSON.parse(readFileSync(probeFile, 'utf8')) as CoreReading) : null;
  const first = readingOf();
  if (!first) throw new Error('the core probe wrote nothing: was it preloaded?');
  const pid = first.pid;
  let request = 0;
  return {
    host,
    probeFolder,
    async readCore() {
      request += 1;
      writeFileSync(`${probeFile}.request`, String(request));
      process.kill(pid, 'SIGUSR2');
      for (let tries = 0; tries < 600; tries += 1) {
        const reading = readingOf();
        if (reading?.request === request) return reading;
        await sleep(50);
      }
      throw new Error('the core probe did not answer in 30 s');
    },
    async stop() {
      await host.stop();
      if (!options.heapSnapshots) rmSync(probeFolder, { recursive: true, force: true });
    },
  };
}

export interface Register {
  post(path: string, body: unknown): Promise<{ status: number; body: RegisterAnswer }>;
  get(path: string): Promise<{ status: number; body: RegisterAnswer }>;
}

export interface RegisterAnswer {
  readonly referenceId?: string;
  readonly status?: string;
  readonly qrPayload?: string | null;
  readonly code?: string;
  readonly state?: string;
  readonly refunded?: { readonly amountMinor: number };
  readonly payment?: RegisterAnswer;
}

let sequence = 0;
let connectionRetries = 0;

/** Register requests sent again after their connection failed, so far. */
export const registerConnectionRetries = (): number => connectionRetries;

/**
 * Sets the till up as a shop would: an admin PIN, the register connection on this computer with refunds allowed
 * and a key for it, two supervisors, and "ask who is at the till" on (so the sign-in switches are real).
 */
export async function setUpShop(host: PreviewHost): Promise<Register> {
  const port = await freePort();
  await hostCall(host, 'settings.save', {
    settings: { ecr: { enabled: true, port, network: 'this-computer', refundsAllowed: true } },
    secrets: { adminPin: ADMIN_PIN },
  });
  await hostCall(host, 'settings.verifyPin', { kind: 'admin', pin: ADMIN_PIN });
  for (const person of PEOPLE) await hostCall(host, 'staff.save', { ...person, role: 'supervisor' });
  let baseUrl: string | null = null;
  for (let tries = 0; tries < 100 && !baseUrl; tries += 1) {
    baseUrl = (await hostCall<{ baseUrl: string | null }>(host, 'ecr.status', {})).baseUrl;
    if (!baseUrl) await sleep(50);
  }
  if (!baseUrl) throw new Error('the register connection never listened');
  const { key } = await hostCall<{ key: string }>(host, 'ecr.createKey', { name: 'Soak register' });
  await hostCall(host, 'settings.save', { settings: { staff: { signInRequired: true } } });
  await signIn(host, 0);
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    // A register sends a request again under the same Idempotency-Key when its connection failed (a kept-alive
    // socket the till closed as it was reused): the till answers what the first one made, if it arrived.
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = `soak-${process.pid}-${++sequence}`;
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(75_000),
        });
        return { status: response.status, body: (await response.json()) as RegisterAnswer };
      } catch (error) {
        if (attempt >= 3 || (error instanceof Error && error.name === 'TimeoutError')) throw error;
        connectionRetries += 1;
        await sleep(200);
      }
    }
  };
  return { post: (path, body) => call('POST', path, body), get: (path) => call('GET', path) };
}

/** Hands the till to the other person (PEOPLE[turn % 2]), as at a change of shift. */
export async function signIn(host: PreviewHost, turn: number): Promise<void> {
  await hostCall(host, 'session.signIn', { pin: PEOPLE[turn % PEOPLE.length]!.pin });
}

export interface RendererReading {
  /** JS heap in use after a full garbage collection. */
  readonly heapBytes: number;
  /** DOM nodes and JS event listeners alive after it: screens that leave nodes or listeners behind show here. */
  readonly nodes: number;
  readonly listeners: number;
}

/** The renderer's memory after a full garbage collection (Chrome DevTools Protocol). */
export async function readRenderer(page: Page): Promise<RendererReading> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const counters = await cdp.send('Memory.getDOMCounters');
    return { heapBytes: usedSize, nodes: counters.nodes, listeners: counters.jsEventListeners };
  } finally {
    await cdp.detach();
  }
}

/** Bytes under a folder (0 when it does not exist). */
export function folderBytes(folder: string): number {
  if (!existsSync(folder)) return 0;
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

/** The payments journal's files (the SQLite file, its -wal and -shm), the logs folder, the whole data folder. */
export function dataSizes(dataDir: string): {
  journalBytes: number;
  logBytes: number;
  logFiles: number;
  dataBytes: number;
} {
  let journalBytes = 0;
  for (const entry of readdirSync(dataDir, { withFileTypes: true }))
    if (entry.isFile() && /^payments\.sqlite3(-wal|-shm)?$/.test(entry.name))
      journalBytes += statSync(join(dataDir, entry.name)).size;
  const logs = join(dataDir, 'logs');
  return {
    journalBytes,
    logBytes: folderBytes(logs),
    logFiles: existsSync(logs) ? readdirSync(logs, { recursive: true }).length : 0,
    dataBytes: folderBytes(dataDir),
  };
}
