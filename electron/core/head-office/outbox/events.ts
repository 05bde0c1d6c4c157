import type { HeadOfficeEventKind } from '../pg/index.ts';

// The events a till sends to its head office: their kinds and bodies are the head office's (../pg/events.ts);
// here, what the outbox adds. The head office upserts payment, refund, shift, day and staff by their key, so a body
// is always the row's latest state, never a difference.

export type { DayEventBody, HeadOfficeEventKind, OutboxEvent, PaymentEventBody, StaffEventBody } from '../pg/index.ts';

/** An event before it has its seq. */
export interface NewOutboxEvent {
  readonly kind: HeadOfficeEventKind;
  readonly body: unknown;
}

export function iso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

export function isoOrNull(epochMs: unknown): string | null {
  return typeof epochMs === 'number' || typeof epochMs === 'bigint' ? iso(Number(epochMs)) : null;
}
