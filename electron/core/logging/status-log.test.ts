import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusSnapshot } from '../../../shared/status.ts';
import { openLogFile } from './log-file.ts';
import { statusLogger } from './status-log.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) removeFolder(folder);
});

const quiet: StatusSnapshot = {
  environment: 'embedded-sandbox',
  demo: true,
  providerReachable: true,
  clockSkewMs: 0,
  pendingCount: 0,
  unresolvedCount: 0,
  checkedAt: '2026-11-27T10:00:00.000Z',
  journalProblems: [],
  listenerProblems: [],
};

describe('the status bar in the log', () => {
  it('writes only the changes: provider lost and back, a listener problem, the printer', async () => {
    const folder = tempFolder('status-log-');
    folders.push(folder);
    const log = await openLogFile({ folder, name: 'core' });
    const write = statusLogger(log);
    write(quiet);
    write({ ...quiet, pendingCount: 2 });
    write({ ...quiet, providerReachable: false });
    write({ ...quiet, providerReachable: false, checkedAt: '2026-11-27T10:00:30.000Z' });
    write({
      ...quiet,
      listenerProblems: [{ listener: 'register-connection', port: 4000, refusal: 'in-use' }],
      printer: { state: 'paper-out', checkedAt: null },
    });
    await log.close();

    const codes = readdirSync(folder)
      .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n'))
      .filter((line) => line.length > 0)
      .map((line) => (JSON.parse(line) as { code: string; level: string }).code);
    expect(codes).toEqual([
      'status.provider-reachable',
      'status.provider-unreachable',
      'status.provider-reachable',
      'status.listener-problems',
      'status.printer',
    ]);
  });
});
