import type { DatabaseSync } from 'node:sqlite';

// How a journal's changes reach the outbox in the commit that makes them, without a call at each of the journal's
// write sites: while the head office is on, TEMP triggers (they live on this connection only, never in the file,
// so a till without a head office writes exactly as before) note the key of each changed row in a TEMP table,
// which rolls back with the transaction; just before COMMIT the journal's capture (../../sqlite/journal-file.ts
// onBeforeCommit) turns each noted key into an event from the row as it now is, and empties the table. A row
// changed three times in one commit gives one event: its latest state, which is what the head office upserts.

/** A table whose changes are captured: `kind` names the event, `key` the column that finds the row again. */
export interface CapturedTable {
  readonly table: string;
  readonly kind: string;
  readonly key: string;
  readonly on: readonly ('INSERT' | 'UPDATE')[];
}

export interface NotedChange {
  readonly kind: string;
  readonly key: string;
}

const NOTED = 'head_office_noted';

export interface ChangeCapture {
  /** Creates the TEMP table and triggers (idempotent). Outside any transaction. */
  start(): void;
  /** Drops the triggers: the journal writes as without a head office. */
  stop(): void;
  /** The changes noted in the transaction under way, in the order first noted; empties the list. */
  take(): NotedChange[];
}

export function changeCapture(db: DatabaseSync, tables: readonly CapturedTable[]): ChangeCapture {
  const triggerName = (table: CapturedTable, on: string): string => `${NOTED}_${table.table}_${on.toLowerCase()}`;
  let taking: { select: ReturnType<DatabaseSync['prepare']>; clear: ReturnType<DatabaseSync['prepare']> } | null = null;
  return {
    start: () => {
      db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${NOTED} (kind TEXT NOT NULL, key TEXT NOT NULL, UNIQUE (kind, key))`);
      for (const table of tables)
        for (const on of table.on)
          db.exec(
            `CREATE TEMP TRIGGER IF NOT EXISTS ${triggerName(table, on)} AFTER ${on} ON main.${table.table}
               BEGIN INSERT OR IGNORE INTO ${NOTED} (kind, key) VALUES ('${table.kind}', NEW.${table.key}); END`,
          );
      taking ??= {
        select: db.prepare(`SELECT kind, key FROM ${NOTED} ORDER BY rowid`),
        clear: db.prepare(`DELETE FROM ${NOTED}`),
      };
    },
    stop: () => {
      for (const table of tables)
        for (const on of table.on) db.exec(`DROP TRIGGER IF EXISTS temp.${triggerName(table, on)}`);
    },
    take: () => {
      if (!taking) return [];
      const noted = taking.select.all().map((row) => ({ kind: String(row['kind']), key: String(row['key']) }));
      if (noted.length > 0) taking.clear.run();
      return noted;
    },
  };
}
