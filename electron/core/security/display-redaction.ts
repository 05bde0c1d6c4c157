import type { HoldView } from '../../../shared/customer-holds.ts';
import type { PaymentView, RefundView } from '../../../shared/payments.ts';
import type { Result } from '../../../shared/result.ts';
import type { WindowRole } from './window-channels.ts';

// The customer display faces the shopper: it shows their payment, never who works the till. The payment views it
// reads (payments.history) and hears (payment.updated) carry the staff who took, cancelled, refunded or approved
// them for the cashier's screens; those names are taken out here, before anything leaves main for that window, on
// both transports (electron/ipc.ts, electron/web/web-host.ts). The display's own screen does not show them either,
// but a page must not be handed what it must not show.

const STAFF_FIELDS: ReadonlySet<string> = new Set([
  'takenBy',
  'cancelledBy',
  'refundedBy',
  'approvedBy',
  // A linked customer's hold: who captured or voided it (customers/, schema 5).
  'finishedBy',
] satisfies readonly (keyof PaymentView | keyof RefundView | keyof HoldView)[]);

/** `value` as a page of this role may have it: unchanged for the cashier, without staff names for the display. */
export function visibleTo<T>(role: WindowRole | null | undefined, value: T): T {
  return role === 'customer-display' ? (withoutStaff(value) as T) : value;
}

/** A call's answer as a page of this role may have it (a refusal carries no payment, so it passes as it is). */
export function answerVisibleTo<T>(role: WindowRole | null | undefined, result: Result<T>): Result<T> {
  return result.ok ? { ok: true, value: visibleTo(role, result.value) } : result;
}

function withoutStaff(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStaff);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !STAFF_FIELDS.has(key))
      .map(([key, inner]) => [key, withoutStaff(inner)]),
  );
}
