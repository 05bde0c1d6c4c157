import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import dgram from 'node:dgram';
import type * as Sqlite from 'node:sqlite';
import { vi } from 'vitest';

// Setup file of the pure tier (Vitest projects `unit-node` and `unit-dom`, `npm run test:unit`): a test listed
// there promises to open no socket, start no process and write no file. This makes each of those throw, so a
// test that breaks the promise fails loudly instead of quietly making the tier slow and flaky. Reading files
// stays allowed: Node and Vitest read modules through node:fs. SQLite stays allowed in memory only.

function refuse(what: string): never {
  throw new Error(
    `pure tier: this test ${what}. Tests in .config/unit-tests.txt open no socket, start no process and write ` +
      'no file; take it off that list (it still runs in the node or dom project).',
  );
}

function forbid(target: object, names: readonly string[], what: string): void {
  const record = target as Record<string, unknown>;
  for (const name of names) {
    if (typeof record[name] !== 'function') continue;
    record[name] = () => refuse(`${what} (${name})`);
  }
}

forbid(net.Socket.prototype, ['connect'], 'opened a socket');
forbid(net.Server.prototype, ['listen'], 'opened a listening socket');
forbid(net, ['connect', 'createConnection'], 'opened a socket');
forbid(dgram.Socket.prototype, ['bind', 'send'], 'opened a UDP socket');
forbid(
  childProcess,
  ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'],
  'started a process',
);
forbid(childProcess.ChildProcess.prototype, ['spawn'], 'started a process');

const FS_WRITES = [
  'appendFile',
  'chmod',
  'chown',
  'copyFile',
  'cp',
  'createWriteStream',
  'link',
  'lutimes',
  'mkdir',
  'mkdtemp',
  'rename',
  'rm',
  'rmdir',
  'symlink',
  'truncate',
  'unlink',
  'utimes',
  'writeFile',
  'writev',
  'write',
];
forbid(fs, [...FS_WRITES, ...FS_WRITES.map((name) => `${name}Sync`)], 'wrote a file');
forbid(fs.promises, FS_WRITES, 'wrote a file');

// Opening a file to write goes through open() with a flag other than plain reading.
for (const target of [fs, fs.promises] as Array<Record<string, unknown>>) {
  for (const name of ['open', 'openSync']) {
    const original = target[name] as ((path: unknown, flags?: unknown, ...rest: unknown[]) => unknown) | undefined;
    if (typeof original !== 'function') continue;
    target[name] = (path: unknown, flags?: unknown, ...rest: unknown[]) => {
      const reading = flags === undefined || flags === 'r' || flags === fs.constants.O_RDONLY;
      if (!reading) refuse(`opened a file to write (${name} ${String(path)})`);
      return original.call(target, path, flags, ...rest);
    };
  }
}

// SQLite writes its files itself, past node:fs: only an in-memory database is pure. node:sqlite's ES module
// exports do not follow a replaced export, so the module is swapped for what the tests import instead.
vi.mock('node:sqlite', async (importOriginal) => {
  const original = await importOriginal<typeof Sqlite>();
  class MemoryOnlyDatabase extends original.DatabaseSync {
    constructor(path: string | Buffer | URL, ...rest: unknown[]) {
      if (String(path) !== ':memory:') refuse(`opened a SQLite file (${String(path)})`);
      super(path, ...(rest as [object?]));
    }
  }
  return { ...original, DatabaseSync: MemoryOnlyDatabase, default: { ...original, DatabaseSync: MemoryOnlyDatabase } };
});

// ES module imports of these built-ins see the replaced functions too.
syncBuiltinESMExports();
