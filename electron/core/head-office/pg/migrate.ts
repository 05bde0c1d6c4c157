import type pg from 'pg';
import { inTransaction, type HeadOfficeDb } from './connection.ts';
import { classified, HeadOfficeFailure } from './problems.ts';
import { SCHEMA_V1 } from './schema-v1.ts';
import { SCHEMA_V2 } from './schema-v2.ts';

// The schema's versions, applied in order in one transaction under an advisory lock: two tills (or a till and
// the IT team's `npm run head-office -- migrate`) starting at once never both create it. A till writes only to
// the version it knows: a newer one (a newer till migrated it) stops it with `schema-newer` until it is
// updated; an older or missing one with `schema-missing` until someone migrates.

/** The schema version this till reads and writes. */
export const SCHEMA_VERSION = 2;

const MIGRATIONS: readonly { readonly version: number; readonly sql: string }[] = [
  { version: 1, sql: SCHEMA_V1 },
  { version: 2, sql: SCHEMA_V2 },
];

// pg_advisory_xact_lock's key for "migrating wallet_pos": any constant no other program of the database uses.
const MIGRATION_LOCK = 7_746_383_401;

type Queryable = Pick<pg.ClientBase, 'query'> | HeadOfficeDb;

/** The schema version found in the database, null when there is no `wallet_pos` schema (or no version in it). */
export async function schemaVersion(db: Queryable): Promise<number | null> {
  return classified(async () => {
    // The catalog read as a table (a fresh snapshot per statement), not to_regclass: its cache can still miss a
    // schema another session committed while this one waited for the migration lock. And two statements: one
    // naming a table that does not exist fails when parsed, whatever a CASE around it says.
    const schema = await db.query<{ present: boolean }>(
      `select exists (select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'wallet_pos' and c.relname = 'schema_version') as present`,
    );
    if (!schema.rows[0]?.present) return null;
    const { rows } = await db.query<{ version: number | null }>(
      'select max(version) as version from wallet_pos.schema_version',
    );
    return rows[0]?.version ?? null;
  });
}

export interface Migrated {
  /** The version found before (null: none). */
  readonly from: number | null;
  readonly to: number;
}

/**
 * Brings the schema to SCHEMA_VERSION. Already there: changes nothing and needs no right to create (a till with a
 * least-privilege role may call it). A login that may not create the schema fails with `schema-missing`.
 */
export async function migrate(db: HeadOfficeDb): Promise<Migrated> {
  const found = await schemaVersion(db);
  refuseNewer(found);
  if (found === SCHEMA_VERSION) return { from: found, to: found };
  return classified(async () => {
    try {
      return await inTransaction(db, async (client) => {
        await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        // Another migration may have run while we waited for the lock: read again under it.
        const current = await schemaVersion(client);
        refuseNewer(current);
        await client.query('create schema if not exists wallet_pos');
        await client.query(`create table if not exists wallet_pos.schema_version (
          version int primary key, applied_at timestamptz not null default now())`);
        for (const migration of MIGRATIONS) {
          if (migration.version <= (current ?? 0)) continue;
          await client.query(migration.sql);
          await client.query('insert into wallet_pos.schema_version (version) values ($1)', [migration.version]);
        }
        return { from: current, to: SCHEMA_VERSION };
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === '42501') {
        throw new HeadOfficeFailure(
          'schema-missing',
          `this login may not create the wallet_pos schema (${(error as Error).message}): ` +
            'run `npm run head-office -- migrate <url>` with the owner of the database',
          { cause: error },
        );
      }
      throw error;
    }
  });
}

/**
 * Checks, on the connection of a write's own transaction, that the schema is the version this till knows; a
 * write calls it first and writes nothing otherwise.
 */
export async function requireKnownSchema(client: Queryable): Promise<void> {
  const found = await schemaVersion(client);
  refuseNewer(found);
  if (found === null || found < SCHEMA_VERSION) {
    throw new HeadOfficeFailure(
      'schema-missing',
      found === null
        ? 'no wallet_pos schema: run `npm run head-office -- migrate <url>`'
        : `the wallet_pos schema is version ${found}, this till writes version ${SCHEMA_VERSION}: migrate it`,
    );
  }
}

function refuseNewer(found: number | null): void {
  if (found !== null && found > SCHEMA_VERSION) {
    throw new HeadOfficeFailure(
      'schema-newer',
      `the wallet_pos schema is version ${found}, newer than this till's ${SCHEMA_VERSION}: update the till`,
    );
  }
}
