// Test-only Node imports: the renderer's log is a real file main (here the in-process core) writes.
// eslint-disable-next-line no-restricted-imports
import { readdirSync, readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCoreBridge } from '../test/core-bridge.test-helper.ts';
import { reportUnhandledErrors } from './error-reporter.ts';

// A screen's unhandled error and rejection reach the renderer's log through log.rendererError (a real core).

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

function rendererLines(folder: string): Array<Record<string, unknown>> {
  return readdirSync(folder)
    .filter((file) => file.startsWith('renderer.'))
    .flatMap((file) => readFileSync(join(folder, file), 'utf8').split('\n'))
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the renderer error reporter', () => {
  it('sends unhandled errors and rejections to the renderer log, and stops at its cap per page', async () => {
    const bridge = await openCoreBridge();
    const logs = await bridge['support.logs']({});
    if (!logs.ok) throw new Error('no log folder');
    stop = reportUnhandledErrors(window, bridge, { maxPerPage: 2 });

    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('total is undefined'), message: 'x' }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('print failed') });
    window.dispatchEvent(rejection);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('third, past the cap'), message: 'y' }));

    await expect.poll(() => rendererLines(logs.value.folder).length).toBe(2);
    expect(bridge.callsTo('log.rendererError')).toHaveLength(2);
    expect(rendererLines(logs.value.folder)).toMatchObject([
      { level: 'error', area: 'renderer', code: 'renderer.error', text: 'TypeError: total is undefined' },
      { level: 'error', area: 'renderer', code: 'renderer.unhandled-rejection', text: 'Error: print failed' },
    ]);
  });
});
