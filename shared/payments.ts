import { z } from 'zod';
import type { CurrencyCode, Money } from './money.ts';
import type { Notice } from './notices.ts';
import { amountMinor, currency, day, empty, printableText, referenceId, type Empty } from './request-atoms.ts';
import type { SaleLine } from './sale-lines.ts';
import { staffId, type StaffRef } from './staff.ts';

// An in-store payment as the till keeps it (electron/core/payments/ takes it, the payments journal records it):
// the provider's statuses and ours, the payment and its refunds, and the contract's part for taking one.
// The payments list, a day's summary and its CSV are in shared/payment-history.ts; what the screens tell the
// core about the payments they show, in shared/payment-screens.ts.

/** The provider's order status, exactly as the status endpoint spells it. */
export const ORDER_STATUSES = [
  'CREATED',
  'PENDING',
  'PROCESSING',
  'CAPTURED',
  'FAILED',
  'CANCELLED',
  'REFUNDED',
  'ABANDONED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** CAPTURED is final for the payment (it can still move to REFUNDED by our own refunds). */
export const FINAL_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'CAPTURED',
  'FAILED',
  'CANCELLED',
  'REFUNDED',
  'ABANDONED',
]);

export type PaymentMethod = 'merchant-qr' | 'customer-qr';

/**
 * Where a payment in this till's list comes from. taken-here: this till took it. looked-up: a payment of the
 * same merchant taken at another terminal, found at the provider by its reference (to show or refund it here);
 * it is never this till's takings.
 */
export const PAYMENT_ORIGINS = ['taken-here', 'looked-up'] as const;
export type PaymentOrigin = (typeof PAYMENT_ORIGINS)[number];

export type PaymentType = 'PAY' | 'PAYLATER';

/**
 * Where our journal stands with an attempt, independent of the provider's status:
 * - sending:  recorded, request on its way (write-ahead)
 * - checking: outcome unknown (timeout, dropped connection, crash); being resolved by a status lookup
 * - active:   the order exists at the provider and is not final yet; being watched
 * - final:    the provider's status is final (CAPTURED counts as final; refunds are tracked separately)
 * - not-sent: proven never to have reached the provider (lookup said 404 and we chose not to resend)
 */
