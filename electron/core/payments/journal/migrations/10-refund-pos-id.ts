import type { Migration } from '../../../sqlite/migrations.ts';

export const REFUND_POS_ID_MIGRATION: Migration = {
  version: 10,
  description: 'the terminal (posId) each refund was sent as',
  up: (db) => {
    // A till refunds with its current posId, whichever terminal took the payment. Null on refunds recorded
    // before this version (they were sent as the payment's terminal). Development builds of schema 8 added the
    // column there already: such a journal keeps its column and its values.
    const columns = db.prepare('PRAGMA table_info(refunds)').all();
    if (!columns.some((column) => column['name'] === 'pos_id')) db.exec('ALTER TABLE refunds ADD COLUMN pos_id TEXT');
  },
};
