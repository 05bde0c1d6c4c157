import type {
  CustomerChargeDisplayStatus,
  CustomerChargeView,
  LinkedCustomerUnresolvedView,
  LinkedCustomerView,
} from '../../../shared/customers.ts';
import {
  type HoldDisplayStatus,
  type HoldView,
  type PreAuthStatus,
  PRE_AUTH_STATUSES,
} from '../../../shared/customer-holds.ts';
import { money } from '../../../shared/money.ts';
import type { CustomerAttemptRow, CustomerRow } from './rows.ts';

// Journal rows → what the screens read. Derived at read time from the attempt state and the provider's
// status, so there is one source of truth (the row) and the words a cashier sees follow from it.

export function toCustomerView(row: CustomerRow): LinkedCustomerView {
  return {
    merchantUserId: row.merchantUserId,
    status: row.status,
    hint: row.hint,
    linkedAt: new Date(row.linkedAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export function holdDisplayStatus(row: CustomerAttemptRow): HoldDisplayStatus {
  switch (row.state) {
    case 'sending':
      return 'sending';
    case 'checking':
      return 'checking';
    case 'not-sent':
      return 'not-placed';
    case 'capturing':
      return 'capturing';
    case 'voiding':
      return 'voiding';
    case 'open':
      if (row.providerStatus === 'PENDING') return 'pending';
      return row.captureFailure !== null ? 'capture-failed' : 'authorized';
    case 'final':
      switch (row.providerStatus) {
        case 'VOIDED':
          return 'voided';
        case 'EXPIRED':
          return 'expired';
        default:
          break;
      }
      // A capture answered REJECTED is never shown captured, even if the provider's pre-auth later says
      // otherwise (the synchronous answer is the truth; the disagreement is in the journal).
      if (row.captureFailure !== null) return 'capture-failed';
      switch (row.providerStatus) {
        case 'DECLINED':
          return 'declined';
        case 'CAPTURE_INITIATED':
        case 'CAPTURED':
          return 'captured';
        default:
          return 'not-placed';
      }
  }
}

export function toHoldView(row: CustomerAttemptRow, assumedTtlMs: number): HoldView {
  const authorized = row.state === 'open' && row.providerStatus === 'AUTHORIZED';
  const displayStatus = holdDisplayStatus(row);
  return {
    merchantRef: row.merchantRef,
    merchantUserId: row.merchantUserId,
    amount: money(row.amountMinor, row.currency),
    displayStatus,
    providerStatus: asPreAuthStatus(row.providerStatus),
    // The reason a cashier reads next to the status: the capture's when that is what failed.
    failureReason: displayStatus === 'capture-failed' ? row.captureFailure : row.failureReason,
    orderUuid: row.orderUuid,
    placedAt: new Date(row.createdAt).toISOString(),
    expiresAt: authorized && row.authorizedAt !== null ? new Date(row.authorizedAt + assumedTtlMs).toISOString() : null,
    canCapture: authorized,
    canVoid: authorized,
    voidReason: row.voidReason,
    captureFailureReason: row.captureFailure,
    unresolvedReason: row.unresolvedReason,
    takenBy: row.takenBy,
    approvedBy: row.approvedBy,
    finishedBy: row.finishedBy,
  };
}

export function chargeDisplayStatus(row: CustomerAttemptRow): CustomerChargeDisplayStatus {
  switch (row.state) {
    case 'sending':
    case 'checking':
    case 'not-sent':
      return row.state;
    default:
      return row.providerStatus === 'REJECTED' ? 'rejected' : 'approved';
  }
}

export function toChargeView(row: CustomerAttemptRow): CustomerChargeView {
  return {
    merchantRef: row.merchantRef,
    merchantUserId: row.merchantUserId,
    amount: money(row.amountMinor, row.currency),
    useCashback: row.useCashback,
    displayStatus: chargeDisplayStatus(row),
    failureReason: row.failureReason,
    orderUuid: row.orderUuid,
    orderOutcome: row.orderOutcome,
    createdAt: new Date(row.createdAt).toISOString(),
    unresolvedReason: row.unresolvedReason,
    takenBy: row.takenBy,
    approvedBy: row.approvedBy,
  };
}

/** A row whose request's outcome is not known (or whose checking stopped): it belongs on the Unresolved list. */
export function isUnresolvedAttempt(row: CustomerAttemptRow): boolean {
  return row.state === 'sending' || row.state === 'checking' || row.state === 'capturing' || row.state === 'voiding';
}

export function toUnresolvedView(row: CustomerAttemptRow): LinkedCustomerUnresolvedView {
  return {
    merchantUserId: row.merchantUserId,
    kind: row.kind,
    merchantRef: row.merchantRef,
    amount: money(row.amountMinor, row.currency),
    displayStatus: row.kind === 'hold' ? holdDisplayStatus(row) : chargeDisplayStatus(row),
    reason: row.unresolvedReason,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function asPreAuthStatus(value: string | null): PreAuthStatus | null {
  return value !== null && (PRE_AUTH_STATUSES as readonly string[]).includes(value) ? (value as PreAuthStatus) : null;
}
