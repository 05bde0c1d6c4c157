import { spawn, execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  cpSync,
} from 'node:fs';
import { join, matchesGlob, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAME_LIST } from '../shared/channel-names.ts';
import { journalFileIn, openJournal } from './core/payments/journal/journal.ts';

// The built Electron bundle (dist-electron/main.js + preload.cjs, from `vite build`) run under plain Node with
// a recording double of the `electron` module (e2e/fixtures/electron-double/): the entry points load as
// Electron would load them, the real core starts against the embedded sandbox, and the harness checks what a
// till would get. No Electron binary can be downloaded here; this is what catches a bundle that cannot load
// (a wrong import, an ES module where CommonJS is needed) before a till does.

const ROOT = resolve(import.meta.dirname, '..');
const DOUBLE = join(ROOT, 'e2e', 'fixtures', 'electron-double');
const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const SECURE_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  webviewTag: false,
  allowRunningInsecureContent: false,
};

let work: string;
let appDir: string;

interface Run {
  readonly code: number | null;
  readonly exitedByItself: boolean;
  readonly report: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the harness's JSON
  readonly stderr: string;
}

/** Runs the harness in its own Node process; a process that does not end by itself is killed and reported. */
function runHarness(dir: string, args: string[], env: Record<string, string> = {}, timeoutMs = 40_000): Promise<Run> {
  const userData = mkdtempSync(join(work, 'user-data-'));
  return new Promise((resolvePromise) => {
    const child = spawn(
      process.execPath,
      ['--import', join(DOUBLE, 'hooks.ts'), join(DOUBLE, 'harness.ts'), dir, ...args],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          SMOKE_USER_DATA: userData,
          SMOKE_APP_PATH: dir,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith('SMOKE-REPORT '));
      resolvePromise({
        code,
        exitedByItself: !killed,
        report: line ? JSON.parse(line.slice('SMOKE-REPORT '.length)) : {},
        stderr,
      });
    });
  });
}

