import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { removeFolder, tempFolder } from '../testing/helpers.ts';

// The core must run where Electron does not exist. Lint bans the import; this proves it at run time: every
// module under electron/core (and the web host's library modules) is imported by plain Node, with a resolve
// hook that fails the run if anything, directly or through a dependency, asks for `electron`.

const ROOT = resolve(import.meta.dirname, '..', '..');
const SCANNED = ['electron/core', 'electron/web'];
/**
 * Entry points do their work when loaded: the preview's command line starts servers, a worker thread's entry reads
 * its workerData. Each is covered by its own tests (what they import is imported here).
 */
const ENTRY_POINTS = new Set(['electron/web/preview.ts', 'electron/core/audit-chain/verify-worker.ts']);

function modulesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.test(-helper)?\.ts$|\.d\.ts$/.test(entry.name),
    )
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !ENTRY_POINTS.has(path))
    .sort();
}

describe('electron/core in bare Node', () => {
  it('imports every core module without Electron', () => {
    const modules = SCANNED.flatMap(modulesUnder);
    expect(modules).toContain('electron/core/core.ts');
    expect(modules).toContain('electron/core/settings/settings-service.ts');
    const dir = tempFolder('core-imports-');
    try {
      const entry = join(dir, 'entry.mjs');
      writeFileSync(
        entry,
        [
          "import { registerHooks } from 'node:module';",
          'registerHooks({',
          '  resolve(specifier, context, next) {',
          "    if (specifier === 'electron' || specifier.startsWith('electron/')) {",
          '      throw new Error(`electron imported by ${context.parentURL}`);',
          '    }',
          '    return next(specifier, context);',
          '  },',
          '});',
          `const modules = ${JSON.stringify(modules.map((path) => pathToFileURL(join(ROOT, path)).href))};`,
          'for (const url of modules) await import(url);',
          'console.log(`imported ${modules.length} modules`);',
        ].join('\n'),
      );
      const run = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', entry], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.trim()).toBe(`imported ${modules.length} modules`);
    } finally {
      removeFolder(dir);
    }
  });

  it('would notice an electron import (the hook is not a no-op)', () => {
    const dir = tempFolder('core-imports-');
    try {
      const entry = join(dir, 'entry.mjs');
      writeFileSync(
        entry,
        [
          "import { registerHooks } from 'node:module';",
          "registerHooks({ resolve(s, c, next) { if (s === 'electron') throw new Error('electron imported'); return next(s, c); } });",
          "await import('electron');",
        ].join('\n'),
      );
      const run = spawnSync(process.execPath, [entry], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain('electron imported');
    } finally {
      removeFolder(dir);
    }
  });
});
