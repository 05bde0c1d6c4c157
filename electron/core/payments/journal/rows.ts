import type {
  AttemptState,
  DisplayStatus,
  OrderStatus,
  PaymentMethod,
  PaymentOrigin,
  PaymentType,
  RefundState,
} from '../../../../shared/payments.ts';
import type { CurrencyCode } from '../../../../shared/money.ts';
import type { Notice } from '../../../../shared/notices.ts';
import type { StaffRef } from '../../../../shared/staff.ts';
import { integer, integerOrNull, text, textOrNull, type SqlRow } from '../../sqlite/columns.ts';
import { readNotice } from '../../sqlite/reason-columns.ts';
import { staffRefOf } from '../../sqlite/staff-columns.ts';

// The journal's records as TypeScript sees them (camelCase, epoch-ms times), and the readers that turn a
// SQLite row into one (through the checked column readers of ../../sqlite/columns.ts).

export interface AttemptRow {
  readonly referenceId: string;
  /**
   * taken-here: this till sent the create/scan. looked-up: a payment of the merchant taken at another terminal,
   * recorded when this till refunded it (schema 8); never counted in this till's takings.
   */
  readonly origin: PaymentOrigin;
  /** Null only on a looked-up payment: the provider does not say how it was paid. */
  readonly method: PaymentMethod | null;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  /** The terminal that took it; null only on a looked-up payment (the status lookup does not say). */
  readonly posId: string | null;
  readonly idempotencyKey: string;
  readonly state: AttemptState;
  readonly providerStatus: OrderStatus | null;
  readonly providerOrderId: string | null;
  readonly paymentType: PaymentType | null;
  /** The provider's failure code, or the English of `failureNotice` (see ../../sqlite/reason-columns.ts). */
  readonly failureReason: string | null;
  /** Why it failed in the till's own words (null when the provider's code says it, and before schema 7). */
  readonly failureNotice: Notice | null;
  readonly qrPayload: string | null;
  /** Epoch ms after which the order can no longer be paid. */
  readonly expiresAt: number | null;
  readonly note: string | null;
  /** SHA-256 (hex) of the customer's scanned code; the code itself is never stored. */
  readonly consumerCodeHash: string | null;
  /** Sum of our refunds the provider confirmed, in minor units. */
  readonly refundedMinor: number;
  /**
   * The provider's refund total for the order (`refundAmount`), refunds made outside this till included: the
   * largest any lookup reported, or implied by one of our refunds landing on a known baseline. Null while no
   * refund has been reported (and on payments recorded before journal schema 6 that were not REFUNDED).
   */
  readonly providerRefundedMinor: number | null;
  readonly unresolvedReason: Notice | null;
  /**
   * The till cancelled this order itself because nobody paid before its QR expired: shown as expired, not
   * cancelled (the provider status stays CANCELLED).
   */
  readonly expiredUnpaid: boolean;
  /**
   * Taken in training mode (schema 22): sent to the till's training sandbox, never to the provider, and left out
   * of every figure of the day. Its reference is numbered apart (TRN-…).
   */
  readonly training: boolean;
  /**
   * The id the cashier's screen chose for this charge (schema 23), absent when none came with it: the screen
   * knows its payment by it from the first event, before the charge's answer.
   */
  readonly chargeId?: string;
  /** YYYY-MM-DD in the terminal's time zone when the attempt was recorded. */
  readonly localDay: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Bumped by every update; pass it back as `expectedVersion` to update only what you read. */
  readonly version: number;
  /** The register key (its name) that started it over the register connection; null for a sale keyed in here (schema 9). */
  readonly registerKey: string | null;
  /** That key's id (schema 12): whose payment it is. Set whenever registerKey is. */
  readonly registerKeyId: string | null;
  /** The register's own order reference, sent as merchantOrderReference; null when it gave none. */
  readonly orderReference: string | null;
  /**
   * Who took it (schema 14): the person signed in, as named then; null for the kiosk's, a sale nobody was signed
   * in for, and payments recorded before.
   */
  readonly takenBy: StaffRef | null;
  /** The shift open when it was taken (schema 14); null when none was. */
  readonly shiftId: string | null;
}

