import { afterEach, describe, expect, it } from 'vitest';
import { usePostgres } from '../../../testing/postgres.ts';
import { headOfficeCommand } from '../cli.ts';
import { closeHeadOffice, openHeadOffice, type HeadOfficeDb } from './connection.ts';
import { dayEvent, paymentEvent, staffEvent, tillState, JOURNAL_ID } from './head-office.test-helper.ts';
import { heartbeat, ingestBatch } from './ingest.ts';
import { migrate, SCHEMA_VERSION } from './migrate.ts';
import { problemOf } from './problems.ts';
import { shopDay, staffSince } from './reads.ts';
import { roleSql } from './role-sql.ts';

// The IT team's way: the owner migrates with the CLI and creates the tills' login from `role-sql`; a till
// logged in as it does all its work and can change no schema.

describe("the tills' least-privilege role", () => {
  const postgres = usePostgres();
  const opened: HeadOfficeDb[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map(closeHeadOffice));
  });

  async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await headOfficeCommand(
      args,
      (line) => out.push(line),
      (line) => err.push(line),
      {},
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  /** Creates the role from `npm run head-office -- role-sql <role>` with a password; returns its URL. */
  async function createRole(role: string): Promise<string> {
    const printed = await run('role-sql', role);
    expect(printed.code).toBe(0);
    const database = new URL(postgres.url).pathname.slice(1);
    await postgres.server.query(printed.out.replace(`'choose-a-password'`, `'till-secret'`), database);
    const url = new URL(postgres.url);
    url.username = role;
    url.password = 'till-secret';
    return url.toString();
  }

  function open(url: string): HeadOfficeDb {
    const db = openHeadOffice(url);
    opened.push(db);
    return db;
  }

  it('migrates with the CLI, then the role does all a till does', async () => {
    expect(await run('migrate', postgres.url)).toEqual({
      code: 0,
      out: `The wallet_pos schema is now at version ${SCHEMA_VERSION} (was absent).`,
      err: '',
    });
    expect((await run('migrate', postgres.url)).out).toContain('already at version');
    const till = open(await createRole('wallet_pos_till'));
    const state = tillState('shop-1', 'T1');
    // A till calls migrate at every connection: already there, it needs no right to create.
    expect(await migrate(till)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    await heartbeat(till, state);
    await ingestBatch(till, state, JOURNAL_ID, [paymentEvent(1), dayEvent(2), staffEvent(3)]);
    await ingestBatch(till, state, JOURNAL_ID, [paymentEvent(1), dayEvent(2), staffEvent(3)]);
    await heartbeat(till, { ...state, signedIn: 'Mei' });
    expect((await shopDay(till, 'shop-1', new Date().toISOString().slice(0, 10))).tills).toHaveLength(1);
    expect((await staffSince(till, 'shop-1', 0)).people).toHaveLength(1);
  });

  it('may not create, alter or delete', async () => {
    await run('migrate', postgres.url);
    // Roles belong to the server, not to the test's database: each test makes its own.
    const till = open(await createRole('locked_down_till'));
    for (const sql of [
      'create table wallet_pos.mine (id int)',
      'create table public.mine (id int)',
      'alter table wallet_pos.payments add column extra int',
      'delete from wallet_pos.payments',
      'update wallet_pos.events set kind = kind',
      'drop table wallet_pos.events',
    ]) {
      const refusal = await till.query(sql).catch((error: unknown) => error);
      expect(refusal, sql).toMatchObject({ code: '42501' });
    }
  });

  it('reports that it may not create the schema when it is asked to migrate an empty database', async () => {
    const role = await createRoleBeforeSchema();
    const refusal = await migrate(open(role)).catch((error: unknown) => error);
    expect(problemOf(refusal)).toBe('schema-missing');
    expect(String((refusal as Error).message)).toMatch(/may not create/);
    const viaCli = await run('migrate', role);
    expect(viaCli.code).toBe(1);
    expect(viaCli.err).toMatch(/^Not migrated \(schema-missing\): this login may not create the wallet_pos schema/);
  });

  // The grants name the schema's tables, so without a schema only the login itself can be created.
  async function createRoleBeforeSchema(): Promise<string> {
    const database = new URL(postgres.url).pathname.slice(1);
    await postgres.server.query(`create role early_till login password 'till-secret'`, database);
    const url = new URL(postgres.url);
    url.username = 'early_till';
    url.password = 'till-secret';
    return url.toString();
  }

  it('prints a role of another name, and refuses a name that is not one', async () => {
    expect(roleSql('shop_tills')).toContain('create role shop_tills login');
    expect((await run('role-sql', 'x; drop table y')).code).toBe(2);
    expect((await run('rolesql')).code).toBe(2);
  });
});
