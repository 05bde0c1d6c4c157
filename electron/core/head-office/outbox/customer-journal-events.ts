import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { CapturedTable, NotedChange } from './change-capture.ts';
import { iso, type NewOutboxEvent, type PaymentEventBody } from './events.ts';

// The linked-customer journal's changes as head-office events. A charge is a payment (method linked-charge); a
// hold is a `hold` event at every change, and once captured also a payment (method linked-capture), counted on the
// day the hold was placed, as the till's own day summary counts it.

export const CUSTOMER_JOURNAL_TABLES: readonly CapturedTable[] = [
  { table: 'tokenized_attempts', kind: 'linked', key: 'merchant_ref', on: ['INSERT', 'UPDATE'] },
];

export function customerJournalEvents(db: DatabaseSync): {
  eventsOf(noted: readonly NotedChange[]): { events: NewOutboxEvent[]; days: Set<string> };
} {
  let select: StatementSync | null = null;
  return {
    eventsOf: (noted) => {
      select ??= db.prepare(
        `SELECT merchant_ref, kind, amount_minor, currency, state, provider_status, taken_by_name, local_day,
                authorized_at, created_at, updated_at FROM tokenized_attempts WHERE merchant_ref = ?`,
      );
      const events: NewOutboxEvent[] = [];
      const days = new Set<string>();
      for (const change of noted) {
        const row = change.kind === 'linked' ? select.get(change.key) : undefined;
        if (!row) continue;
        const status = String(row['provider_status'] ?? row['state']);
        const day = String(row['local_day']);
        days.add(day);
        if (row['kind'] === 'hold')
          events.push({
            kind: 'hold',
            body: {
              referenceId: String(row['merchant_ref']),
              status,
              amountMinor: Number(row['amount_minor']),
              currency: String(row['currency']),
              placedBy: (row['taken_by_name'] as string | null) ?? null,
              day,
              at: iso(Number(row['updated_at'])),
            },
          });
        if (row['kind'] === 'charge' || status === 'CAPTURED') {
          const paid = status === 'CAPTURED' || status === 'APPROVED';
          const body: PaymentEventBody = {
            referenceId: String(row['merchant_ref']),
            status,
            amountMinor: Number(row['amount_minor']),
            currency: String(row['currency']),
            method: row['kind'] === 'charge' ? 'linked-charge' : 'linked-capture',
            origin: 'linked',
            takenBy: (row['taken_by_name'] as string | null) ?? null,
            day,
            createdAt: iso(Number(row['created_at'])),
            updatedAt: iso(Number(row['updated_at'])),
            paidAt: paid ? iso(Number(row['updated_at'])) : null,
          };
          events.push({ kind: 'payment', body });
        }
      }
      return { events, days };
    },
  };
}
