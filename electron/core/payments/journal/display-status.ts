import type { AttemptState, DisplayStatus, OrderStatus } from '../../../../shared/payments.ts';

// The rules that turn "where the journal stands" (AttemptState) and "what the provider said" (OrderStatus)
// into the one word a cashier reads, and into what the cashier may do next. Pure and import-free (types
// only) so the journal, the payment service and the renderer all apply the same rules.

const BY_PROVIDER_STATUS: Readonly<Record<OrderStatus, DisplayStatus>> = {
  CREATED: 'waiting',
  PENDING: 'scanned',
  PROCESSING: 'confirming',
  CAPTURED: 'paid',
  REFUNDED: 'refunded',
  FAILED: 'failed',
  ABANDONED: 'expired',
  CANCELLED: 'cancelled',
};

const FINAL_PROVIDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'CAPTURED',
  'FAILED',
  'CANCELLED',
  'REFUNDED',
  'ABANDONED',
]);

/** Attempts recovery must pick up on start: the request may be in flight, or the order is still open. */
export const UNSETTLED_STATES: readonly AttemptState[] = ['sending', 'checking', 'active'];

/** `expiredUnpaid`: the till cancelled the order itself because nobody paid before the QR expired. */
export function displayStatusOf(
  state: AttemptState,
  providerStatus: OrderStatus | null,
  expiredUnpaid = false,
): DisplayStatus {
  // The provider calls it CANCELLED; for the cashier it is a QR that expired unpaid, like an abandoned one.
  if (expiredUnpaid && providerStatus === 'CANCELLED' && (state === 'active' || state === 'final')) return 'expired';
  switch (state) {
    // While the journal itself is unsure, what the provider said last is stale: say so instead.
    case 'sending':
      return 'sending';
    case 'checking':
      return 'checking';
    case 'not-sent':
      return 'not-sent';
    case 'active':
      // The order exists (the create/scan call answered) but no status has been read yet: it waits for the customer.
      return providerStatus === null ? 'waiting' : BY_PROVIDER_STATUS[providerStatus];
    case 'final':
      // Final without any provider status means the provider refused the request outright: the sale failed.
      return providerStatus === null ? 'failed' : BY_PROVIDER_STATUS[providerStatus];
  }
}

export function isFinalProviderStatus(status: OrderStatus): boolean {
  return FINAL_PROVIDER_STATUSES.has(status);
}

/** Cancel is allowed only before the customer confirms in the wallet app (wire-details §2.4: CREATED or PENDING). */
export function isCancellable(state: AttemptState, providerStatus: OrderStatus | null): boolean {
  return (
    state === 'active' && (providerStatus === null || providerStatus === 'CREATED' || providerStatus === 'PENDING')
  );
}

export interface RefundTotals {
  /** Refunded in all: the provider's total when it is known and larger, else what our own refunds add up to. */
  readonly refundedMinor: number;
  /** The part of it refunded outside this till (merchant portal, another till): never below 0. */
  readonly refundedElsewhereMinor: number;
}

/**
 * The provider's running refund total holds every refund of the order, ours and those made elsewhere; our
 * own confirmed total holds only ours. The provider's is the truth when known. It is never taken in while one
 * of our refunds is in flight (it could not tell ours from one made elsewhere), and is raised by each of ours
 * that lands, so a larger provider total means refunds made elsewhere.
 */
export function refundTotalsOf(input: {
  readonly refundedMinor: number;
  readonly providerRefundedMinor: number | null;
}): RefundTotals {
  const provider = input.providerRefundedMinor ?? 0;
  return {
    refundedMinor: Math.max(input.refundedMinor, provider),
    refundedElsewhereMinor: Math.max(0, provider - input.refundedMinor),
  };
}

export interface RefundableInput {
  readonly state: AttemptState;
  readonly providerStatus: OrderStatus | null;
  readonly amountMinor: number;
  /** Refunded in all (`refundTotalsOf`): our confirmed refunds and those made elsewhere. */
  readonly refundedMinor: number;
  /** Refunds sent but not yet confirmed or refused: reserved, so two clerks cannot refund the same money. */
  readonly inFlightRefundMinor: number;
}

/** What may still be refunded now, in minor units (0 when the order is not paid). */
export function refundableMinorOf(input: RefundableInput): number {
  if (input.state !== 'final' || input.providerStatus !== 'CAPTURED') return 0;
  return Math.max(0, input.amountMinor - input.refundedMinor - input.inFlightRefundMinor);
}