export const ATTEMPT_STATES = ['sending', 'checking', 'active', 'final', 'not-sent'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** What a cashier reads: one word per situation, derived from AttemptState + OrderStatus. */
export const DISPLAY_STATUSES = [
  'sending',
  'checking',
  'waiting',
  'scanned',
  'confirming',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refunded',
  'not-sent',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

export interface StatusChange {
  readonly at: string;
  readonly status: DisplayStatus;
  readonly providerStatus: OrderStatus | null;
}

export interface PaymentView {
  readonly referenceId: string;
  /** Always set by the core; optional only so views built before it existed still type-check (= taken-here). */
  readonly origin?: PaymentOrigin;
  /**
   * Taken in training mode (shared/training.ts): never sent to the provider, no money taken. Always set by the core;
   * optional only so views built before it existed still type-check (= false).
   */
  readonly training?: boolean;
  /**
   * The id the cashier's screen chose for the charge (payments.chargeMerchantQr's chargeId); absent when none was
   * sent. The screen that asked knows its payment by it as soon as an event announces it, before the answer.
   */
  readonly chargeId?: string;
  /** Null for a payment taken at another terminal: the provider does not say whether our QR or the customer's code paid it. */
  readonly method: PaymentMethod | null;
  readonly amount: Money;
  readonly state: AttemptState;
  readonly providerStatus: OrderStatus | null;
  readonly displayStatus: DisplayStatus;
  /** Text to draw as a QR (merchant-presented QR only, while the order can still be paid). */
  readonly qrPayload: string | null;
  /** When the order stops being payable (ISO 8601); the screen counts down to it. */
  readonly expiresAt: string | null;
  readonly providerOrderId: string | null;
  readonly paymentType: PaymentType | null;
  /** The provider's failure code (CONSUMER_DECLINED…); the English of `failureNotice` when that is set. */
  readonly failureReason: string | null;
  /** Why it failed in the till's own words, when it is not the provider's code: show this instead. */
  readonly failureNotice: Notice | null;
  /** Refunded in all: the provider's refund total when known (refunds made elsewhere included), else ours. */
  readonly refunded: Money;
  /**
   * The part of `refunded` made outside this till (the provider's merchant portal, another till). Always set
   * by the core; optional only so views built before it existed still type-check.
   */
  readonly refundedElsewhere?: Money;
  readonly refundable: Money;
  /** A cancel may be asked for now: the order is still open, or its outcome is not known yet. */
  readonly canCancel: boolean;
  /** A cancel was recorded and is being sent or confirmed (optional only for views built before it existed). */
  readonly cancelRequested?: boolean;
  readonly canRefund: boolean;
  readonly note: string | null;
  /** The terminal that took it; null for a payment taken at another terminal (the provider's status does not say). */
  readonly posId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /**
   * Why the journal has not settled this attempt yet (only for sending/checking; in the unresolved list, also
   * why its refund or cancel is not settled).
   */
  readonly unresolvedReason: Notice | null;
  /**
   * Started by the shop's register program over the register connection (electron/core/ecr/), with the key it
   * used and its own order reference; null for a sale keyed in at the till. Optional only so views built
   * before it existed still type-check.
   */
  readonly fromRegister?: RegisterOrigin | null;
  /**
   * Who took it (journal schema 14): the person signed in, as named then; null for the kiosk's, a sale nobody was
   * signed in for, another terminal's, and payments recorded before. Optional only for views built before it.
   */
  readonly takenBy?: StaffRef | null;
  /**
   * Who asked for the cancel that cancelled it (or is still being sent); null when nobody did or nobody was signed
   * in. Set on a payment's own view (payments.get, payment.updated); the history list does not read cancels.
   */
  readonly cancelledBy?: StaffRef | null;
  /**
   * What was sold, when the register sent its lines (shared/sale-lines.ts, journal schema 16); empty or absent
   * when none were sent. Set on a payment's own view (payments.get, payment.updated); the history list does not.
   */
  readonly lines?: readonly SaleLine[];
  /**
   * Taken at another till of the shop (payments.find with the head office connected): found in the head office's
   * copy, refundable only at that till (canRefund false here). Absent for this till's own payments.
   */
  readonly atOtherTill?: { readonly tillId: string; readonly terminalReference: string };
}

/** Which register started a payment: its key (Settings → Register connection), its order reference. */
export interface RegisterOrigin {
  /**
   * The key's own id, made with it and never re-used: what the payment belongs to. A key revoked and made again
   * under the same name is another key, with another id.
   */
  readonly keyId: string;
  /** The key's name when the payment was made: for people to read. */
  readonly keyName: string;
  /** The register's own reference for the sale (sent to the provider as merchantOrderReference), or null. */
  readonly orderReference: string | null;
}

export type RefundState = 'sending' | 'checking' | 'succeeded' | 'failed';

export interface RefundView {
  readonly refundId: string;
  readonly referenceId: string;
  readonly amount: Money;
  readonly reason: string | null;
  readonly state: RefundState;
  /** As on PaymentView: the provider's code, or the English of `failureNotice`. */
  readonly failureReason: string | null;
  readonly failureNotice: Notice | null;
  /**
   * The terminal (posId) the refund was sent as: this till's at the time, whichever terminal took the payment.
   * Null for refunds recorded before the journal kept it (they were sent as the payment's terminal).
   */
  readonly posId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Who made it (journal schema 14); null when nobody was signed in, for a register's, and before. */
  readonly refundedBy?: StaffRef | null;
  /** Who approved it with their own PIN; null when no approval was needed or asked for. */
  readonly approvedBy?: StaffRef | null;
  /**
   * The payment was found without its receipt (payments.find): the refund needed an approver and its slip says
   * so. Optional only for views built before it existed (= false).
   */
  readonly foundWithoutReceipt?: boolean;
}

export interface JournalEvent {
  readonly at: string;
  /** request | response | error | status | note */
  readonly kind: string;
  /** In English: events journalled before they carried a notice (journal schema 12) are shown so. */
  readonly summary: string;
  /** What happened, for the screen to render in the cashier's language. */
  readonly notice?: Notice | null;
  /** Redacted JSON of what was sent or received (no secrets, no signatures). */
  readonly data: string | null;
}

export interface PaymentDetail {
  readonly payment: PaymentView;
  readonly refunds: readonly RefundView[];
  readonly history: readonly StatusChange[];
  readonly events: readonly JournalEvent[];
}

/**
 * What the provider's refusals have taught this till about the merchant's amount limits (the provider refuses
 * amounts outside them but publishes neither: wire-details §2.5). minMinor: the smallest amount not yet refused
 * as too small, null until one was; maxMinor: the largest not yet refused as too large. For the merchant in
 * effect, until the till restarts.
 */
export interface LearnedAmountLimits {
  readonly minMinor: number | null;
  readonly maxMinor: number | null;
}

/**
 * How the Refund screen finds a payment when the customer has no receipt (payments.find), one way per request:
 * - providerOrderId: the provider's order id the customer reads in their wallet app (e.g. 220801-0679-YVUY), any case;
 * - amountMinor between from and to: local wall-clock times of the till, "2026-11-29T14:00" (seconds optional),
 *   as a datetime-local field writes them; to is inclusive to the minute it names;
 * - takenBy on day: the staff id of who took it, on a local day YYYY-MM-DD;
 * - note on day: words of the sale's note ("table 4", any case), narrowed to amountMinor when one is given;
 * - latest on day: the day's last few paid sales, as the Refund screen lists them to tap.
 */
export type PaymentFindQuery =
  | { readonly providerOrderId: string }
  | { readonly amountMinor: number; readonly from: string; readonly to: string }
  | { readonly takenBy: string; readonly day: string }
  | { readonly note: string; readonly day: string; readonly amountMinor?: number | undefined }
  | { readonly latest: number; readonly day: string };

/** At most this many candidates, newest first: a wider search says to narrow it rather than page. */
export const FIND_LIMIT = 50;

export interface PaymentChannels {
  /**
   * chargeId: chosen by the screen (a UUID) so it can show the payment before the answer; a retry with the same id
   * and amount answers the first charge, the same id with another amount is refused charge.id-reused.
   */
  'payments.chargeMerchantQr': {
    request: { amountMinor: number; currency: CurrencyCode; note?: string | undefined; chargeId?: string | undefined };
    response: PaymentView;
  };
  /** With registerSale: the code scanned for a register's customer-QR sale (its reference; amount and currency as the register sent). */
  'payments.chargeCustomerQr': {
    request: {
      amountMinor: number;
      currency: CurrencyCode;
      consumerCode: string;
      note?: string | undefined;
      registerSale?: string | undefined;
      chargeId?: string | undefined;
    };
    response: PaymentView;
  };
  'payments.cancel': { request: { referenceId: string; reason?: string | undefined }; response: PaymentView };
  'payments.refund': {
    /** supervisorPin: the approver's own PIN; none for a refund under the no-approval limit (Settings → Staff). */
    request: {
      referenceId: string;
      amountMinor?: number | undefined;
      reason: string;
      supervisorPin?: string | undefined;
    };
    response: PaymentDetail;
  };
  'payments.get': { request: { referenceId: string }; response: PaymentDetail };
  /**
   * A payment without its receipt, in this till's journal: captured ones (paid or refunded since), newest first,
   * at most FIND_LIMIT. A refund of one found so is marked foundWithoutReceipt and always needs an approver.
   * With the head office connected, by order id or by who took it, the shop's other tills' too, after this till's
   * (atOtherTill set: refundable only there).
   */
  'payments.find': { request: PaymentFindQuery; response: { items: readonly PaymentView[] } };
  'payments.unresolved': { request: Empty; response: readonly PaymentView[] };
  'payments.checkNow': { request: { referenceId: string }; response: PaymentView };
}

/** Events the payments service sends (main → renderer). */
export interface PaymentEvents {
  'payment.updated': PaymentView;
  'refund.updated': RefundView;
  /** A charge refused as outside the provider's limits for this shop taught a new one (app.info's providerAmountLimits). */
  'payments.amountLimitsLearned': LearnedAmountLimits;
}

const note = printableText(120).optional();

/**
 * A charge's own id, made by the screen that asks for it (crypto.randomUUID(): version 4, lower case, 36
 * characters). Nothing else is taken: it is stored in the journal and compared, so its shape is fixed here.
 */
export const CHARGE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const chargeId = z.string().length(36).regex(CHARGE_ID_PATTERN).optional();

/** A local wall-clock time of the till, to the minute or the second (what an <input type="datetime-local"> gives). */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);

/** The provider's order id as the wallet app shows it: letters, digits and hyphens. */
const providerOrderId = z
  .string()
  .trim()
  .min(4)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/);

