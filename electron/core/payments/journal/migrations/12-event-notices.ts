import type { Migration } from '../../../sqlite/migrations.ts';

export const EVENT_NOTICES_MIGRATION: Migration = {
  version: 12,
  description: "each event also as a notice, for the detail screen to render in the cashier's language",
  up: (db) =>
    db.exec(`
        -- Beside the English summary (kept for a person reading the file, the CSV and the logs), the event as a
        -- notice, JSON: a key and parameters (shared/notices.ts, shared/locales/<lang>/notices.events.ts).
        -- Events written before this version have the English alone, which the screen shows as it was recorded.
        ALTER TABLE events ADD COLUMN notice TEXT CHECK (notice IS NULL OR json_valid(notice));
      `),
};
