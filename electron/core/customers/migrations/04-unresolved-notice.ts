import type { Migration } from '../../sqlite/migrations.ts';

export const UNRESOLVED_NOTICE_MIGRATION: Migration = {
  version: 4,
  description:
    "unresolved_notice: why a charge or hold is not settled as a notice (JSON), for the screens to render in the cashier's language",
  up: (db) =>
    db.exec(`
        -- unresolved_reason keeps the English (and its "stopped: " start, which the queries read). Rows written
        -- before this version have the English alone: an error code, or "stopped: " and the reason in English.
        ALTER TABLE tokenized_attempts ADD COLUMN unresolved_notice TEXT CHECK (unresolved_notice IS NULL OR json_valid(unresolved_notice));
      `),
};