/** A copy of the built app with one file changed: what a broken build would ship. */
function brokenCopy(name: string, file: 'main.js' | 'preload.cjs', change: (source: string) => string): string {
  const dir = join(work, name);
  cpSync(appDir, dir, { recursive: true });
  const path = join(dir, 'dist-electron', file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the ${name} change did not apply to ${file}`);
  writeFileSync(path, after);
  return dir;
}

beforeAll(() => {
  // Inside the checkout (.tmp/ is ignored) so the bundle's packages resolve from node_modules as in the app.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  work = mkdtempSync(join(ROOT, '.tmp', 'bundle-smoke-'));
  appDir = join(work, 'app');
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV' && name !== 'TEST',
    ),
  );
  execFileSync(process.execPath, [VITE, 'build', '--logLevel', 'error'], {
    cwd: ROOT,
    env: { ...env, WALLET_POS_BUILD_DIR: appDir },
    stdio: 'pipe',
    timeout: 180_000,
  });
  // As in app.asar: package.json (type: module, main) next to the bundles.
  copyFileSync(join(ROOT, 'package.json'), join(appDir, 'package.json'));
}, 200_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('built Electron bundle under plain Node (packaged, with a customer display)', () => {
  let run: Run;
  beforeAll(async () => {
    // VITE_DEV_SERVER_URL set on purpose: an installed till must ignore it.
    run = await runHarness(appDir, ['--customer-display'], {
      SMOKE_PACKAGED: '1',
      VITE_DEV_SERVER_URL: 'http://localhost:5173/',
    });
  }, 60_000);

  it('loads main.js, starts the core, and quits with nothing left running (the process ends by itself)', () => {
    expect(run.report.loadError, run.stderr).toBeUndefined();
    expect(run.report.failure, run.stderr).toBeUndefined();
    expect(run.report.loaded).toBe(true);
    expect(run.exitedByItself, 'the process did not end after quit: something main started still runs').toBe(true);
    expect(run.code).toBe(0);
  });

  it('registers app:// and sandboxes every renderer before ready; no menu; serves pages with the CSP, no source maps', () => {
    const log: string[] = run.report.log;
    expect(log.indexOf('protocol.registerSchemesAsPrivileged')).toBeLessThan(log.indexOf('app.whenReady'));
    expect(log.indexOf('app.enableSandbox')).toBeLessThan(log.indexOf('app.whenReady'));
    expect(run.report.sandboxEnabled).toBe(true);
    expect(run.report.applicationMenu).toBeNull();
    expect(run.report.protocol).toEqual({ page: { status: 200, csp: true }, script: 200, sourceMap: 404 });
  });

  it('creates the cashier window and the customer display from app:// with the secure web preferences, no DevTools', () => {
    const [cashier, display] = run.report.windows;
    expect(cashier.url).toBe('app://wallet-pos/');
    expect(display.url).toBe('app://wallet-pos/customer-display');
    for (const window of [cashier, display]) {
      expect(window.webPreferences).toMatchObject({ ...SECURE_PREFERENCES, devTools: false });
      expect(window.webPreferences.preload).toBe(join(appDir, 'dist-electron', 'preload.cjs'));
    }
  });

  it('answers app.info through the real IPC handler and core; refuses a foreign frame and a window main did not make', () => {
    expect(run.report.cashierAppInfo).toMatchObject({
      ok: true,
      value: { transport: 'electron', demo: true, merchantName: 'Demo Coffee Bar' },
    });
    expect(run.report.foreignFrame).toMatchObject({ ok: false, error: { code: 'ipc.forbidden' } });
    expect(run.report.unknownWindow).toMatchObject({ ok: false, error: { code: 'ipc.forbidden' } });
  });

  it('gives the customer display what it shows and refuses it a refund or a settings change', () => {
    // What the display reads now (issue 33, item 8): its own settings view, not app.info or settings.get.
    expect(run.report.displaySettings).toMatchObject({ ok: true });
    expect(run.report.displayRefund).toMatchObject({ ok: false, error: { code: 'ipc.forbidden' } });
    expect(run.report.displaySettingsSave).toMatchObject({ ok: false, error: { code: 'ipc.forbidden' } });
    expect(run.report.displayEvents).toEqual(expect.arrayContaining(['payment.updated', 'settings.changed']));
    expect(run.report.displayEvents).not.toContain('status.changed');
    expect(run.report.cashierEvents).toContain('status.changed');
  });

  it('the sandboxed preload exposes exactly window.pos: one function per contract channel and on, frozen', async () => {
    expect(run.report.exposedKeys).toEqual(['pos']);
    expect([...run.report.posNames].sort()).toEqual([...CHANNEL_NAME_LIST, 'on'].sort());
    expect(run.report.posFrozen).toBe(true);
    expect(run.report.posAppInfo).toMatchObject({ ok: true, value: { transport: 'electron' } });
    // A call and an event make the whole round trip: page → preload → main → core → main → preload → page.
    expect(run.report.settingsSave).toMatchObject({ ok: true });
    expect(run.report.heard).toEqual(['Smoke Test Bakery']);
    expect(run.report.charge).toMatchObject({ ok: true, value: { displayStatus: 'waiting' } });
  });

  it('opens the consent page of a linking session in its own window: no preload, sandboxed, its own session, with the app token', () => {
    // One screen in the double: the window opens on it (with a second screen it opens on the customer's).
    expect(run.report.consentOpening).toEqual({ ok: true, value: { kind: 'window', onCustomerDisplay: false } });
    const consent = run.report.consentWindow;
    expect(consent.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo\/merchant\/consent/);
    expect(consent.webPreferences).toMatchObject({ ...SECURE_PREFERENCES, devTools: false });
    expect(consent.webPreferences.preload).toBeUndefined();
    expect(consent.partition).toBe('wallet-pos-consent');
    expect(consent.sendsAppToken).toBe(true);
  });

  it('closes the core on quit: the IPC handler is removed and the embedded sandbox no longer answers', () => {
    expect(run.report.quit).toEqual({ requests: 2, completed: true, handlerRemoved: true });
    expect(run.report.sandboxAfterQuit).toBe('closed');
    expect(run.report.windowsOpenAfterQuit).toBe(0);
  });
});

describe('built Electron bundle: the audit chain verifier’s worker thread', () => {
  it('is a file of its own beside main.js, named as the bundle names it, and verifies a journal from there', async () => {
    const out = join(appDir, 'dist-electron');
    const bundled = readdirSync(out)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(out, file), 'utf8'));
    expect(bundled.some((source) => source.includes('"./chain-verify-worker.js"'))).toBe(true);
    // The installer packs it too, with the chunk it shares with main.js (.config/electron-builder.json).
    const packed = (
      JSON.parse(readFileSync(join(ROOT, '.config', 'electron-builder.json'), 'utf8')) as { files: string[] }
    ).files;
    for (const file of readdirSync(out).filter((name) => !name.endsWith('.map')))
      expect(
        packed.some((pattern) => matchesGlob(`dist-electron/${file}`, pattern)),
        file,
      ).toBe(true);
    const filePath = journalFileIn(mkdtempSync(join(work, 'journal-')));
    const journal = openJournal({ filePath, timeZone: 'Asia/Singapore', now: () => Date.now() });
    journal.chain.append('settings.changed', 'settings', { changed: ['printer.kind'], by: 'admin' });
    journal.close();
    const answer = await new Promise((resolvePromise, reject) => {
      const worker = new Worker(join(out, 'chain-verify-worker.js'), { workerData: { filePath } });
      worker.once('message', resolvePromise);
      worker.once('error', reject);
    });
    expect(answer).toMatchObject({ verdict: { total: 1, findings: [] } });
  });
});

describe('built Electron bundle: the development server', () => {
  it('is used, with DevTools, only by an unpackaged app', async () => {
    const run = await runHarness(appDir, ['--quick'], {
      SMOKE_PACKAGED: '0',
      VITE_DEV_SERVER_URL: 'http://localhost:5173/',
    });
    expect(run.report.failure, run.stderr).toBeUndefined();
    expect(run.report.windows[0].url).toBe('http://localhost:5173/');
    expect(run.report.windows[0].webPreferences).toMatchObject({ ...SECURE_PREFERENCES, devTools: true });
    expect(run.report.cashierAppInfo).toMatchObject({ ok: true });
    expect(run.report.protocol).toBeUndefined();
    expect(run.code).toBe(0);
  }, 60_000);
});

describe('a bundle that cannot load fails the smoke test', () => {
  it.each<[string, 'main.js' | 'preload.cjs', (source: string) => string, RegExp]>([
    [
      'a package import that does not resolve',
      'main.js',
      (s) => s.replace('from "electron-store"', 'from "electron-store/no-such-entry"'),
      /electron-store/,
    ],
    [
      'a name electron does not export',
      'main.js',
      (s) => s.replace(/import \{([^}]*)\} from "electron"/, 'import {$1, BrowserWindowX } from "electron"'),
      /BrowserWindowX/,
    ],
    [
      'CommonJS require in the ES-module main',
      'main.js',
      (s) => `const { join: joinPath } = require("node:path");\n${s}`,
      /require is not defined/,
    ],
    [
      'an ES-module preload',
      'preload.cjs',
      (s) => s.replace('let e=require("electron");', 'import * as e from "electron";'),
      /import statement/,
    ],
    ['a preload that needs Node', 'preload.cjs', (s) => `require("node:fs");\n${s}`, /module not found: node:fs/],
  ])(
    '%s',
    async (name, file, change, message) => {
      const run = await runHarness(brokenCopy(name.replace(/\W+/g, '-'), file, change), ['--quick'], {
        SMOKE_PACKAGED: '1',
      });
      const failure = run.report.loadError ?? run.report.failure;
      expect(failure, run.stderr).toMatch(message);
      if (file === 'main.js') expect(run.report.loaded).toBe(false);
    },
    60_000,
  );
});

describe('a second start on the same data folder (Electron’s single-instance lock, kept in userData)', () => {
  it('quits at once: no core, no window, no IPC handler, so the running till keeps its journal to itself', async () => {
    const run = await runHarness(appDir, ['--lock-held'], { SMOKE_PACKAGED: '1', SMOKE_INSTANCE_LOCK: 'held' });
    expect(run.report.loadError, run.stderr).toBeUndefined();
    expect(run.report.secondInstance).toEqual({ quitRequests: 1, quitCompleted: true, windows: 0, ipcHandler: false });
    expect(run.exitedByItself).toBe(true);
    expect(run.code).toBe(0);
  }, 60_000);
});
