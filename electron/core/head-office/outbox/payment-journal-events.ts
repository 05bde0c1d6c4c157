import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { CapturedTable, NotedChange } from './change-capture.ts';
import { iso, isoOrNull, type NewOutboxEvent, type PaymentEventBody } from './events.ts';

// The payment journal's changes as head-office events: each noted row read back as it is now. A payment of
// another terminal recorded here only to refund it (origin looked-up) is that terminal's to report: its refund is
// sent, the payment is not (a shop's day would count it twice). A training sale, its refunds and cancels (marked
// training, schema 22) never happened for the shop: none of them is sent, nor touches a day's totals.

export const PAYMENT_JOURNAL_TABLES: readonly CapturedTable[] = [
  { table: 'payment_attempts', kind: 'payment', key: 'reference_id', on: ['INSERT', 'UPDATE'] },
  { table: 'refunds', kind: 'refund', key: 'refund_id', on: ['INSERT', 'UPDATE'] },
  { table: 'cancels', kind: 'cancel', key: 'cancel_id', on: ['INSERT'] },
  { table: 'shifts', kind: 'shift', key: 'shift_id', on: ['INSERT', 'UPDATE'] },
];

export interface PaymentJournalEvents {
  /** The events of the noted changes, and the local days whose money they touched. */
  eventsOf(noted: readonly NotedChange[]): { events: NewOutboxEvent[]; days: Set<string> };
}

/** `currency`: the till's, for a shift still open (a closed one says its own, in its Z report). */
export function paymentJournalEvents(db: DatabaseSync, currency: () => string): PaymentJournalEvents {
  const statements = new Map<string, StatementSync>();
  const sql = (text: string): StatementSync => {
    let statement = statements.get(text);
    if (!statement) statements.set(text, (statement = db.prepare(text)));
    return statement;
  };
  const eventOf = (change: NotedChange, days: Set<string>): NewOutboxEvent | null => {
    switch (change.kind) {
      case 'payment': {
        const row = sql(
          `SELECT reference_id, origin, method, amount_minor, currency, provider_status, display_status, register_key,
                  taken_by_name, taken_by_id, provider_order_id, local_day, created_at, updated_at, training,
                  (SELECT min(at) FROM status_history h WHERE h.reference_id = a.reference_id
                     AND h.provider_status = 'CAPTURED') AS paid_at
             FROM payment_attempts a WHERE reference_id = ?`,
        ).get(change.key);
        if (!row || row['origin'] === 'looked-up' || row['training'] === 1) return null;
        days.add(String(row['local_day']));
        const body: PaymentEventBody = {
          referenceId: String(row['reference_id']),
          status: String(row['provider_status'] ?? row['display_status']),
          amountMinor: Number(row['amount_minor']),
          currency: String(row['currency']),
          method: row['method'] === 'customer-qr' ? 'customer-qr' : 'merchant-qr',
          origin: row['register_key'] === null ? 'cashier' : 'register',
          takenBy: (row['taken_by_name'] as string | null) ?? null,
          takenById: (row['taken_by_id'] as string | null) ?? null,
          providerOrderId: (row['provider_order_id'] as string | null) ?? null,
          day: String(row['local_day']),
          createdAt: iso(Number(row['created_at'])),
          updatedAt: iso(Number(row['updated_at'])),
          paidAt: isoOrNull(row['paid_at']),
        };
        return { kind: 'payment', body };
      }
      case 'refund': {
        const row = sql(
          `SELECT refund_id, reference_id, amount_minor, currency, state, refunded_by_name, approved_by_name,
                  found_without_receipt, local_day, created_at, training FROM refunds WHERE refund_id = ?`,
        ).get(change.key);
        if (!row || row['training'] === 1) return null;
        days.add(String(row['local_day']));
        return {
          kind: 'refund',
          body: {
            referenceId: String(row['reference_id']),
            refundId: String(row['refund_id']),
            amountMinor: Number(row['amount_minor']),
            currency: String(row['currency']),
            status: String(row['state']),
            refundedBy: (row['refunded_by_name'] as string | null) ?? null,
            approvedBy: (row['approved_by_name'] as string | null) ?? null,
            foundWithoutReceipt: Number(row['found_without_receipt']) === 1,
            day: String(row['local_day']),
            createdAt: iso(Number(row['created_at'])),
          },
        };
      }
      case 'cancel': {
        const row = sql(
          `SELECT reference_id, cancelled_by_name, created_at, training FROM cancels WHERE cancel_id = ?`,
        ).get(change.key);
        if (!row || row['training'] === 1) return null;
        return {
          kind: 'cancel',
          body: {
            referenceId: String(row['reference_id']),
            cancelledBy: (row['cancelled_by_name'] as string | null) ?? null,
            at: iso(Number(row['created_at'])),
          },
        };
      }
      case 'shift': {
        const row = sql(
          `SELECT number, opened_by_name, opened_at, closed_by_name, closed_at, z_report FROM shifts WHERE shift_id = ?`,
        ).get(change.key);
        if (!row) return null;
        return { kind: 'shift', body: shiftBody(row, currency()) };
      }
      default:
        return null;
    }
  };
  return {
    eventsOf: (noted) => {
      const days = new Set<string>();
      const events: NewOutboxEvent[] = [];
      for (const change of noted) {
        const event = eventOf(change, days);
        if (event) events.push(event);
      }
      return { events, days };
    },
  };
}

interface ZTotals {
  readonly currency?: string;
  readonly paid?: { count?: number; total?: { amountMinor?: number } };
  readonly refunds?: { total?: { amountMinor?: number } };
  readonly net?: { amountMinor?: number };
}

/** An open shift has no totals yet (zeros); a closed one sends its Z report's, as kept at the close. */
function shiftBody(row: Record<string, unknown>, tillCurrency: string): unknown {
  const z: ZTotals | null = typeof row['z_report'] === 'string' ? (JSON.parse(row['z_report']) as ZTotals) : null;
  return {
    shiftNumber: Number(row['number']),
    openedBy: (row['opened_by_name'] as string | null) ?? null,
    openedAt: iso(Number(row['opened_at'])),
    closedBy: (row['closed_by_name'] as string | null) ?? null,
    closedAt: isoOrNull(row['closed_at']),
    currency: z?.currency ?? tillCurrency,
    grossMinor: z?.paid?.total?.amountMinor ?? 0,
    refundsMinor: z?.refunds?.total?.amountMinor ?? 0,
    netMinor: z?.net?.amountMinor ?? 0,
    payments: z?.paid?.count ?? 0,
  };
}