const paymentFindSchema: z.ZodType<PaymentFindQuery> = z.union([
  z.object({ providerOrderId }).strict(),
  z
    .object({ amountMinor, from: localDateTime, to: localDateTime })
    .strict()
    .refine((window) => window.from <= window.to, { message: 'from is after to', path: ['to'] }),
  z.object({ takenBy: staffId, day }).strict(),
  z.object({ note: printableText(80).trim().min(1), day, amountMinor: amountMinor.optional() }).strict(),
  z.object({ latest: z.number().int().min(1).max(FIND_LIMIT), day }).strict(),
]);

export const paymentRequestSchemas: { [K in keyof PaymentChannels]: z.ZodType<PaymentChannels[K]['request']> } = {
  'payments.chargeMerchantQr': z.object({ amountMinor, currency, note, chargeId }).strict(),
  'payments.chargeCustomerQr': z
    .object({
      amountMinor,
      currency,
      consumerCode: z.string().min(1).max(512),
      note,
      registerSale: referenceId.optional(),
      chargeId,
    })
    .strict(),
  'payments.cancel': z.object({ referenceId, reason: printableText(200).optional() }).strict(),
  'payments.refund': z
    .object({
      referenceId,
      amountMinor: amountMinor.optional(),
      reason: printableText(200).min(1),
      supervisorPin: z.string().min(1).max(32).optional(),
    })
    .strict(),
  'payments.get': z.object({ referenceId }).strict(),
  'payments.find': paymentFindSchema,
  'payments.unresolved': empty,
  'payments.checkNow': z.object({ referenceId }).strict(),
};
