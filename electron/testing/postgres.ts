import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startPostgres, type PostgresServer } from './postgres-server.ts';

// The test fixture for anything that talks to the head office: one real PostgreSQL per test file (started in
// beforeAll, stopped and its folder removed in afterAll) and a fresh empty database for every test. Never a
// mocked database. Call at the top of a test file (or a describe):
//
//   const postgres = usePostgres();
//   it('…', async () => { const db = openHeadOffice(postgres.url); … });
//
// `url` is the current test's database as its superuser (it may create the schema); `server` has the rest
// (another database, SQL as the superuser, the port, the start time).

export interface PostgresFixture {
  /** The current test's own database, as a superuser URL. */
  readonly url: string;
  readonly server: PostgresServer;
}

export function usePostgres(): PostgresFixture {
  let server: PostgresServer | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  beforeEach(async () => {
    url = await running().createDatabase();
  });
  afterAll(async () => {
    await server?.stop();
  });
  function running(): PostgresServer {
    if (!server) throw new Error('usePostgres: PostgreSQL is not running (use it inside a test)');
    return server;
  }
  return {
    get url() {
      if (!url) throw new Error('usePostgres: no database yet (use it inside a test)');
      return url;
    },
    get server() {
      return running();
    },
  };
}
