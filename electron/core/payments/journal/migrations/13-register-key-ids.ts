import type { Migration } from '../../../sqlite/migrations.ts';

export const REGISTER_KEY_IDS_MIGRATION: Migration = {
  version: 13,
  description: "a register's payments, sales and requests belong to its key's id, not its name; requests are pruned",
  up: (db) =>
    // A key's name was its identity: a key revoked and made again under the same name read, cancelled and
    // refunded the old key's payments and answered its Idempotency-Keys. Each key now has an id of its own
    // (ecr/key-store.ts); the name stays, for people to read. Rows recorded before this version belong to
    // 'legacy:' + the name, the id the keys file gives a key made before ids (../register.ts LEGACY_KEY_ID_PREFIX),
    // so a key still in use keeps its payments. Requests are pruned by age (../register.ts REQUEST_RETENTION_MS):
    // the index on created_at serves that.
    db.exec(`
        ALTER TABLE payment_attempts ADD COLUMN register_key_id TEXT
          CHECK (register_key_id IS NULL OR length(register_key_id) BETWEEN 1 AND 80);
        UPDATE payment_attempts SET register_key_id = 'legacy:' || register_key WHERE register_key IS NOT NULL;

        ALTER TABLE register_sales ADD COLUMN register_key_id TEXT NOT NULL DEFAULT 'legacy:'
          CHECK (length(register_key_id) BETWEEN 1 AND 80);
        UPDATE register_sales SET register_key_id = 'legacy:' || register_key;

        ALTER TABLE register_requests RENAME COLUMN register_key TO key_id;
        UPDATE register_requests SET key_id = 'legacy:' || key_id;
        CREATE INDEX register_requests_age ON register_requests (created_at);
      `),
};
