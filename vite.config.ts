import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron/simple';
import { join } from 'node:path';

// One config builds all three parts: the renderer (always), Electron main and the sandboxed CJS preload
// (skipped in `--mode web`, which builds only what the browser preview and the e2e tests serve).
// Vitest's projects live here too, in two tiers. Fast: `node` (shared, core, sandbox, web host) and `dom`
// (renderer), what `npm run test:fast` runs. Slow: `slow`, every `*.slow.test.ts` — a test file that starts a
// child process (a crash test, a build, a launch) carries that suffix. `npm test` runs all three. (test:fast
// also asks for four workers: those tests mostly wait on sockets and timers, and Vitest gives 2 cores one.)

// Where the Node-side tests are, and the suffix of those too slow for the edit loop (see the projects below).
const NODE_TESTS = ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'e2e/fixtures/**/*.test.ts'];
const SLOW_TESTS = '**/*.slow.test.ts';

// Packages main loads at run time from node_modules instead of bundling them.
const MAIN_EXTERNALS = ['electron', 'electron-store', 'conf', 'ws', 'qrcode', 'zod', 'node:sqlite', 'electron-updater'];

// An absolute folder to build into instead of the checkout (dist/, dist-electron/): the bundle smoke test
// (electron/bundle-smoke.slow.test.ts) builds there, so it never replaces the build other tests are serving.
const BUILD_DIR = process.env.WALLET_POS_BUILD_DIR;
const rendererOut = BUILD_DIR ? join(BUILD_DIR, 'dist', 'renderer') : '../dist/renderer';
const electronOut = BUILD_DIR ? join(BUILD_DIR, 'dist-electron') : 'dist-electron';

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
              entry: 'electron/main.ts',
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
  test: {
    root: '.',
    projects: [
      {
        extends: false,
        test: {
          name: 'node',
          root: '.',
          environment: 'node',
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, SLOW_TESTS],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: false,
        test: {
          name: 'slow',
          root: '.',
          environment: 'node',
          include: NODE_TESTS.map((glob) => glob.replace(/\.test\.ts$/, '.slow.test.ts')),
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
        },
      },
    ],
  },
}));
