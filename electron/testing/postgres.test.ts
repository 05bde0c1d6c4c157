import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { usePostgres } from './postgres.ts';

async function inDatabase<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('the PostgreSQL test fixture', () => {
  const postgres = usePostgres();

  it('starts a real PostgreSQL on 127.0.0.1, quickly', async () => {
    const [row] = await postgres.server.query('select version() as version');
    expect(String(row?.version)).toMatch(/^PostgreSQL \d+/);
    expect(postgres.url).toContain(`127.0.0.1:${postgres.server.port}/`);
    // A copy of the template cluster + start: 0.1-0.9 s on this 2-core machine under load (initdb once: 2-9 s).
    expect(postgres.server.startMs).toBeLessThan(30_000);
  });

  it('gives each test its own empty database (a table made in one is not in the next)', async () => {
    await inDatabase(postgres.url, async (client) => {
      expect((await client.query(`select to_regclass('public.left_behind') as t`)).rows[0].t).toBeNull();
      await client.query('create table left_behind (id int)');
    });
  });

  it('…and the next test does not see it', async () => {
    await inDatabase(postgres.url, async (client) => {
      expect((await client.query(`select to_regclass('public.left_behind') as t`)).rows[0].t).toBeNull();
    });
  });
});
