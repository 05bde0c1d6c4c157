import { afterEach, describe, expect, it } from 'vitest';
import { usePostgres } from '../../../testing/postgres.ts';
import { closeHeadOffice, openHeadOffice, type HeadOfficeDb } from './connection.ts';
import { paymentEvent, tillState, JOURNAL_ID } from './head-office.test-helper.ts';
import { heartbeat, ingestBatch } from './ingest.ts';
import { migrate, SCHEMA_VERSION, schemaVersion } from './migrate.ts';
import { HeadOfficeFailure, problemOf } from './problems.ts';
import { SCHEMA_V1 } from './schema-v1.ts';

/** One row per version, each applied once. */
const EVERY_VERSION = Array.from({ length: SCHEMA_VERSION }, (_, index) => ({ version: index + 1 }));

describe('the wallet_pos schema and its versions', () => {
  const postgres = usePostgres();
  const opened: HeadOfficeDb[] = [];
  const open = (): HeadOfficeDb => {
    const db = openHeadOffice(postgres.url);
    opened.push(db);
    return db;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map(closeHeadOffice));
  });

  it('has no version before the first migration, and SCHEMA_VERSION after', async () => {
    const db = open();
    expect(await schemaVersion(db)).toBeNull();
    expect(await migrate(db)).toEqual({ from: null, to: SCHEMA_VERSION });
    expect(await schemaVersion(db)).toBe(SCHEMA_VERSION);
  });

  it('migrates again without changing anything', async () => {
    const db = open();
    await migrate(db);
    expect(await migrate(db)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
    const rows = await postgres.server.query('select version from wallet_pos.schema_version', dbName(postgres.url));
    expect(rows).toEqual(EVERY_VERSION);
  });

  it('lets two tills migrate at once: one creates the schema under the lock, the other finds it done', async () => {
    const results = await Promise.all([migrate(open()), migrate(open()), migrate(open())]);
    expect(results.filter((result) => result.from === null)).toHaveLength(1);
    expect(results.every((result) => result.to === SCHEMA_VERSION)).toBe(true);
    const rows = await postgres.server.query(
      'select version from wallet_pos.schema_version order by 1',
      dbName(postgres.url),
    );
    expect(rows).toEqual(EVERY_VERSION);
  });

  it('brings a version 1 schema (the first release) to the newest, keeping its rows', async () => {
    const db = open();
    await db.query(`create schema wallet_pos;
      create table wallet_pos.schema_version (version int primary key, applied_at timestamptz not null default now());
      ${SCHEMA_V1}
      insert into wallet_pos.schema_version (version) values (1);`);
    const till = tillState('shop-1', 'T1');
    await db.query(
      `insert into wallet_pos.tills (till_id, shop_id, terminal_reference, version, last_seen_at, last_seq)
       values ($1, 'shop-1', 'T1', '1.0.0', now(), 7)`,
      [till.tillId],
    );
    expect(await migrate(db)).toEqual({ from: 1, to: SCHEMA_VERSION });
    const { rows } = await db.query(
      'select last_seq::int as last_seq, journal_id, seq_base::int as base from wallet_pos.tills',
    );
    expect(rows).toEqual([{ last_seq: 7, journal_id: null, base: 0 }]);
  });

  it('refuses to write to a schema version it does not know (schema-newer), and writes nothing', async () => {
    const db = open();
    await migrate(db);
    await postgres.server.query(
      `insert into wallet_pos.schema_version (version) values (${SCHEMA_VERSION + 1})`,
      dbName(postgres.url),
    );
    const till = tillState('shop-1', 'T1');
    const refusals = await Promise.all([
      ingestBatch(db, till, JOURNAL_ID, [paymentEvent(1)]).catch((error: unknown) => error),
      heartbeat(db, till).catch((error: unknown) => error),
      migrate(db).catch((error: unknown) => error),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(HeadOfficeFailure);
      expect(problemOf(refusal)).toBe('schema-newer');
    }
    const [count] = await postgres.server.query(
      'select (select count(*) from wallet_pos.events) + (select count(*) from wallet_pos.tills) as n',
      dbName(postgres.url),
    );
    expect(Number(count?.n)).toBe(0);
  });

  it('says schema-missing when a till writes before anyone migrated', async () => {
    const db = open();
    const refusal = await ingestBatch(db, tillState('shop-1', 'T1'), JOURNAL_ID, [paymentEvent(1)]).catch(
      (error: unknown) => error,
    );
    expect(problemOf(refusal)).toBe('schema-missing');
    expect(problemOf(await heartbeat(db, tillState('shop-1', 'T1')).catch((error: unknown) => error))).toBe(
      'schema-missing',
    );
  });
});

export function dbName(url: string): string {
  return new URL(url).pathname.slice(1);
}
