import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findElectronBinary } from './electron-binary.ts';

// `npm start`: builds and runs the Electron app. Where there is no Electron binary (it cannot be
// downloaded on every machine), says so in one sentence and runs the browser preview instead, which serves
// the same app and contract from a local web host.

const ROOT = resolve(import.meta.dirname, '..');
const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const NODE_TS = ['--experimental-strip-types', '--no-warnings=ExperimentalWarning'];
const forwardedArgs = process.argv.slice(2);

let current: ChildProcess | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (current && current.exitCode === null) current.kill(signal);
    else process.exit(130);
  });
}

function run(command: string, args: readonly string[]): Promise<number> {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    current = child;
    child.once('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolvePromise(1);
    });
    child.once('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  if (!existsSync(VITE)) {
    console.error('Dependencies are not installed: run `npm install` first.');
    return 1;
  }
  const electron = findElectronBinary();
  if ('path' in electron) {
    const built = await run(process.execPath, [VITE, 'build']);
    if (built !== 0) return built;
    return run(electron.path, [ROOT, ...forwardedArgs]);
  }
  console.log(
    `Electron cannot start here because ${electron.reason}; starting the browser preview instead (same as \`npm run preview\`).`,
  );
  const built = await run(process.execPath, [VITE, 'build', '--mode', 'web']);
  if (built !== 0) return built;
  return run(process.execPath, [...NODE_TS, join(ROOT, 'electron', 'web', 'preview.ts'), ...forwardedArgs]);
}

process.exitCode = await main();