export interface RefundRow {
  readonly refundId: string;
  readonly referenceId: string;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly reason: string | null;
  readonly idempotencyKey: string;
  readonly state: RefundState;
  /** The provider's failure code, or the English of `failureNotice` (see ../../sqlite/reason-columns.ts). */
  readonly failureReason: string | null;
  readonly failureNotice: Notice | null;
  /** The provider's order id as echoed by the refund response (`shopbackOrderId`). */
  readonly providerOrderId: string | null;
  readonly providerTraceId: string | null;
  /**
   * The provider's running refund total (`refundAmount`) seen just before this refund was (last) sent. The
   * refund has landed once the provider's total reaches this + amountMinor, whatever was refunded elsewhere.
   * Null for refunds recorded before journal schema 3.
   */
  readonly providerRefundedBeforeMinor: number | null;
  /** While sending/checking: why its outcome is not known yet. Null when nothing is known (or schema < 4). */
  readonly checkingReason: Notice | null;
  /** The terminal (posId) the refund was sent as; null on refunds recorded before journal schema 8. */
  readonly posId: string | null;
  /** Who made it and who approved it with their own PIN (schema 14); null when nobody was signed in, or before. */
  readonly refundedBy: StaffRef | null;
  readonly approvedBy: StaffRef | null;
  /** The shift open when it was made (schema 14). */
  readonly shiftId: string | null;
  /** Its payment was found without the receipt (payments.find), so an approver was required (schema 15). */
  readonly foundWithoutReceipt: boolean;
  readonly localDay: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export type CancelState = 'sending' | 'checking' | 'done';
/** cancelled: the provider cancelled it; not-cancellable: the customer had already confirmed; failed: other refusal. */
export type CancelOutcome = 'cancelled' | 'not-cancellable' | 'failed';

export interface CancelRow {
  readonly cancelId: string;
  readonly referenceId: string;
  readonly idempotencyKey: string;
  readonly reason: string | null;
  readonly state: CancelState;
  readonly outcome: CancelOutcome | null;
  /** The provider's failure code, or the English of `failureNotice` (see ../../sqlite/reason-columns.ts). */
  readonly failureReason: string | null;
  readonly failureNotice: Notice | null;
  /** While sending/checking: why its outcome is not known yet. Null when nothing is known (or schema < 4). */
  readonly checkingReason: Notice | null;
  /** Who asked for it (schema 14); null for the kiosk's, a register's, or nobody signed in. */
  readonly cancelledBy: StaffRef | null;
  readonly shiftId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export type EventKind = 'request' | 'response' | 'error' | 'status' | 'note';
export const EVENT_KINDS: readonly EventKind[] = ['request', 'response', 'error', 'status', 'note'];

export interface EventRow {
  readonly id: number;
  readonly referenceId: string;
  readonly at: number;
  readonly kind: EventKind;
  /** The English line (every event has one). */
  readonly summary: string;
  /** The same as a notice; null on events written before journal schema 12. */
  readonly notice: Notice | null;
  readonly data: string | null;
}

export interface StatusHistoryRow {
  readonly id: number;
  readonly referenceId: string;
  readonly at: number;
  readonly displayStatus: DisplayStatus;
  readonly providerStatus: OrderStatus | null;
}

export const ATTEMPT_COLUMNS = `reference_id, origin, method, amount_minor, currency, pos_id, idempotency_key, state, provider_status,
  provider_order_id, payment_type, failure_reason, qr_payload, expires_at, note, consumer_code_hash, refunded_minor,
  provider_refunded_minor, unresolved_reason, unresolved_notice, failure_notice, expired_unpaid, local_day, created_at, updated_at, version,
  register_key, register_key_id, order_reference, taken_by_id, taken_by_name, shift_id, training, charge_id`;

export function readAttempt(row: SqlRow): AttemptRow {
  return {
    referenceId: text(row, 'reference_id'),
    origin: text(row, 'origin') as PaymentOrigin,
    method: textOrNull(row, 'method') as PaymentMethod | null,
    amountMinor: integer(row, 'amount_minor'),
    currency: text(row, 'currency') as CurrencyCode,
    posId: textOrNull(row, 'pos_id'),
    idempotencyKey: text(row, 'idempotency_key'),
    state: text(row, 'state') as AttemptState,
    providerStatus: textOrNull(row, 'provider_status') as OrderStatus | null,
    providerOrderId: textOrNull(row, 'provider_order_id'),
    paymentType: textOrNull(row, 'payment_type') as PaymentType | null,
    failureReason: textOrNull(row, 'failure_reason'),
    failureNotice: readNotice(textOrNull(row, 'failure_notice'), null),
    qrPayload: textOrNull(row, 'qr_payload'),
    expiresAt: integerOrNull(row, 'expires_at'),
    note: textOrNull(row, 'note'),
    consumerCodeHash: textOrNull(row, 'consumer_code_hash'),
    refundedMinor: integer(row, 'refunded_minor'),
    providerRefundedMinor: integerOrNull(row, 'provider_refunded_minor'),
    unresolvedReason: readNotice(textOrNull(row, 'unresolved_notice'), textOrNull(row, 'unresolved_reason')),
    expiredUnpaid: integer(row, 'expired_unpaid') === 1,
    training: integer(row, 'training') === 1,
    // Only when there is one: most payments (a register's, every one before schema 23) have none.
    ...optionalText(row, 'charge_id', 'chargeId'),
    localDay: text(row, 'local_day'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
    version: integer(row, 'version'),
    registerKey: textOrNull(row, 'register_key'),
    registerKeyId: textOrNull(row, 'register_key_id'),
    orderReference: textOrNull(row, 'order_reference'),
    takenBy: staffRefOf(row, 'taken_by'),
    shiftId: textOrNull(row, 'shift_id'),
  };
}

export const REFUND_COLUMNS = `refund_id, reference_id, amount_minor, currency, reason, idempotency_key, state, failure_reason,
  provider_order_id, provider_trace_id, provider_refunded_before_minor, checking_reason, checking_notice, failure_notice, pos_id, local_day, created_at, updated_at,
  refunded_by_id, refunded_by_name, approved_by_id, approved_by_name, shift_id, found_without_receipt`;

export function readRefund(row: SqlRow): RefundRow {
  return {
    refundId: text(row, 'refund_id'),
    referenceId: text(row, 'reference_id'),
    amountMinor: integer(row, 'amount_minor'),
    currency: text(row, 'currency') as CurrencyCode,
    reason: textOrNull(row, 'reason'),
    idempotencyKey: text(row, 'idempotency_key'),
    state: text(row, 'state') as RefundState,
    failureReason: textOrNull(row, 'failure_reason'),
    failureNotice: readNotice(textOrNull(row, 'failure_notice'), null),
    providerOrderId: textOrNull(row, 'provider_order_id'),
    providerTraceId: textOrNull(row, 'provider_trace_id'),
    providerRefundedBeforeMinor: integerOrNull(row, 'provider_refunded_before_minor'),
    checkingReason: readNotice(textOrNull(row, 'checking_notice'), textOrNull(row, 'checking_reason')),
    posId: textOrNull(row, 'pos_id'),
    refundedBy: staffRefOf(row, 'refunded_by'),
    approvedBy: staffRefOf(row, 'approved_by'),
    shiftId: textOrNull(row, 'shift_id'),
    foundWithoutReceipt: integer(row, 'found_without_receipt') === 1,
    localDay: text(row, 'local_day'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}

export const CANCEL_COLUMNS =
  'cancel_id, reference_id, idempotency_key, reason, state, outcome, failure_reason, failure_notice, checking_reason, checking_notice, created_at, updated_at, cancelled_by_id, cancelled_by_name, shift_id';

export function readCancel(row: SqlRow): CancelRow {
  return {
    cancelId: text(row, 'cancel_id'),
    referenceId: text(row, 'reference_id'),
    idempotencyKey: text(row, 'idempotency_key'),
    reason: textOrNull(row, 'reason'),
    state: text(row, 'state') as CancelState,
    outcome: textOrNull(row, 'outcome') as CancelOutcome | null,
    failureReason: textOrNull(row, 'failure_reason'),
    failureNotice: readNotice(textOrNull(row, 'failure_notice'), null),
    checkingReason: readNotice(textOrNull(row, 'checking_notice'), textOrNull(row, 'checking_reason')),
    cancelledBy: staffRefOf(row, 'cancelled_by'),
    shiftId: textOrNull(row, 'shift_id'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}

export function readEvent(row: SqlRow): EventRow {
  return {
    id: integer(row, 'id'),
    referenceId: text(row, 'reference_id'),
    at: integer(row, 'at'),
    kind: text(row, 'kind') as EventKind,
    summary: text(row, 'summary'),
    notice: readNotice(textOrNull(row, 'notice'), null),
    data: textOrNull(row, 'data'),
  };
}

export function readStatusHistory(row: SqlRow): StatusHistoryRow {
  return {
    id: integer(row, 'id'),
    referenceId: text(row, 'reference_id'),
    at: integer(row, 'at'),
    displayStatus: text(row, 'display_status') as DisplayStatus,
    providerStatus: textOrNull(row, 'provider_status') as OrderStatus | null,
  };
}

/** A register's refund or cancel (schema 21): the key that asked, and whoever was signed in at the till then. */
export interface ForRegister {
  readonly keyId: string;
  readonly signedIn: StaffRef | null;
}

function optionalText<K extends string>(row: SqlRow, column: string, key: K): { [P in K]?: string } {
  const value = textOrNull(row, column);
  return (value === null ? {} : { [key]: value }) as { [P in K]?: string };
}
