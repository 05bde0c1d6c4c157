import type { OrderStatus, PaymentType } from '../../../shared/payments.ts';
import type { CurrencyCode, CountryCode } from '../../../shared/money.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http.ts';
import { DIGITS, UNAMBIGUOUS, UPPER } from '../random.ts';
import { confirmOutcome } from './magic-amounts.ts';
import { PUBLISHED, SANDBOX } from './messages.ts';

// The in-store order book and its state machine (wire-details §2.4):
//   CREATED → PENDING (consumer scanned) → PROCESSING (consumer confirmed) → CAPTURED | FAILED
//   CREATED | PENDING → CANCELLED (cancel) | ABANDONED (abandonAfterMs without payment; ours)
//   CAPTURED → REFUNDED when refunds add up to the order amount (partial refunds leave it CAPTURED)
// Timed transitions are "due" at an instant of the scheduling clock; a timer applies them, and every
// request sweeps first, so an injected clock that jumps is honoured on the next request too.

export const QR_TYPES = ['base64', 'payload', 'url_payload'] as const;
export type QrType = (typeof QR_TYPES)[number];

export type OrderMethod = 'merchant-qr' | 'customer-qr';

export interface SandboxRefund {
  readonly refundId: string;
  readonly amount: number;
  readonly reason: string | null;
  readonly posId: string | null;
  readonly refundMetadata: Record<string, unknown> | null;
  readonly createdAt: string;
}

export interface StatusChange {
  readonly status: OrderStatus;
  readonly at: string;
}

type Due =
  | { readonly at: number; readonly kind: 'abandon' }
  | { readonly at: number; readonly kind: 'settle'; readonly result: 'capture' | 'fail' };

export interface SandboxOrder {
  readonly accessKeyId: string;
  readonly referenceId: string;
  readonly shopbackOrderId: string;
  readonly method: OrderMethod;
  readonly posId: string;
  readonly country: CountryCode;
  readonly currency: CurrencyCode;
  readonly amount: number;
  readonly qrType: QrType | null;
  /** Text a consumer app scans (merchant-presented QR); null for customer-presented QR orders. */
  readonly qrPayload: string | null;
  /** Token of the consumer pay page (`/posi-sandbox/pay/<token>`); null for customer-presented QR orders. */
  readonly payToken: string | null;
  readonly consumerCode: string | null;
  readonly partner: Record<string, unknown> | null;
  readonly orderMetadata: Record<string, unknown> | null;
  readonly webhookUrl: string | null;
  readonly createdAt: string;
  updatedAt: string;
  status: OrderStatus;
  paymentType: PaymentType | null;
  failureReason: string | null;
  refundAmount: number;
  readonly refunds: SandboxRefund[];
  readonly history: StatusChange[];
  /** Scheduling clock: when an unpaid order is abandoned (fixed at creation). */
  readonly abandonAt: number;
  /** Set on confirm: what PROCESSING settles into. */
  pendingOutcome: { paymentType: PaymentType | null; failureReason: string | null } | null;
  due: Due | null;
  timer: NodeJS.Timeout | null;
}

export interface NewOrder {
  readonly accessKeyId: string;
  readonly referenceId: string;
  readonly method: OrderMethod;
  readonly posId: string;
  readonly country: CountryCode;
  readonly currency: CurrencyCode;
  readonly amount: number;
  readonly qrType: QrType | null;
  readonly consumerCode: string | null;
  readonly partner: Record<string, unknown> | null;
  readonly orderMetadata: Record<string, unknown> | null;
  readonly webhookUrl: string | null;
}

/** Why the listener is called: a status change, or a refund that left the status as it was. */
export type OrderEvent = 'status' | 'refund';

export const QR_PAYLOAD_PREFIX = 'sandbox-wallet://pay/';
const PAY_TOKEN_LENGTH = 24;

export class OrderBook {
  readonly #ctx: SandboxContext;
  readonly #onChange: (order: SandboxOrder, event: OrderEvent) => void;
  readonly #orders = new Map<string, SandboxOrder>();
  readonly #byPayToken = new Map<string, SandboxOrder>();
  readonly #shopbackIds = new Set<string>();

  constructor(ctx: SandboxContext, onChange: (order: SandboxOrder, event: OrderEvent) => void) {
    this.#ctx = ctx;
    this.#onChange = onChange;
  }

  get(accessKeyId: string, referenceId: string): SandboxOrder | null {
    return this.#orders.get(key(accessKeyId, referenceId)) ?? null;
  }

