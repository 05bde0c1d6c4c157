import { isCurrency, type CurrencyCode } from '../../../shared/money.ts';
import type { Notice } from '../../../shared/notices.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { integer, integerOrNull, text, textOrNull, type SqlRow } from '../sqlite/columns.ts';
import { staffRefOf } from '../sqlite/staff-columns.ts';
import { readUnresolvedReason } from './unresolved-reason.ts';

// The linked-customer journal's records as TypeScript sees them (camelCase, epoch-ms times), what goes into
// them, and the readers that turn a SQLite row into one (through the checked column readers of columns.ts).

export type CustomerStatus = 'linked' | 'unlinked' | 'relink-needed';
export type LinkSessionStatus = 'open' | 'exchanging' | 'linked' | 'failed' | 'expired';
export type AttemptKind = 'hold' | 'charge';
/**
 * sending: recorded, request on its way · checking: the create/charge outcome is unknown and being found out ·
 * open: a hold the provider has (PENDING or AUTHORIZED) · capturing / voiding: that request is on its way or its
 * outcome is being found out · final: the provider's answer is known and nothing more will be sent ·
 * not-sent: proven never processed (the provider refused it).
 */
export type CustomerAttemptState = 'sending' | 'checking' | 'open' | 'capturing' | 'voiding' | 'final' | 'not-sent';
export type CustomerEventKind = 'request' | 'response' | 'error' | 'status' | 'note' | 'webhook';

export interface CustomerRow {
  readonly merchantUserId: string;
  readonly merchantId: string;
  readonly status: CustomerStatus;
  readonly tokenSealed: string | null;
  readonly hint: string | null;
  readonly linkedAt: number;
  readonly updatedAt: number;
  /** Who linked them (the last link); null: before schema 7, or nobody signed in. */
  readonly linkedBy: StaffRef | null;
}

export interface LinkSessionRow {
  readonly linkToken: string;
  readonly merchantUserId: string;
  readonly merchantId: string;
  readonly stateHash: string;
  readonly callbackUrl: string;
  readonly consentUrl: string;
  readonly hint: string | null;
  readonly status: LinkSessionStatus;
  readonly failure: string | null;
  readonly expiresAt: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Who started it at the till (null: nobody signed in); the customer is recorded as linked by them. */
  readonly startedBy: StaffRef | null;
}

export interface CustomerAttemptRow {
  readonly merchantRef: string;
  readonly kind: AttemptKind;
  readonly merchantUserId: string;
  readonly merchantId: string;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly useCashback: boolean;
  readonly idempotencyKey: string;
  readonly state: CustomerAttemptState;
  readonly providerId: string | null;
  readonly providerStatus: string | null;
  readonly failureReason: string | null;
  readonly orderUuid: string | null;
  readonly orderOutcome: string | null;
  readonly opKey: string | null;
  readonly voidReason: string | null;
  /** Why the provider answered a capture REJECTED (its failureReason), until a later capture is approved. */
  readonly captureFailure: string | null;
  /** Why the outcome is not known yet, or why the till stopped finding it out (unresolved-reason.ts). */
  readonly unresolvedReason: Notice | null;
  readonly authorizedAt: number | null;
  readonly localDay: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly version: number;
  /** Who charged the customer or placed the hold (schema 5; null: nobody signed in, or before staff). */
  readonly takenBy: StaffRef | null;
  /** Who approved the charge, or the hold's capture, with their own PIN (null: the customer approved, or none). */
  readonly approvedBy: StaffRef | null;
  /** Who sent the hold's last capture or void (null for a charge, a hold still open, or nobody signed in). */
  readonly finishedBy: StaffRef | null;
}

export interface NewCustomerAttempt {
  readonly merchantRef: string;
  readonly kind: AttemptKind;
  readonly merchantUserId: string;
  readonly merchantId: string;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly useCashback: boolean;
  readonly idempotencyKey: string;
  readonly localDay: string;
  /** Who charges or places the hold; absent or null: nobody signed in. */
  readonly takenBy?: StaffRef | null | undefined;
  /** Who approved a charge with their own PIN; absent or null: nobody (the customer approved). */
  readonly approvedBy?: StaffRef | null | undefined;
}

