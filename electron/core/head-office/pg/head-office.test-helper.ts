import { randomUUID } from 'node:crypto';
import type {
  DayEventBody,
  OutboxEvent,
  PaymentEventBody,
  RefundEventBody,
  StaffEventBody,
  TillState,
} from './events.ts';

// Builders of the events and heartbeats the head-office tests send: a till's outbox rows with plausible bodies.

/** The journal a test till sends from (ingestBatch files its events under it). */
export const JOURNAL_ID = 'journal-1';

export function tillState(shopId: string, terminalReference: string, tillId = randomUUID()): TillState {
  return {
    tillId,
    shopId,
    terminalReference,
    version: '0.1.0',
    signedIn: null,
    openShift: null,
    unresolvedCount: 0,
    printerState: null,
  };
}

export function paymentEvent(seq: number, overrides: Partial<PaymentEventBody> = {}): OutboxEvent {
  const body: PaymentEventBody = {
    referenceId: `ref-${seq}`,
    status: 'SUCCESS',
    amountMinor: 1250,
    currency: 'HKD',
    method: 'merchant-qr',
    origin: 'cashier',
    takenBy: 'p-1',
    day: '2026-11-28',
    createdAt: '2026-11-28T09:00:00.000Z',
    updatedAt: '2026-11-28T09:00:05.000Z',
    paidAt: '2026-11-28T09:00:05.000Z',
    ...overrides,
  };
  return { seq, kind: 'payment', occurredAt: body.updatedAt, body };
}

export function refundEvent(seq: number, overrides: Partial<RefundEventBody> = {}): OutboxEvent {
  const body: RefundEventBody = {
    referenceId: 'ref-1',
    refundId: `rf-${seq}`,
    amountMinor: 250,
    currency: 'HKD',
    status: 'SUCCESS',
    refundedBy: 'p-1',
    approvedBy: 'p-2',
    day: '2026-11-28',
    createdAt: '2026-11-28T10:00:00.000Z',
    ...overrides,
  };
  return { seq, kind: 'refund', occurredAt: body.createdAt, body };
}

export function dayEvent(seq: number, overrides: Partial<DayEventBody> = {}): OutboxEvent {
  const body: DayEventBody = {
    day: '2026-11-28',
    currency: 'HKD',
    grossMinor: 1250,
    refundsMinor: 0,
    netMinor: 1250,
    payments: 1,
    ...overrides,
  };
  return { seq, kind: 'day', occurredAt: `2026-11-28T12:00:${String(seq % 60).padStart(2, '0')}.000Z`, body };
}

export function staffEvent(seq: number, overrides: Partial<StaffEventBody> = {}): OutboxEvent {
  const body: StaffEventBody = {
    personId: 'p-1',
    name: 'Mei',
    role: 'cashier',
    active: true,
    pinSalt: 'c2FsdA',
    pinHash: 'aGFzaA',
    ...overrides,
  };
  return { seq, kind: 'staff', occurredAt: '2026-11-28T08:00:00.000Z', body };
}
