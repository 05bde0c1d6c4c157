import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron/simple';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// One config builds all three parts: the renderer (always), Electron main and the sandboxed CJS preload
// (skipped in `--mode web`, which builds only what the browser preview and the e2e tests serve).
// Vitest's projects live here too, in three tiers. Pure: `unit-node` and `unit-dom`, the test files listed in
// .config/unit-tests.txt, which open no socket, start no process and write no file (a setup file makes each
// of those throw there); `npm run test:unit`, seconds. Fast: `node` (shared, core, sandbox, web host) and `dom`
// (renderer), every test but the slow ones, pure ones included; `npm run test:fast`. Slow: `slow`, every
// `*.slow.test.ts` — a test file that starts a child process (a crash test, a build, a launch) carries that
// suffix — and every `*.pg.test.ts`, which starts a PostgreSQL server. `npm test` runs node, dom and slow (`npm run test:vitest`). (test:fast also asks for six workers:
// those tests mostly wait on sockets and timers, and Vitest gives 2 cores one.)

// Where the Node-side tests are, and the suffix of those too slow for the edit loop (see the projects below).
const NODE_TESTS = ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'e2e/fixtures/**/*.test.ts'];
// A head-office test (`.pg.test.ts`) starts a PostgreSQL server: a child process, so it is slow by the same rule.
const SLOW_TESTS = ['**/*.slow.test.ts', '**/*.pg.test.ts'];

// The pure tier's files, checked: a listed file that is gone (moved, renamed) stops every Vitest run, so the
// list never quietly shrinks.
function unitTests(): { node: string[]; dom: string[] } {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const listed = readFileSync(join(root, '.config', 'unit-tests.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const missing = listed.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) throw new Error(`.config/unit-tests.txt lists missing test files: ${missing.join(', ')}`);
  const dom = listed.filter((file) => file.startsWith('renderer/'));
  return { node: listed.filter((file) => !dom.includes(file)), dom };
}
const UNIT_GUARD = 'electron/testing/pure-tier-guard.ts';
// PINs at a lower scrypt cost in-process (see the file).
const FAST_PINS = 'electron/testing/fast-pins.ts';
// The dom project's clean-up after every test and testing-library's wait (see the file).
const DOM_SETUP = 'renderer/test/dom-setup.ts';
// The guard's own test, meaningful only under the guard.
const UNIT_GUARD_TEST = 'electron/testing/pure-tier-guard.test.ts';

// Packages main loads at run time from node_modules instead of bundling them.
// @napi-rs/canvas: a native addon (its binary in an optional package per platform), never bundled.
const MAIN_EXTERNALS = [
  'electron',
  'electron-store',
  'conf',
  'ws',
  'qrcode',
  'zod',
  'node:sqlite',
  'electron-updater',
  '@napi-rs/canvas',
];

// An absolute folder to build into instead of the checkout (dist/, dist-electron/): the bundle smoke test
// (electron/bundle-smoke.slow.test.ts) builds there, so it never replaces the build other tests are serving.
const BUILD_DIR = process.env.WALLET_POS_BUILD_DIR;
const rendererOut = BUILD_DIR ? join(BUILD_DIR, 'dist', 'renderer') : '../dist/renderer';
const electronOut = BUILD_DIR ? join(BUILD_DIR, 'dist-electron') : 'dist-electron';

// The Vitest projects, in the three tiers described at the top.
const TEST_PROJECTS = [
  {
    extends: false,
    test: {
      name: 'unit-node',
      root: '.',
      environment: 'node',
      include: process.env.VITEST ? unitTests().node : [],
      setupFiles: [UNIT_GUARD, FAST_PINS],
      // Pure files share nothing a test could leave behind (no socket, file or process): one module graph
      // per worker instead of one per file keeps the tier within its 30 s.
      isolate: false,
    },
  },
  {
    extends: false,
    plugins: [react()],
    test: {
      name: 'unit-dom',
      root: '.',
      environment: 'happy-dom',
      include: process.env.VITEST ? unitTests().dom : [],
      setupFiles: [UNIT_GUARD],
      isolate: false,
    },
  },
  {
    extends: false,
    test: {
      name: 'node',
      root: '.',
      environment: 'node',
      include: NODE_TESTS,
      exclude: [...configDefaults.exclude, ...SLOW_TESTS, UNIT_GUARD_TEST],
      setupFiles: [FAST_PINS],
      testTimeout: 30_000,
      hookTimeout: 30_000,
      // One module graph per worker instead of one per file (and a worker process per file): loading the core
      // afresh for each of 250 files was most of this project's CPU. The files leave nothing behind for the
      // next: each closes its sandboxes, cores and folders, puts back env vars and real timers it changed.
      isolate: false,
    },
  },
  {
    extends: false,
    test: {
      name: 'slow',
      root: '.',
      environment: 'node',
      include: NODE_TESTS.flatMap((glob) => [
        glob.replace(/\.test\.ts$/, '.slow.test.ts'),
        glob.replace(/\.test\.ts$/, '.pg.test.ts'),
      ]),
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  },
  {
    extends: false,
    plugins: [react()],
    test: {
      name: 'dom',
      root: '.',
      environment: 'happy-dom',
      include: ['renderer/**/*.test.{ts,tsx}'],
      // The screen tests on the real core (renderer/test/core-bridge.test-helper.ts) save admin and supervisor
      // PINs too.
      setupFiles: [DOM_SETUP, FAST_PINS],
      // Isolated, unlike `node`: with one module graph per worker, state some screen tests leave in modules
      // (stores, a print stand-in, a settings language) failed other files by their order in two clean-clone
      // runs (Receipt, CustomerDisplay, ShopWithHeadOffice, OpenPaymentOutcome). The helpers' clean-up still runs
      // from DOM_SETUP for every file.
      isolate: true,
      // A real answer over real sockets on a busy machine (renderer/test/dom-setup.ts).
      testTimeout: 20_000,
      hookTimeout: 20_000,
    },
  },
];

export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  publicDir: '../assets',
  build: {
    outDir: rendererOut,
    emptyOutDir: true,
    sourcemap: true,
    // Fonts stay files, however small a slice of the Chinese font is: the page's CSP allows fonts only from
    // 'self', never data: URIs, and a refused slice makes the browser draw its characters as boxes.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: {
      output: {
        // React changes far less often than our screens: its own chunk stays cached across app updates. Only
        // these packages: a catch-all vendor group would pull the camera library, loaded only on the scan
        // view, into the first page load.
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  plugins: [
    react(),
    ...(mode === 'web' || process.env.VITEST
      ? []
      : [
          electron({
            main: {
              // The audit chain's verifier runs in a worker thread, loaded from a file of its own beside main.js
              // (electron/core/audit-chain/verify-off-thread.ts).
              entry: { main: 'electron/main.ts', 'chain-verify-worker': 'electron/core/audit-chain/verify-worker.ts' },
              vite: { root: '.', build: { outDir: electronOut, rolldownOptions: { external: MAIN_EXTERNALS } } },
            },
            preload: {
              input: 'electron/preload.ts',
              vite: {
                root: '.',
                build: {
                  outDir: electronOut,
                  // A sandboxed preload cannot be an ES module.
                  rolldownOptions: { output: { format: 'cjs', entryFileNames: 'preload.cjs' } },
                },
              },
            },
          }),
        ]),
  ],
  test: { root: '.', projects: TEST_PROJECTS },
}));
