import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../sandbox/sandbox.test-helper.ts';
import { usePostgres } from '../../../testing/postgres.ts';
import { sleep } from '../../../testing/helpers.ts';
import { closeHeadOffice, inTransaction, openHeadOffice, type HeadOfficeDb } from './connection.ts';
import { schemaVersion } from './migrate.ts';
import { HeadOfficeFailure } from './problems.ts';

// What a till says when it cannot use the head office, against a real server (and a real closed port).

describe('head-office problems', () => {
  const postgres = usePostgres();
  const opened: HeadOfficeDb[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map(closeHeadOffice));
  });

  async function problemWith(url: string): Promise<string> {
    const db = openHeadOffice(url, { connectTimeoutMs: 3_000 });
    opened.push(db);
    const error = await schemaVersion(db).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(HeadOfficeFailure);
    return (error as HeadOfficeFailure).problem;
  }

  function withUrl(change: (url: URL) => void): string {
    const url = new URL(postgres.url);
    change(url);
    return url.toString();
  }

  it('a connection cut between two statements of a transaction fails that call, not the process', async () => {
    const db = openHeadOffice(postgres.url);
    opened.push(db);
    const database = new URL(postgres.url).pathname.slice(1);
    const call = inTransaction(db, async (client) => {
      const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
      await postgres.server.query(`select pg_terminate_backend(${pid})`, database);
      await sleep(300); // the cut arrives while no statement is running: the moment nothing else listens
      await client.query('select 1');
    });
    await expect(call).rejects.toThrow();
    expect(await schemaVersion(db)).toBeNull(); // the pool dropped the dead connection and opens a new one
  });

  it('reaches a good URL', async () => {
    const db = openHeadOffice(postgres.url);
    opened.push(db);
    expect(await schemaVersion(db)).toBeNull();
  });

  it('says refused-login for a wrong password', async () => {
    expect(await problemWith(withUrl((url) => (url.password = 'wrong')))).toBe('refused-login');
  });

  it('says refused-login for a user that does not exist, and for a database it cannot open', async () => {
    expect(await problemWith(withUrl((url) => (url.username = 'nobody')))).toBe('refused-login');
    expect(await problemWith(withUrl((url) => (url.pathname = '/no_such_database')))).toBe('refused-login');
  });

  it('says unreachable for a closed port', async () => {
    const closed = await freePort();
    expect(await problemWith(withUrl((url) => (url.port = String(closed))))).toBe('unreachable');
  });

  it('says tls when sslmode asks for TLS the server does not offer', async () => {
    expect(await problemWith(`${postgres.url}?sslmode=require`)).toBe('tls');
    expect(await problemWith(`${postgres.url}?sslmode=verify-full`)).toBe('tls');
  });

  it('connects without TLS when sslmode=disable', async () => {
    const db = openHeadOffice(`${postgres.url}?sslmode=disable`);
    opened.push(db);
    expect(await schemaVersion(db)).toBeNull();
  });
});
