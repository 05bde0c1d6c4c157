import type { z } from 'zod';
import type { Money } from '../../../shared/money.ts';
import type { HttpReply } from '../http/attempt-loop.ts';
import { badResponseError } from '../http/failures.ts';
import { wireMoney } from './request-checks.ts';
import type { MerchantMetadata, PreAuthRecordWire, resultRecordSchema } from './schemas.ts';
import type { ChargeStatus, PreAuthStatus } from './wire.ts';

// Pre-authorisations (holds) and charges on our side: what the till asks with, the records it gets back in minor
// units, and the checks that a reply is about the hold or charge it asked about.

export interface PreAuthInput {
  readonly paymentToken: string;
  readonly merchantUserId: string;
  readonly amount: Money;
  readonly merchantRef: string;
  readonly merchantMetadata?: MerchantMetadata | undefined;
}

export interface PreAuthRecord {
  readonly id: string;
  readonly merchantRef: string;
  readonly status: PreAuthStatus;
  readonly amount: Money;
  readonly orderUuid: string | null;
  readonly orderStatus: string | null;
  readonly merchantMetadata: Record<string, unknown>;
  readonly failureReason: string | null;
  readonly createdAt: string;
  readonly updatedAt: string | null;
}

export interface CaptureInput {
  /** Receives the order-outcome webhook (recommended). */
  readonly callbackUrl?: string | undefined;
  /** Default true at the provider. */
  readonly useCashback?: boolean | undefined;
  /** Replaces the hold's stored metadata (optional, like void's). */
  readonly merchantMetadata?: MerchantMetadata | undefined;
}

export interface ChargeInput {
  readonly paymentToken: string;
  readonly merchantUserId: string;
  readonly amount: Money;
  readonly merchantRef: string;
  readonly useCashback?: boolean | undefined;
  readonly callbackUrl?: string | undefined;
}

/** Capture / charge result record. REJECTED is an answer, not an error: check `status`. */
export interface PaymentResult {
  /** The pre-auth id (capture) or the charge id (charge). */
  readonly uuid: string;
  readonly orderUuid: string;
  readonly status: ChargeStatus;
  readonly orderType: string | null;
  readonly merchantRef: string;
  readonly merchantOrderId: string | null;
  readonly consumerEmail: string | null;
  readonly failureReason: string | null;
  readonly createdAt: string | null;
}

export interface VoidResult {
  readonly id: string;
  readonly status: 'VOIDED';
  /** The whole record when the provider sends it (wire-details §3.2), else null (the document's short form). */
  readonly record: PreAuthRecord | null;
}

export function toPreAuth(reply: HttpReply, wire: PreAuthRecordWire): PreAuthRecord {
  return {
    id: wire.id,
    merchantRef: wire.merchantRef,
    status: wire.status,
    amount: wireMoney(reply, wire.amount, wire.currency),
    orderUuid: wire.orderUuid ?? null,
    orderStatus: wire.orderStatus ?? null,
    merchantMetadata: wire.merchantMetadata ?? {},
    failureReason: wire.failureReason ?? null,
    createdAt: wire.createdAt,
    updatedAt: wire.updatedAt ?? null,
  };
}

export function toResult(wire: z.output<typeof resultRecordSchema>): PaymentResult {
  return {
    uuid: wire.uuid,
    orderUuid: wire.orderUuid,
    status: wire.status,
    orderType: wire.orderType ?? null,
    merchantRef: wire.merchantRef,
    merchantOrderId: wire.merchantOrderId ?? null,
    consumerEmail: wire.consumerEmail ?? null,
    failureReason: wire.failureReason ?? null,
    createdAt: wire.createdAt ?? null,
  };
}

/** A reply about another hold than the one we asked for is not something to act on. */
export function expectRef(reply: HttpReply, record: PreAuthRecord, merchantRef: string): PreAuthRecord {
  if (record.merchantRef !== merchantRef)
    throw badResponseError(
      reply.context,
      reply.status,
      `reply is about merchantRef ${record.merchantRef.slice(0, 64)}`,
    );
  return record;
}

export function expectId(reply: HttpReply, record: PreAuthRecord, id: string): PreAuthRecord {
  if (record.id !== id)
    throw badResponseError(reply.context, reply.status, `reply is about pre-auth ${record.id.slice(0, 64)}`);
  return record;
}
