import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../core.ts';
import { closeOpenedCores, opened } from '../core.test-helper.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { openLogFile } from './log-file.ts';
import { tempFolder } from '../../testing/helpers.ts';

afterEach(closeOpenedCores);

describe('a log folder that cannot be made', () => {
  it('keeps no till from starting: the core runs without its log', async () => {
    const dir = tempFolder('no-logs-');
    // A file where the logs folder should be: nothing can be written under it.
    writeFileSync(join(dir, 'logs'), 'not a folder');
    await expect(openLogFile({ folder: join(dir, 'logs'), name: 'core' })).rejects.toThrow();
    const core = await createCore({
      dataDir: dir,
      vault: new DevelopmentFileVault(join(dir, 'vault.json')),
      transport: 'web',
      version: '1.2.3',
      statusIntervalMs: 60_000,
    });
    opened.push({ core, dir });
    expect((await core.handlers['app.info']({})).version).toBe('1.2.3');
    expect(await core.handlers['log.rendererError']({ kind: 'error', message: 'nowhere to go' })).toEqual({
      logged: true,
    });
  });
});
