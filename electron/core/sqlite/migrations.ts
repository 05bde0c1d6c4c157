import type { DatabaseSync } from 'node:sqlite';
import { PosError } from '../../../shared/errors.ts';
import type { Notice } from '../../../shared/notices.ts';
import type { Atomically } from './database.ts';

// The migration runner both journals share (their lists: ../payments/journal/migrations/ and
// ../customers/migrations/, one file per migration). A journal's schema is versioned in code: SQLite's
// `user_version` holds the last migration applied; each migration runs in its own transaction together with the
// version bump, so a crash half-way leaves the file at the previous version and the next start simply runs it
// again. Never edit a migration that has shipped: add a new one.

export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly up: (db: DatabaseSync) => void;
}

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get();
  return Number(row?.['user_version'] ?? 0);
}

/**
 * Refuses a file newer than `migrations` knows, then applies each migration up to `target` in its own
 * transaction together with its user_version bump. The version is re-read inside each transaction, so a
 * migration another process has just applied is skipped rather than run twice.
 */
export function applyMigrations(
  db: DatabaseSync,
  atomically: Atomically,
  migrations: readonly Migration[],
  target: number,
  newerFile: (from: number) => Notice,
): { from: number; to: number } {
  const from = schemaVersion(db);
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  if (from > latest) throw new PosError('journal.unavailable', { notice: newerFile(from) });
  for (const migration of migrations) {
    if (migration.version > target) break;
    atomically(() => {
      if (schemaVersion(db) >= migration.version) return;
      migration.up(db);
      // PRAGMA does not take bound parameters; the version is an integer from the list above.
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
  return { from, to: schemaVersion(db) };
}
