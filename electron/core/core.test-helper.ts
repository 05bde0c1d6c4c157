import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core, CoreEvent } from './core-api.ts';
import { createCore } from './core.ts';
import { DevelopmentFileVault } from './settings/development-file-vault.ts';

// TESTS ONLY: the composed core of core*.test.ts in demo mode on a fresh data folder. Each test file closes what
// it opened with afterEach(closeOpenedCores).

/** The cores open in this test, with their data folders; a test that makes one itself adds it here. */
export const opened: Array<{ core: Core; dir: string }> = [];

export async function openCore(
  dir = mkdtempSync(join(tmpdir(), 'core-')),
): Promise<{ core: Core; events: CoreEvent[]; dir: string }> {
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
  });
  opened.push({ core, dir });
  const events: CoreEvent[] = [];
  core.onEvent((event) => events.push(event));
  return { core, events, dir };
}

/** Closes every core the test opened and removes its data folder. */
export async function closeOpenedCores(): Promise<void> {
  for (const { core, dir } of opened.splice(0)) {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
