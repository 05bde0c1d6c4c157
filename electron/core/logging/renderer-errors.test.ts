import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLogFile } from './log-file.ts';
import { rendererErrorHandler } from './renderer-errors.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) removeFolder(folder);
});

describe('log.rendererError', () => {
  it('writes at most its rate a minute, then counts what it dropped in one line', async () => {
    const folder = tempFolder('renderer-log-');
    folders.push(folder);
    const log = await openLogFile({ folder, name: 'renderer' });
    let now = 1_000_000;
    const handle = rendererErrorHandler({ log, perMinute: 3, now: () => now });
    const answers = [];
    for (let n = 0; n < 5; n += 1) answers.push((await handle({ kind: 'error', message: `error ${n}` })).logged);
    expect(answers).toEqual([true, true, true, false, false]);
    now += 60_000;
    expect(await handle({ kind: 'unhandledrejection', message: 'a minute later' })).toEqual({ logged: true });
    await log.close();

    const entries = readdirSync(folder)
      .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n'))
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as { code: string; text?: string; params?: unknown });
    expect(entries.map((entry) => entry.code)).toEqual([
      'renderer.error',
      'renderer.error',
      'renderer.error',
      'renderer.errors-dropped',
      'renderer.unhandled-rejection',
    ]);
    expect(entries[3]!.params).toEqual({ dropped: 2 });
  });
});
