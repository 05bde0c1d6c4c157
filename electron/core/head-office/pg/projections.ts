import type { HeadOfficeEventKind } from './events.ts';

// How each kind of event lands in its table: the row of its key (a payment's referenceId, a refund's refundId…)
// takes the body of the newest event (highest seq) for that key. Built as one set-based statement per kind
// over the events the batch just inserted, so a batch of hundreds costs a handful of round trips.
// `cancel` and `hold` stay in `events` only.

interface Projection {
  readonly kind: HeadOfficeEventKind;
  /** The body field that names the row. */
  readonly key: string;
  readonly table: string;
  readonly conflict: string;
  /** Column → SQL expression over the event `e`. */
  readonly columns: Readonly<Record<string, string>>;
  /** Columns an update leaves alone (the row's identity). */
  readonly keep: readonly string[];
  /** Extra assignments of an update. */
  readonly onUpdate?: string;
  /** Columns an update that brings null leaves as they are. */
  readonly keepWhenNull?: readonly string[];
}

const text = (field: string): string => `e.body->>'${field}'`;
const bigint = (field: string): string => `(e.body->>'${field}')::bigint`;
const int = (field: string): string => `(e.body->>'${field}')::int`;
const time = (field: string): string => `(e.body->>'${field}')::timestamptz`;
const day = (field: string): string => `(e.body->>'${field}')::date`;

const PROJECTIONS: readonly Projection[] = [
  {
    kind: 'payment',
    key: 'referenceId',
    table: 'wallet_pos.payments',
    conflict: 'till_id, reference_id',
    columns: {
      till_id: 'e.till_id',
      shop_id: 'e.shop_id',
      reference_id: text('referenceId'),
      status: text('status'),
      amount_minor: bigint('amountMinor'),
      currency: text('currency'),
      method: text('method'),
      origin: text('origin'),
      taken_by: text('takenBy'),
      taken_by_id: text('takenById'),
      provider_order_id: text('providerOrderId'),
      day: day('day'),
      created_at: time('createdAt'),
      updated_at: time('updatedAt'),
      paid_at: time('paidAt'),
    },
    keep: ['till_id', 'reference_id'],
  },
  {
    kind: 'refund',
    key: 'refundId',
    table: 'wallet_pos.refunds',
    conflict: 'till_id, refund_id',
    columns: {
      till_id: 'e.till_id',
      shop_id: 'e.shop_id',
      reference_id: text('referenceId'),
      refund_id: text('refundId'),
      amount_minor: bigint('amountMinor'),
      currency: text('currency'),
      status: text('status'),
      refunded_by: text('refundedBy'),
      approved_by: text('approvedBy'),
      found_without_receipt: `coalesce((e.body->>'foundWithoutReceipt')::boolean, false)`,
      day: day('day'),
      created_at: time('createdAt'),
    },
    keep: ['till_id', 'refund_id'],
  },
  {
    kind: 'shift',
    key: 'shiftNumber',
    table: 'wallet_pos.shifts',
    conflict: 'till_id, shift_number',
    columns: {
      till_id: 'e.till_id',
      shop_id: 'e.shop_id',
      shift_number: int('shiftNumber'),
      opened_by: text('openedBy'),
      opened_at: time('openedAt'),
      closed_by: text('closedBy'),
      closed_at: time('closedAt'),
      currency: text('currency'),
      gross_minor: bigint('grossMinor'),
      refunds_minor: bigint('refundsMinor'),
      net_minor: bigint('netMinor'),
      payments: int('payments'),
    },
    keep: ['till_id', 'shift_number'],
  },
  {
    kind: 'day',
    key: 'day',
    table: 'wallet_pos.till_days',
    conflict: 'till_id, day',
    columns: {
      till_id: 'e.till_id',
      shop_id: 'e.shop_id',
      day: day('day'),
      currency: text('currency'),
      gross_minor: bigint('grossMinor'),
      refunds_minor: bigint('refundsMinor'),
      net_minor: bigint('netMinor'),
      payments: int('payments'),
      reported_at: 'e.occurred_at',
    },
    keep: ['till_id', 'day'],
  },
  {
    // The shop's roster: every change gets a new revision, the head office's order the tills converge on.
    kind: 'staff',
    key: 'personId',
    table: 'wallet_pos.staff',
    conflict: 'shop_id, person_id',
    columns: {
      shop_id: 'e.shop_id',
      person_id: text('personId'),
      name: text('name'),
      role: text('role'),
      active: `(e.body->>'active')::boolean`,
      pin_salt: text('pinSalt'),
      pin_hash: text('pinHash'),
      changed_at: 'e.occurred_at',
      changed_by_till: 'e.till_id',
    },
    keep: ['shop_id', 'person_id'],
    // A till that has no hash for a person (set up before PINs travelled, or after its vault was reset) must not
    // wipe the one the shop has: the person could then sign in nowhere but where their key is.
    keepWhenNull: ['pin_salt', 'pin_hash'],
    onUpdate: `revision = nextval(pg_get_serial_sequence('wallet_pos.staff', 'revision'))`,
  },
];

export const PROJECTED_KINDS: ReadonlySet<string> = new Set(PROJECTIONS.map((projection) => projection.kind));

/**
 * The statement that projects this batch's newly inserted events of `kind` ($1 till id, $2 their seqs). With
 * `inOrder` false (some event already stored has a higher seq than one of these: a batch that came late), an
 * event is projected only when no stored event for the same key is newer, so a late event never undoes a newer
 * state.
 */
export function projectionSql(kind: string, inOrder: boolean): string | null {
  const projection = PROJECTIONS.find((candidate) => candidate.kind === kind);
  if (!projection) return null;
  const key = `e.body->>'${projection.key}'`;
  const columns = Object.keys(projection.columns);
  const updates = columns
    .filter((column) => !projection.keep.includes(column))
    .map((column) =>
      projection.keepWhenNull?.includes(column)
        ? `${column} = coalesce(excluded.${column}, ${projection.table}.${column})`
        : `${column} = excluded.${column}`,
    );
  if (projection.onUpdate) updates.push(projection.onUpdate);
  const newest = inOrder
    ? ''
    : `and not exists (select 1 from wallet_pos.events later where later.till_id = e.till_id
         and later.seq > e.seq and later.kind = e.kind and later.body->>'${projection.key}' = ${key})`;
  return `insert into ${projection.table} (${columns.join(', ')})
    select distinct on (${key}) ${columns.map((column) => projection.columns[column]).join(', ')}
    from wallet_pos.events e
    where e.till_id = $1 and e.seq = any($2::bigint[]) and e.kind = '${projection.kind}' ${newest}
    order by ${key}, e.seq desc
    on conflict (${projection.conflict}) do update set ${updates.join(', ')}`;
}
