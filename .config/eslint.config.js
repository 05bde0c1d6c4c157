// ESLint flat config. It lives in .config/ because the user fixed the top level; `npm run lint` points at it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronImport = {
  paths: [
    {
      name: 'electron',
      message: 'Only electron/main.ts, preload.ts, ipc.ts and electron/adapters/ may import electron.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-electron/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.tmp/**',
      '.tmp/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          ...electronImport,
          patterns: [{ group: ['node:*'], message: 'The renderer runs in a sandboxed page: no Node modules.' }],
        },
      ],
    },
  },
  {
    // The screens reach the core only through the bridge; tests may read it (the real core in screen tests).
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.{ts,tsx}', 'renderer/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronImport,
          patterns: [
            { group: ['node:*'], message: 'The renderer runs in a sandboxed page: no Node modules.' },
            {
              group: ['**/electron/**'],
              message: 'The renderer reaches the core only through the bridge (renderer/api).',
            },
          ],
        },
      ],
    },
  },
  {
    // TESTS ONLY: the real core in-process for screen tests, under Node (renderer/test/core-bridge.test-helper.ts).
    files: ['renderer/test/**/*.test-helper.ts'],
    rules: { 'no-restricted-imports': ['error', electronImport] },
  },
  {
    // Which runtime a file may use is a rule, not a convention: core, shared, sandbox, web host, test support never
    // touch Electron.
    files: [
      'shared/**/*.ts',
      'electron/core/**/*.ts',
      'electron/sandbox/**/*.ts',
      'electron/web/**/*.ts',
      'electron/testing/**/*.ts',
      'e2e/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', electronImport] },
  },
  {
    // The core reaches the embedded sandbox through one file only (demo mode); tests and their helpers
    // (`*.test-helper.ts`, never imported by the app) may start it freely.
    files: ['electron/core/**/*.ts'],
    ignores: ['electron/core/provider/demo.ts', 'electron/core/**/*.test.ts', 'electron/core/**/*.test-helper.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronImport,
          patterns: [
            { group: ['**/sandbox/**'], message: 'Only electron/core/provider/demo.ts may import electron/sandbox.' },
          ],
        },
      ],
    },
  },
  {
    // The two provider clients share only http/ and provider/header-names.ts: neither depends on the other.
    files: ['electron/core/tokenized/**/*.ts', 'electron/core/instore/**/*.ts'],
    ignores: ['electron/core/**/*.test.ts', 'electron/core/**/*.test-helper.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronImport,
          patterns: [
            { group: ['**/sandbox/**'], message: 'Only electron/core/provider/demo.ts may import electron/sandbox.' },
            {
              regex: '^\\.\\./(instore|tokenized)/',
              message: 'One provider client never imports the other: share through http/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The other direction: the sandbox keeps its own paths, headers, limits and signer, written from the
    // provider's documents, so a mistake in the client is caught by it instead of copied into it. Its tests
    // may import the client (they check both sides agree). Plain server plumbing that knows nothing of the
    // provider (reading a request body, JSON-or-text) is shared with every other HTTP server of the app.
    files: ['electron/sandbox/**/*.ts'],
    ignores: ['electron/sandbox/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronImport,
          patterns: [
            {
              regex: '/core/(?!http/(request-body|json-text)\\.ts$)',
              message: 'The sandbox stands in for the provider; it must not share the client’s code.',
            },
          ],
        },
      ],
    },
  },
  {
    // A function a person can read in one sitting: past 100 lines it is doing several jobs, and each deserves a
    // name. Tests are exempt: a test's length is its scenario, written out step by step on purpose.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-helper.ts', 'renderer/test/**', 'e2e/**'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronImport,
          patterns: [{ group: ['node:*'], message: 'shared/ is pure TypeScript: no Node modules.' }],
        },
      ],
    },
  },
  {
    // Heroic's rule: ipcMain/ipcRenderer only in the one helper file each.
    files: ['electron/**/*.ts'],
    ignores: ['electron/ipc.ts', 'electron/preload.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportSpecifier[imported.name='ipcMain']", message: 'Only electron/ipc.ts may use ipcMain.' },
        {
          selector: "ImportSpecifier[imported.name='ipcRenderer']",
          message: 'Only electron/preload.ts may use ipcRenderer.',
        },
      ],
    },
  },
  {
    // The core sends codes and notices, never finished words: an error's English comes from its notice or its
    // code (shared/errors.ts); what only a log needs goes in its `cause`. (After Heroic's rule, which it repeats:
    // the later entry's options are the ones that apply.)
    // The register connection's HTTP layer is the exception: it answers programs, and RFC 9457's `detail` is
    // English for the register's log; nothing there reaches a person's screen (Settings' ecr.* channels keep
    // the rule).
    files: ['electron/core/**/*.ts'],
    ignores: [
      'electron/core/**/*.test.ts',
      'electron/core/**/*.test-helper.ts',
      'electron/core/ecr/{http-io,idempotency,request-guards,routes}.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='PosError'] > ObjectExpression > Property[key.name='message']",
          message: 'The core says it with a notice (shared/notices/), or leaves the English to the cause for the log.',
        },
        { selector: "ImportSpecifier[imported.name='ipcMain']", message: 'Only electron/ipc.ts may use ipcMain.' },
        {
          selector: "ImportSpecifier[imported.name='ipcRenderer']",
          message: 'Only electron/preload.ts may use ipcRenderer.',
        },
      ],
    },
  },
);
