import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Atomically, Transactions } from '../../sqlite/database.ts';
import { localDayOf } from '../../sqlite/local-time.ts';

// What every journal operation needs: the open database, the transaction helper, the clock and the shop's
// time zone. The clock is injected so tests and the benchmark can place records on any day.

export interface JournalContext {
  readonly db: DatabaseSync;
  readonly atomically: Atomically;
  readonly snapshot: Atomically;
  readonly now: () => number;
  readonly timeZone: string;
  /** A prepared statement for `sql`, compiled once per connection (payment writes stay in the millisecond range). */
  readonly sql: (sql: string) => StatementSync;
  readonly localDay: (epochMs: number) => string;
}

export function createContext(
  db: DatabaseSync,
  transactions: Transactions,
  now: () => number,
  timeZone: string,
): JournalContext {
  const statements = new Map<string, StatementSync>();
  return {
    db,
    atomically: transactions.atomically,
    snapshot: transactions.snapshot,
    now,
    timeZone,
    sql: (sql) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    localDay: (epochMs) => localDayOf(epochMs, timeZone),
  };
}
