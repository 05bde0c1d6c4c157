import type { Migration } from '../../sqlite/migrations.ts';

export const CAPTURE_FAILURE_MIGRATION: Migration = {
  version: 2,
  description:
    'capture_failure: the reason a capture was answered REJECTED (the hold is then shown capture-failed, never captured)',
  up: (db) => db.exec('ALTER TABLE tokenized_attempts ADD COLUMN capture_failure TEXT'),
};