  /** For a 404 message that is correct: the order must exist for these credentials. */
  require(accessKeyId: string, referenceId: string): SandboxOrder {
    const order = this.get(accessKeyId, referenceId);
    if (!order) throw new ApiError(404, PUBLISHED.unknownReferenceId);
    return order;
  }

  all(): readonly SandboxOrder[] {
    return [...this.#orders.values()];
  }

  byPayToken(token: string): SandboxOrder | null {
    return this.#byPayToken.get(token) ?? null;
  }

  /** The order whose QR text (or pay page URL, which a phone camera would open) was scanned. */
  byScannedText(text: string): SandboxOrder | null {
    const trimmed = text.trim();
    const token = trimmed.startsWith(QR_PAYLOAD_PREFIX)
      ? trimmed.slice(QR_PAYLOAD_PREFIX.length)
      : /\/pay\/([^/?#]+)\/?$/.exec(trimmed)?.[1];
    return token ? this.byPayToken(token) : null;
  }

  create(input: NewOrder): SandboxOrder {
    if (this.get(input.accessKeyId, input.referenceId)) throw new ApiError(409, PUBLISHED.referenceIdTaken);
    const now = this.#ctx.clock.iso();
    const payToken = input.method === 'merchant-qr' ? this.#newPayToken() : null;
    const initial: OrderStatus = input.method === 'customer-qr' ? 'PENDING' : 'CREATED';
    const order: SandboxOrder = {
      ...input,
      shopbackOrderId: this.#newShopbackOrderId(),
      qrPayload: payToken ? QR_PAYLOAD_PREFIX + payToken : null,
      payToken,
      createdAt: now,
      updatedAt: now,
      status: initial,
      paymentType: null,
      failureReason: null,
      refundAmount: 0,
      refunds: [],
      history: [{ status: initial, at: now }],
      abandonAt: this.#ctx.clock.now() + this.#ctx.settings.abandonAfterMs,
      pendingOutcome: null,
      due: null,
      timer: null,
    };
    this.#orders.set(key(order.accessKeyId, order.referenceId), order);
    if (payToken) this.#byPayToken.set(payToken, order);
    this.#schedule(order, { at: order.abandonAt, kind: 'abandon' });
    this.#ctx.log(
      `order ${order.referenceId} ${initial} ${order.amount} ${order.currency} (${order.method}, ${order.posId})`,
    );
    return order;
  }

  /** The consumer scanned the merchant's QR (or opened its pay page). Already PENDING: nothing to do. */
  scan(order: SandboxOrder): void {
    this.sweep();
    if (order.status === 'PENDING') return;
    if (order.status !== 'CREATED') throw new ApiError(409, `Order cannot be scanned in status ${order.status}.`);
    this.#transition(order, 'PENDING');
  }

  /**
   * The consumer confirmed in the wallet: PROCESSING now, then CAPTURED or FAILED (magic amounts) after
   * confirmDelayMs. From CREATED the scan is implied.
   */
  confirm(order: SandboxOrder, paymentType?: PaymentType): void {
    this.sweep();
    if (order.status === 'CREATED') this.#transition(order, 'PENDING');
    if (order.status !== 'PENDING') throw new ApiError(409, `Order cannot be confirmed in status ${order.status}.`);
    const outcome = confirmOutcome(order.amount);
    order.pendingOutcome = {
      paymentType: outcome.result === 'capture' ? (paymentType ?? outcome.paymentType) : null,
      failureReason: outcome.failureReason,
    };
    this.#transition(order, 'PROCESSING');
    this.#schedule(order, {
      at: this.#ctx.clock.now() + this.#ctx.settings.confirmDelayMs * outcome.delayFactor,
      kind: 'settle',
      result: outcome.result,
    });
  }

  /** The consumer (or the wallet) declined: FAILED with a reason. From CREATED the scan is implied. */
  decline(order: SandboxOrder, reason: string): void {
    this.sweep();
    if (order.status === 'CREATED') this.#transition(order, 'PENDING');
    if (order.status !== 'PENDING' && order.status !== 'PROCESSING')
      throw new ApiError(409, `Order cannot be declined in status ${order.status}.`);
    order.failureReason = reason;
    this.#transition(order, 'FAILED');
  }

  cancel(order: SandboxOrder): void {
    this.sweep();
    if (order.status !== 'CREATED' && order.status !== 'PENDING')
      throw new ApiError(409, SANDBOX.notCancellable(order.status));
    this.#transition(order, 'CANCELLED');
  }

