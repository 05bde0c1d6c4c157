import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { isLogFileOf, openLogFile, type TillLog } from './log-file.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

const folders: string[] = [];
const logs: TillLog[] = [];
afterEach(async () => {
  for (const log of logs.splice(0)) await log.close();
  for (const folder of folders.splice(0)) removeFolder(folder);
});

function folder(): string {
  const dir = tempFolder('logs-');
  folders.push(dir);
  return join(dir, 'logs');
}

const filesOf = (dir: string, name: 'core' | 'renderer' = 'core'): string[] =>
  readdirSync(dir)
    .filter((file) => isLogFileOf(name, file))
    .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));

const entriesOf = (dir: string, files: string[]): Array<Record<string, unknown>> =>
  files.flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );

describe('the rotating log file', () => {
  it('writes one structured line per entry: time, level, area, code, params, text', async () => {
    const dir = folder();
    const log = await openLogFile({ folder: dir, name: 'core' });
    logs.push(log);
    log.warn('listeners', 'listener.failed', { listener: 'register-connection', port: 4000 }, 'port taken');
    log.lines('customers')('publish u-123: provider unreachable');
    await log.close();

    const entries = entriesOf(dir, filesOf(dir));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      level: 'warn',
      area: 'listeners',
      code: 'listener.failed',
      params: { listener: 'register-connection', port: 4000 },
      text: 'port taken',
    });
    expect(new Date(String(entries[0]!['time'])).toISOString()).toBe(entries[0]!['time']);
    expect(entries[1]).toMatchObject({
      area: 'customers',
      code: 'customers.line',
      text: 'publish u-123: provider unreachable',
    });
    // Nothing else on a line: no pid, no hostname (a bundle leaves the shop).
    expect(Object.keys(entries[0]!).sort()).toEqual(['area', 'code', 'level', 'params', 'text', 'time']);
  });

  it('rolls the file at its size and keeps only the newest files, across runs', async () => {
    const dir = folder();
    const limits = { fileBytes: 2_048, files: 3 };
    const first = await openLogFile({ folder: dir, name: 'core', limits });
    logs.push(first);
    for (let n = 0; n < 150; n += 1) {
      first.info('test', 'test.line', { n, padding: 'x'.repeat(40) });
      // The roll happens between writes (pino-roll reopens once the stream drains), as between a till's lines.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await first.close();
    // A second run continues the numbering, and the limit counts the first run's files too.
    const second = await openLogFile({ folder: dir, name: 'core', limits });
    logs.push(second);
    for (let n = 150; n < 200; n += 1) {
      second.info('test', 'test.line', { n, padding: 'x'.repeat(40) });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await second.close();

    const files = await waitFor(() => {
      const now = filesOf(dir);
      return now.length <= limits.files ? now : undefined;
    });
    expect(files).toHaveLength(3);
    const numbers = files.map((file) => Number(file.split('.')[1]));
    // ~17 KB of lines in 2 KB files: the numbering went well past the three kept.
    expect(Math.max(...numbers)).toBeGreaterThan(6);
    const entries = entriesOf(dir, files);
    const longestLine = Math.max(...entries.map((entry) => JSON.stringify(entry).length + 1));
    for (const file of files)
      expect(statSync(join(dir, file)).size).toBeLessThanOrEqual(limits.fileBytes + longestLine);
    const kept = entries.map((entry) => (entry['params'] as { n: number }).n);
    expect(kept.at(-1)).toBe(199);
    expect(kept).not.toContain(0);
    // What is kept is the newest, in order, without a gap.
    expect(kept).toEqual(kept.map((_, index) => kept[0]! + index));
  });

  it('keeps each log to its own files', async () => {
    const dir = folder();
    const core = await openLogFile({ folder: dir, name: 'core' });
    const renderer = await openLogFile({ folder: dir, name: 'renderer' });
    logs.push(core, renderer);
    core.info('core', 'core.started');
    renderer.error('renderer', 'renderer.error', { message: 'boom' });
    await core.close();
    await renderer.close();
    expect(entriesOf(dir, filesOf(dir, 'core')).map((entry) => entry['code'])).toEqual(['core.started']);
    expect(entriesOf(dir, filesOf(dir, 'renderer')).map((entry) => entry['code'])).toEqual(['renderer.error']);
  });
});
