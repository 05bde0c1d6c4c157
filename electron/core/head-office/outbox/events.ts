// The events a till sends to its head office (HEAD-OFFICE schema, issue 34): `kind` and a JSON body, all money in
// integer minor units, times ISO. The head office upserts payment, refund, shift, day and staff by their key, so a
// body is always the row's latest state, never a difference.

export const HEAD_OFFICE_EVENT_KINDS = ['payment', 'refund', 'cancel', 'shift', 'day', 'staff', 'hold'] as const;
export type HeadOfficeEventKind = (typeof HEAD_OFFICE_EVENT_KINDS)[number];

/** An event as the outbox keeps it and the sender sends it: `seq` is the till's one sequence (1, 2, 3…). */
export interface OutboxEvent {
  readonly seq: number;
  readonly kind: HeadOfficeEventKind;
  readonly occurredAt: string;
  readonly body: unknown;
}

/** An event before it has its seq. */
export interface NewOutboxEvent {
  readonly kind: HeadOfficeEventKind;
  readonly body: unknown;
}

export interface PaymentBody {
  readonly referenceId: string;
  readonly status: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly method: 'merchant-qr' | 'customer-qr' | 'linked-charge' | 'linked-capture';
  readonly origin: 'cashier' | 'register' | 'kiosk' | 'linked';
  readonly takenBy: string | null;
  readonly day: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly paidAt: string | null;
}

export interface DayBody {
  readonly day: string;
  readonly currency: string;
  readonly grossMinor: number;
  readonly refundsMinor: number;
  readonly netMinor: number;
  readonly payments: number;
}

/** What ho-roster's shared staff roster sends: a person as this till last changed them. */
export interface StaffBody {
  readonly personId: string;
  readonly name: string;
  readonly role: string;
  readonly active: boolean;
  readonly pinSalt: string | null;
  readonly pinHash: string | null;
}

export function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

export function isoOrNull(epochMs: unknown): string | null {
  return typeof epochMs === 'number' || typeof epochMs === 'bigint' ? iso(Number(epochMs)) : null;
}
