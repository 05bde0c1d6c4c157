// Shared by the migration tests (migrations*.test.ts): what they read back from, and write into, an older file.

import type { DatabaseSync } from 'node:sqlite';

export function indexNames(db: DatabaseSync): string[] {
  return db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((row) => String(row['name']));
}

/** A paid payment (1000) with a refund of 300 being checked, as an older schema stores them (raw SQL). */
export function insertPaidWithCheckingRefund(db: DatabaseSync, referenceId: string): void {
  db.prepare(
    `INSERT INTO payment_attempts (reference_id, method, amount_minor, currency, pos_id, idempotency_key, state, display_status,
       provider_status, local_day, created_at, updated_at)
     VALUES (?, 'merchant-qr', 1000, 'SGD', 'POS-1', 'key-1', 'final', 'paid', 'CAPTURED', '2026-11-20', 1763600000000, 1763600000000)`,
  ).run(referenceId);
  db.prepare(
    `INSERT INTO refunds (refund_id, reference_id, amount_minor, currency, idempotency_key, state, local_day, created_at, updated_at)
     VALUES (?, ?, 300, 'SGD', 'rk-1', 'checking', '2026-11-20', 1763600001000, 1763600001000)`,
  ).run(`${referenceId}-R1`, referenceId);
}
