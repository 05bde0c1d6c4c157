import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The browser benches serve a renderer built from the current source into a temp dir (never into dist/,
// which others may be serving), so their figures are always those of this source; or one built earlier,
// named by WALLET_POS_RENDERER_DIR.

const ROOT = resolve(import.meta.dirname, '../..');

/** Builds the web renderer into a temp dir unless one is given; returns the dir and how to clean it up. */
export function rendererDir(benchName: string): { dir: string; cleanup: () => void } {
  const given = process.env.WALLET_POS_RENDERER_DIR;
  if (given) return { dir: given, cleanup: () => undefined };
  const folder = mkdtempSync(join(tmpdir(), `${benchName}-bench-renderer-`));
  const dir = join(folder, 'renderer');
  console.log(`Building the web renderer into ${dir} …`);
  const built = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--mode',
      'web',
      '--outDir',
      dir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      timeout: 180_000,
    },
  );
  if (built.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(
      `vite build failed (${built.status ?? built.signal}); fix the renderer, or point WALLET_POS_RENDERER_DIR at a renderer built earlier`,
    );
  }
  return { dir, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}
