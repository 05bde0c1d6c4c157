import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The pre-script every npm entry point runs (package.json → pre*): an old Node gets one sentence saying what
// to do, never a runtime flag error.

const SCRIPT = resolve(import.meta.dirname, '..', '.config', 'check-node.cjs');
const { nodeProblem } = createRequire(import.meta.url)(SCRIPT) as {
  nodeProblem(version: string, phase: 'install' | 'run'): string | null;
};

describe('check-node', () => {
  it('lets any Node that runs npm install, and says which version is needed below that', () => {
    expect(nodeProblem('v20.20.2', 'install')).toBeNull();
    expect(nodeProblem('v18.17.0', 'install')).toBeNull();
    expect(nodeProblem('v16.20.2', 'install')).toMatch(
      /installing needs Node 18\.17 or newer \(this is v16\.20\.2\).*nodejs\.org/,
    );
  });

  it('runs only on the Node the project brings (22.13+), and tells how to get it', () => {
    expect(nodeProblem('v24.21.0', 'run')).toBeNull();
    expect(nodeProblem('v22.13.0', 'run')).toBeNull();
    expect(nodeProblem('v20.20.2', 'run')).toMatch(/run `npm install`.*then try again/);
  });

  it('passes on the Node npm scripts run on here, so `npm start` and `npm test` go ahead', () => {
    const run = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });
});
