import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../sandbox/sandbox.test-helper.ts';
import { usePostgres } from '../../../testing/postgres.ts';
import { closeHeadOffice, openHeadOffice, type HeadOfficeDb } from './connection.ts';
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
