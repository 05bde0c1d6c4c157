import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { removeFolder, tempFolder } from './testing/helpers.ts';

// `npm start` where there is no Electron binary (issue 2): one sentence saying why, then the browser
// preview. The binary is made unfindable honestly, through the override electron's own package honours
// (ELECTRON_OVERRIDE_DIST_PATH, read by findElectronBinary) pointed at a folder that does not exist.
// launch.ts really runs `vite build --mode web` (a few seconds) and then the preview; the test stops the
// whole process group as a terminal's Ctrl+C would.

const ROOT = resolve(import.meta.dirname, '..');
const PREVIEW_READY = /^preview ready url=http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{43}) sandbox=/;
const FALLBACK_SENTENCE =
  /^Electron cannot start here because ([^.]|\.(?! ))+; starting the browser preview instead \(same as `npm run preview`\)\.$/;

let child: ChildProcess | null = null;
let scratch: string | null = null;

afterEach(() => {
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  child = null;
  if (scratch) removeFolder(scratch);
  scratch = null;
});

describe('npm start without an Electron binary', () => {
  it('says why in one sentence, starts the preview, and stops cleanly with its process group', async () => {
    scratch = tempFolder('launch-no-electron-');
    const missingDist = join(scratch, 'no-electron-dist');
    const proc = spawn(
      process.execPath,
      [
        '--experimental-strip-types',
        '--no-warnings=ExperimentalWarning',
        'electron/launch.ts',
        '--port',
        '0',
        '--no-open',
        '--data-dir',
        join(scratch, 'data'),
      ],
      {
        cwd: ROOT,
        // Its own process group, so the test can signal launch.ts and the preview it started together.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: missingDist },
      },
    );
    child = proc;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
      proc.once('exit', (code, signal) => resolveExit({ code, signal })),
    );
    let stderr = '';
    proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines: string[] = [];

    const ready = await new Promise<RegExpExecArray>((resolveReady, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no preview ready line in 60 s; stdout: ${lines.join('\n')}; stderr: ${stderr}`)),
        60_000,
      );
      createInterface({ input: proc.stdout! }).on('line', (line) => {
        lines.push(line);
        const match = PREVIEW_READY.exec(line);
        if (!match) return;
        clearTimeout(timer);
        resolveReady(match);
      });
      void exited.then(({ code }) =>
        reject(new Error(`launch exited with ${code} before the preview was ready; stderr: ${stderr}`)),
      );
    });

    // The first thing said is the one sentence, naming the cause (the override we set) and the fallback.
    expect(lines[0]).toMatch(FALLBACK_SENTENCE);
    expect(lines[0]).toContain(missingDist);
    expect(lines.filter((line) => line.startsWith('Electron cannot start here'))).toHaveLength(1);
    expect(stderr).not.toMatch(/^\s+at /m); // no stack trace

    // The preview it started really serves the contract on the port it printed.
    const [, port, token] = ready;
    const reply = await fetch(`http://127.0.0.1:${port}/api/app.info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(((await reply.json()) as { ok: boolean; value: { transport: string } }).value.transport).toBe('web');

    process.kill(-proc.pid!, 'SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
  }, 90_000);
});