  refund(
    order: SandboxOrder,
    input: {
      amount: number;
      reason: string | null;
      posId: string | null;
      refundMetadata: Record<string, unknown> | null;
    },
  ): SandboxRefund {
    this.sweep();
    if (order.status !== 'CAPTURED') throw new ApiError(409, PUBLISHED.notCaptured);
    const refundable = order.amount - order.refundAmount;
    if (input.amount > refundable) throw new ApiError(409, SANDBOX.overRefund(input.amount, refundable));
    const refund: SandboxRefund = {
      refundId: this.#ctx.ids.stream('refund').uuid(),
      ...input,
      createdAt: this.#ctx.clock.iso(),
    };
    order.refunds.push(refund);
    order.refundAmount += input.amount;
    this.#ctx.log(`order ${order.referenceId} refund ${input.amount} (total ${order.refundAmount} of ${order.amount})`);
    if (order.refundAmount === order.amount) {
      this.#transition(order, 'REFUNDED');
    } else {
      order.updatedAt = refund.createdAt;
      this.#onChange(order, 'refund');
    }
    return refund;
  }

  /** Applies every timed transition that is due. */
  sweep(): void {
    const now = this.#ctx.clock.now();
    for (const order of this.#orders.values()) if (order.due && order.due.at <= now) this.#applyDue(order);
  }

  /** Forgets every order and stops their timers (reset). */
  clear(): void {
    for (const order of this.#orders.values()) this.#ctx.timers.cancel(order.timer);
    this.#orders.clear();
    this.#byPayToken.clear();
    this.#shopbackIds.clear();
  }

  #applyDue(order: SandboxOrder): void {
    const due = order.due;
    if (!due) return;
    this.#schedule(order, null);
    if (due.kind === 'abandon') {
      if (order.status === 'CREATED' || order.status === 'PENDING') this.#transition(order, 'ABANDONED');
      return;
    }
    if (order.status !== 'PROCESSING') return;
    const outcome = order.pendingOutcome ?? { paymentType: 'PAY', failureReason: null };
    if (due.result === 'capture') {
      order.paymentType = outcome.paymentType;
      this.#transition(order, 'CAPTURED');
    } else {
      order.failureReason = outcome.failureReason;
      this.#transition(order, 'FAILED');
    }
  }

  #transition(order: SandboxOrder, status: OrderStatus): void {
    const at = this.#ctx.clock.iso();
    order.status = status;
    order.updatedAt = at;
    order.history.push({ status, at });
    // Only CREATED/PENDING keep their abandon clock; any other status ends what was scheduled (confirm
    // schedules the settlement after this).
    if (status !== 'CREATED' && status !== 'PENDING') this.#schedule(order, null);
    this.#ctx.log(
      `order ${order.referenceId} → ${status}${order.failureReason && status === 'FAILED' ? ` (${order.failureReason})` : ''}`,
    );
    this.#onChange(order, 'status');
  }

  #schedule(order: SandboxOrder, due: Due | null): void {
    this.#ctx.timers.cancel(order.timer);
    order.timer = null;
    order.due = due;
    if (!due) return;
    order.timer = this.#ctx.timers.after(due.at - this.#ctx.clock.now(), () => {
      order.timer = null;
      if (order.due !== due) return;
      // A timer may fire before the scheduling clock reaches `due.at` (Node rounds to the millisecond; an
      // injected clock may lag): wait for the rest, as nobody may call the sandbox to sweep it meanwhile.
      if (due.at <= this.#ctx.clock.now()) this.#applyDue(order);
      else this.#schedule(order, due);
    });
  }

  /** Like `220801-0679-YVUY`: the UTC date of creation, four digits, four letters; unique in this sandbox. */
  #newShopbackOrderId(): string {
    const day = this.#ctx.clock.iso().slice(2, 10).replaceAll('-', '');
    const stream = this.#ctx.ids.stream('shopback-order-id');
    let id: string;
    do id = `${day}-${stream.text(DIGITS, 4)}-${stream.text(UPPER, 4)}`;
    while (this.#shopbackIds.has(id));
    this.#shopbackIds.add(id);
    return id;
  }

  #newPayToken(): string {
    const stream = this.#ctx.ids.stream('pay-token');
    let token: string;
    do token = stream.text(UNAMBIGUOUS, PAY_TOKEN_LENGTH).toLowerCase();
    while (this.#byPayToken.has(token));
    return token;
  }
}

function key(accessKeyId: string, referenceId: string): string {
  return `${accessKeyId}\u0000${referenceId}`;
}
