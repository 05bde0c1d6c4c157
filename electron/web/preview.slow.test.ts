import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { removeFolder, tempFolder } from '../testing/helpers.ts';

// The preview CLI as a newcomer (and the e2e fixture) runs it: spawn, wait for the ready line, use it, stop it.

const ROOT = resolve(import.meta.dirname, '..', '..');
const READY =
  /^preview ready url=(http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{43})) sandbox=(http:\/\/127\.0\.0\.1:(\d+))$/;

let child: ChildProcess | null = null;
let dataDir: string | null = null;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = null;
  if (dataDir) removeFolder(dataDir);
  dataDir = null;
});

function startPreview(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  printed: string[] = [],
): Promise<{ line: string; exited: Promise<number | null> }> {
  dataDir = tempFolder('preview-cli-');
  const proc = spawn(
    process.execPath,
    [
      '--experimental-strip-types',
      '--no-warnings=ExperimentalWarning',
      'electron/web/preview.ts',
      '--data-dir',
      dataDir,
      ...args,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  child = proc;
  const exited = new Promise<number | null>((resolveExit) => proc.once('exit', (code) => resolveExit(code)));
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in 20 s; stderr: ${stderr}`)), 20_000);
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      printed.push(line);
      if (!line.startsWith('preview ready ')) return;
      clearTimeout(timer);
      resolveReady({ line, exited });
    });
    void exited.then((code) => reject(new Error(`preview exited with ${code}; stderr: ${stderr}`)));
  });
}

/** A port free right now: the OS picks one for a throw-away listener, which we close again. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

describe('preview CLI', () => {
  it('prints one parsable ready line with the tokenised URL and the sandbox, serves the contract, and stops on SIGTERM', async () => {
    const { line, exited } = await startPreview(['--port', '0', '--no-open']);
    const match = READY.exec(line);
    expect(match, line).not.toBeNull();
    const [, , port, token, sandbox] = match!;
    const reply = await fetch(`http://127.0.0.1:${port}/api/app.info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    const result = (await reply.json()) as { ok: boolean; value: { sandboxBaseUrl: string; transport: string } };
    expect(result.ok).toBe(true);
    expect(result.value.transport).toBe('web');
    expect(result.value.sandboxBaseUrl).toBe(sandbox);
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('listens on the port given with --port N, and its ready line says so', async () => {
    const port = await freePort();
    const { line, exited } = await startPreview(['--port', String(port), '--no-open']);
    const match = READY.exec(line);
    expect(match, line).not.toBeNull();
    const [, url, readyPort, token] = match!;
    expect(Number(readyPort)).toBe(port);
    expect(url!.startsWith(`http://127.0.0.1:${port}/`)).toBe(true);
    const reply = await fetch(`http://127.0.0.1:${port}/api/app.info`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { ok: boolean }).ok).toBe(true);
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('on a machine without a display, says how to open the till from another computer (SSH tunnel, same port)', async () => {
    const { DISPLAY: _display, WAYLAND_DISPLAY: _wayland, ...headless } = process.env;
    const printed: string[] = [];
    const { line, exited } = await startPreview(['--port', '0'], headless, printed);
    const [, url, port] = READY.exec(line)!;
    // The hint arrives in chunks that may be split anywhere: wait for its last line, then read the whole of it.
    await expect.poll(() => printed.join('\n')).toContain(`then open ${url}`);
    expect(printed.join('\n')).toContain(`ssh -N -L ${port}:127.0.0.1:${port}`);
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a port that is not a number, with a one-line reason', async () => {
    await expect(startPreview(['--port', 'eighty', '--no-open'])).rejects.toThrow(/--port must be a port number/);
  });
});