/** Absent = unchanged; null = clear. */
export interface CustomerAttemptPatch {
  readonly state?: CustomerAttemptState | undefined;
  readonly providerId?: string | null | undefined;
  readonly providerStatus?: string | null | undefined;
  readonly failureReason?: string | null | undefined;
  readonly orderUuid?: string | null | undefined;
  readonly orderOutcome?: string | null | undefined;
  readonly opKey?: string | null | undefined;
  readonly voidReason?: string | null | undefined;
  readonly captureFailure?: string | null | undefined;
  readonly unresolvedReason?: Notice | null | undefined;
  readonly authorizedAt?: number | null | undefined;
  readonly useCashback?: boolean | undefined;
  /** A capture's approver by PIN (null: the customer approved it). */
  readonly approvedBy?: StaffRef | null | undefined;
  /** Who sends this capture or void. */
  readonly finishedBy?: StaffRef | null | undefined;
}

export interface CustomerEventRow {
  readonly id: number;
  readonly merchantUserId: string | null;
  readonly merchantRef: string | null;
  readonly at: number;
  readonly kind: CustomerEventKind;
  readonly summary: string;
  readonly data: unknown;
}

export function readCustomer(row: SqlRow): CustomerRow {
  return {
    merchantUserId: text(row, 'merchant_user_id'),
    merchantId: text(row, 'merchant_id'),
    status: text(row, 'status') as CustomerStatus,
    tokenSealed: textOrNull(row, 'token_sealed'),
    hint: textOrNull(row, 'hint'),
    linkedAt: integer(row, 'linked_at'),
    updatedAt: integer(row, 'updated_at'),
    linkedBy: staffRefOf(row, 'linked_by'),
  };
}

export function readSession(row: SqlRow): LinkSessionRow {
  return {
    linkToken: text(row, 'link_token'),
    merchantUserId: text(row, 'merchant_user_id'),
    merchantId: text(row, 'merchant_id'),
    stateHash: text(row, 'state_hash'),
    callbackUrl: text(row, 'callback_url'),
    consentUrl: text(row, 'consent_url'),
    hint: textOrNull(row, 'hint'),
    status: text(row, 'status') as LinkSessionStatus,
    failure: textOrNull(row, 'failure'),
    expiresAt: integer(row, 'expires_at'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
    startedBy: staffRefOf(row, 'started_by'),
  };
}

export function readAttempt(row: SqlRow): CustomerAttemptRow {
  const currency = text(row, 'currency');
  if (!isCurrency(currency))
    throw new Error(`journal row ${String(row.merchant_ref)} has unknown currency ${currency}`);
  return {
    merchantRef: text(row, 'merchant_ref'),
    kind: text(row, 'kind') as AttemptKind,
    merchantUserId: text(row, 'merchant_user_id'),
    merchantId: text(row, 'merchant_id'),
    amountMinor: integer(row, 'amount_minor'),
    currency,
    useCashback: integer(row, 'use_cashback') === 1,
    idempotencyKey: text(row, 'idempotency_key'),
    state: text(row, 'state') as CustomerAttemptState,
    providerId: textOrNull(row, 'provider_id'),
    providerStatus: textOrNull(row, 'provider_status'),
    failureReason: textOrNull(row, 'failure_reason'),
    orderUuid: textOrNull(row, 'order_uuid'),
    orderOutcome: textOrNull(row, 'order_outcome'),
    opKey: textOrNull(row, 'op_key'),
    voidReason: textOrNull(row, 'void_reason'),
    captureFailure: textOrNull(row, 'capture_failure'),
    unresolvedReason: readUnresolvedReason(textOrNull(row, 'unresolved_notice'), textOrNull(row, 'unresolved_reason')),
    authorizedAt: integerOrNull(row, 'authorized_at'),
    localDay: text(row, 'local_day'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
    version: integer(row, 'version'),
    takenBy: staffRefOf(row, 'taken_by'),
    approvedBy: staffRefOf(row, 'approved_by'),
    finishedBy: staffRefOf(row, 'finished_by'),
  };
}

export function readEvent(row: SqlRow): CustomerEventRow {
  const data = textOrNull(row, 'data');
  return {
    id: integer(row, 'id'),
    merchantUserId: textOrNull(row, 'merchant_user_id'),
    merchantRef: textOrNull(row, 'merchant_ref'),
    at: integer(row, 'at'),
    kind: text(row, 'kind') as CustomerEventKind,
    summary: text(row, 'summary'),
    data: data === null ? null : (JSON.parse(data) as unknown),
  };
}
