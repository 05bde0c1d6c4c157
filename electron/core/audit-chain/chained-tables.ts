// The payment journal's tables of money and authority, each row of which the audit chain holds as written: a
// payment (created here or looked up for a refund, then every answer), a refund (with who approved it), a
// cancel, a shift (opened, then closed with its Z report). The register connection's requests are pruned after
// 30 days and its waiting sales are a screen's state, not money: not chained. Events and the status history are
// append-only already (the database refuses UPDATE and DELETE) and retell what the chained rows hold.

export interface ChainedTable {
  readonly table: string;
  readonly key: string;
  /** What a new row of this table is, by the row. */
  readonly created: (row: Record<string, unknown>) => string;
  readonly changed: string;
  readonly deleted: string;
}

export const CHAINED_TABLES: readonly ChainedTable[] = [
  {
    table: 'payment_attempts',
    key: 'reference_id',
    created: (row) => (row['origin'] === 'looked-up' ? 'payment.looked-up' : 'payment.created'),
    changed: 'payment.changed',
    deleted: 'payment.deleted',
  },
  {
    table: 'refunds',
    key: 'refund_id',
    created: (row) => (row['approved_by_id'] != null ? 'refund.approved' : 'refund.created'),
    changed: 'refund.changed',
    deleted: 'refund.deleted',
  },
  {
    table: 'cancels',
    key: 'cancel_id',
    created: () => 'cancel.created',
    changed: 'cancel.changed',
    deleted: 'cancel.deleted',
  },
  {
    table: 'shifts',
    key: 'shift_id',
    created: () => 'shift.opened',
    // A shift changes once: at its close (the database refuses any change to a closed shift).
    changed: 'shift.closed',
    deleted: 'shift.deleted',
  },
];

export function chainedTable(table: string): ChainedTable {
  const found = CHAINED_TABLES.find((each) => each.table === table);
  if (!found) throw new Error(`${table} is not a chained table`);
  return found;
}

export function subjectOf(table: string, key: string): string {
  return `${table}/${key}`;
}
