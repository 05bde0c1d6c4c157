// What a till sends the head office: its outbox rows, one per journal change, numbered 1, 2, 3… per till in the
// same SQLite transaction as the change. Money is integer minor units; times are ISO strings.

export const HEAD_OFFICE_EVENT_KINDS = ['payment', 'refund', 'cancel', 'shift', 'day', 'staff', 'hold'] as const;
export type HeadOfficeEventKind = (typeof HEAD_OFFICE_EVENT_KINDS)[number];

export interface OutboxEvent {
  readonly seq: number;
  readonly kind: HeadOfficeEventKind;
  readonly occurredAt: string;
  readonly body: unknown;
}

/** The payment row's latest state (upserted into `payments`). */
export interface PaymentEventBody {
  readonly referenceId: string;
  readonly status: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly method: 'merchant-qr' | 'customer-qr' | 'linked-charge' | 'linked-capture';
  readonly origin: 'cashier' | 'register' | 'kiosk' | 'linked';
  readonly takenBy: string | null;
  /** The staff id of who took it (the shop's roster shares ids): payments.find by who took it, across the shop. */
  readonly takenById?: string | null;
  /** The provider's order id the customer's wallet app shows: payments.find by it, across the shop. */
  readonly providerOrderId?: string | null;
  readonly day: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly paidAt: string | null;
}

/** A refund's latest state (upserted into `refunds`). */
export interface RefundEventBody {
  readonly referenceId: string;
  readonly refundId: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly status: string;
  readonly refundedBy: string | null;
  readonly approvedBy: string | null;
  /** Found with payments.find, the customer without a receipt (it needed an approver). */
  readonly foundWithoutReceipt?: boolean;
  readonly day: string;
  readonly createdAt: string;
}

/** Kept in `events` only: the payment's own `payment` event carries its new status. */
export interface CancelEventBody {
  readonly referenceId: string;
  readonly cancelledBy: string | null;
  readonly at: string;
}

/** A shift with its X/Z totals (upserted into `shifts`). */
export interface ShiftEventBody {
  readonly shiftNumber: number;
  readonly openedBy: string | null;
  readonly openedAt: string;
  readonly closedBy: string | null;
  readonly closedAt: string | null;
  readonly currency: string;
  readonly grossMinor: number;
  readonly refundsMinor: number;
  readonly netMinor: number;
  readonly payments: number;
}

/** The till's own day summary after a money change of that day (upserted into `till_days`). */
export interface DayEventBody {
  readonly day: string;
  readonly currency: string;
  readonly grossMinor: number;
  readonly refundsMinor: number;
  readonly netMinor: number;
  readonly payments: number;
}

/** A person of the shop's roster as this till changed them (upserted into `staff`, with a new revision). */
export interface StaffEventBody {
  readonly personId: string;
  readonly name: string;
  readonly role: string;
  readonly active: boolean;
  readonly pinSalt: string | null;
  readonly pinHash: string | null;
}

/** A linked customer's hold. Kept in `events` only. */
export interface HoldEventBody {
  readonly referenceId: string;
  readonly status: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly placedBy: string | null;
  readonly day: string;
  readonly at: string;
}

/** Which till sends: the head office files its events under this till and shop. */
export interface TillRef {
  readonly tillId: string;
  readonly shopId: string;
}

/** What a heartbeat (every 30 s) tells the head office about a till (upserted into `tills`). */
export interface TillState extends TillRef {
  readonly terminalReference: string;
  readonly version: string;
  readonly signedIn: string | null;
  readonly openShift: number | null;
  readonly unresolvedCount: number;
  readonly printerState: string | null;
  /**
   * The head of the till's audit chain (../../audit-chain/): kept in `chain_heads` as first told, so a till that
   * rewrites its history and recomputes the chain is caught against it. Null: none to tell (no journal yet).
   */
  readonly chainHead?: { readonly entries: number; readonly hash: string } | null;
}
