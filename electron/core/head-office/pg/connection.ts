import pg from 'pg';

// The till's line to the head office: a small pg.Pool (a till sends one batch at a time and a heartbeat) with
// short timeouts, so an unreachable server fails a send in seconds instead of hanging it; the outbox keeps what
// was not sent. Never on the payment path.

export type HeadOfficeDb = pg.Pool;

export interface HeadOfficeOptions {
  /** Connections at most (default 2: the sender and the heartbeat or a read). */
  readonly max?: number;
  /** Give up connecting after this long (default 5 s). */
  readonly connectTimeoutMs?: number;
  /** Give up on a statement after this long (default 15 s). */
  readonly queryTimeoutMs?: number;
}

/**
 * A pool on `url` (postgres://user:password@host:port/database?sslmode=…). `sslmode` means what it means to
 * libpq and psql (disable, prefer, require: encrypted without checking the certificate, verify-ca,
 * verify-full), not pg's stricter default reading of require as verify-full; without it there is no TLS.
 * Opening connects to nothing: the first call does.
 */
export function openHeadOffice(url: string, options: HeadOfficeOptions = {}): HeadOfficeDb {
  const queryTimeout = options.queryTimeoutMs ?? 15_000;
  const pool = new pg.Pool({
    connectionString: withLibpqSslModes(url),
    max: options.max ?? 2,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    query_timeout: queryTimeout,
    statement_timeout: queryTimeout,
    application_name: 'wallet-pos',
  });
  // An idle connection the server closes (a restart, a failover) emits here; unheard, it would end the process.
  // The next call opens a new one and reports what it finds.
  pool.on('error', () => undefined);
  return pool;
}

/** Closes the pool's connections (waits for calls in flight). */
export async function closeHeadOffice(db: HeadOfficeDb): Promise<void> {
  await db.end();
}

function withLibpqSslModes(url: string): string {
  const parsed = new URL(url);
  if (parsed.searchParams.has('uselibpqcompat')) return url;
  parsed.searchParams.set('uselibpqcompat', 'true');
  return parsed.toString();
}

/** Runs `work` in one transaction on one connection of the pool: committed when it returns, rolled back if it throws. */
export async function inTransaction<T>(db: HeadOfficeDb, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let broken = false;
  // A checked-out client has no pool listener: a connection cut between two statements (the head office
  // restarting, the network dropping) would emit an unheard 'error' and end the till's process. Heard here, the
  // next statement fails as a HeadOfficeFailure and the connection is dropped.
  const lost = (): void => {
    broken = true;
  };
  client.on('error', lost);
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection whose rollback failed is dropped, not given to the next call in an unknown state.
    client.removeListener('error', lost);
    client.release(broken);
  }
}
