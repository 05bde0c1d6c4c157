import type { SandboxContext } from '../context.ts';
import { DIGITS, UNAMBIGUOUS } from '../random.ts';
import type { WebhookDispatcher } from '../webhooks.ts';
import type { DueTasks } from './due-tasks.ts';

// The orders a capture or an immediate charge creates, and their order-outcome webhook (document "Events",
// wire-details §3.2): after the processor confirms (confirmDelayMs, longer for a slow magic amount), a POST
// of `{order_uuid, order_status, order_context_token, cart_id: null, webhook_url}` (+ `failure_code` on
// FAILED) to the callbackUrl, when one was given. Not signed (nothing is published); retried on non-200
// for 30 minutes and duplicated under the `webhookDuplicates` fault by the shared dispatcher.

export type OrderOutcome = 'SUCCESS' | 'FAILED';

export interface SandboxOrder {
  readonly orderUuid: string;
  readonly merchantOrderId: string;
  readonly contextToken: string;
  readonly merchantId: string;
  readonly kind: 'capture' | 'charge';
  /** The pre-auth id (capture) or the charge uuid (charge). */
  readonly sourceId: string;
  readonly outcome: OrderOutcome;
  readonly failureCode: string | null;
  readonly callbackUrl: string | null;
  readonly createdAt: string;
  settledAt: string | null;
}

export interface NewOrder {
  readonly merchantId: string;
  readonly kind: 'capture' | 'charge';
  readonly sourceId: string;
  readonly outcome: OrderOutcome;
  readonly failureCode: string | null;
  readonly callbackUrl: string | null;
  /** How long until the processor confirms. */
  readonly confirmAfterMs: number;
  /** Runs at confirmation, before the webhook goes out (capture: CAPTURE_INITIATED → CAPTURED). */
  readonly onConfirmed?: (order: SandboxOrder) => void;
}

export class OrderOutcomes {
  readonly #ctx: SandboxContext;
  readonly #tasks: DueTasks;
  readonly #webhooks: WebhookDispatcher;
  readonly #orders = new Map<string, SandboxOrder>();
  readonly #merchantOrderIds = new Set<string>();

  constructor(ctx: SandboxContext, tasks: DueTasks, webhooks: WebhookDispatcher) {
    this.#ctx = ctx;
    this.#tasks = tasks;
    this.#webhooks = webhooks;
  }

  open(input: NewOrder): SandboxOrder {
    const order: SandboxOrder = {
      orderUuid: this.#uniqueUuid(),
      merchantOrderId: this.#newMerchantOrderId(),
      contextToken: this.#ctx.ids.stream('tk-order-context').text(UNAMBIGUOUS, 24).toLowerCase(),
      merchantId: input.merchantId,
      kind: input.kind,
      sourceId: input.sourceId,
      outcome: input.outcome,
      failureCode: input.failureCode,
      callbackUrl: input.callbackUrl,
      createdAt: this.#ctx.clock.iso(),
      settledAt: null,
    };
    this.#orders.set(order.orderUuid, order);
    this.#tasks.schedule(`order:${order.orderUuid}`, this.#ctx.clock.now() + input.confirmAfterMs, () => {
      order.settledAt = this.#ctx.clock.iso();
      this.#ctx.log(`order ${order.orderUuid} (${order.kind} ${order.sourceId}) confirmed ${order.outcome}`);
      input.onConfirmed?.(order);
      this.#notify(order);
    });
    return order;
  }

  get(orderUuid: string): SandboxOrder | null {
    return this.#orders.get(orderUuid) ?? null;
  }

  clear(): void {
    this.#orders.clear();
    this.#merchantOrderIds.clear();
  }

  #notify(order: SandboxOrder): void {
    if (!order.callbackUrl) return;
    const failed = order.outcome === 'FAILED';
    const body =
      this.#ctx.settings.orderWebhookShape === 'live'
        ? {
            // The live online API's shape (wire-details §3.2): ERROR for a failure, webhook_url only on success,
            // failure_code only on error, and a payment_type.
            order_uuid: order.orderUuid,
            order_status: failed ? 'ERROR' : 'SUCCESS',
            order_context_token: order.contextToken,
            cart_id: null,
            payment_type: 'PAY',
            ...(failed
              ? { failure_code: order.failureCode ?? 'ORDER_NOT_SUBMITTED' }
              : { webhook_url: order.callbackUrl }),
          }
        : {
            order_uuid: order.orderUuid,
            order_status: order.outcome,
            order_context_token: order.contextToken,
            cart_id: null,
            webhook_url: order.callbackUrl,
            ...(failed && order.failureCode ? { failure_code: order.failureCode } : {}),
          };
    this.#webhooks.send(order.callbackUrl, JSON.stringify(body), `order ${order.orderUuid} ${order.outcome}`, null);
  }

  #uniqueUuid(): string {
    const stream = this.#ctx.ids.stream('tk-order-uuid');
    let id: string;
    do id = stream.uuid();
    while (this.#orders.has(id));
    return id;
  }

  /** Like `TK260101-482913`: the UTC date and six digits; unique in this sandbox. */
  #newMerchantOrderId(): string {
    const day = this.#ctx.clock.iso().slice(2, 10).replaceAll('-', '');
    const stream = this.#ctx.ids.stream('tk-merchant-order-id');
    let id: string;
    do id = `TK${day}-${stream.text(DIGITS, 6)}`;
    while (this.#merchantOrderIds.has(id));
    this.#merchantOrderIds.add(id);
    return id;
  }
}

/** The capture / charge result record (document "Capture / charge result record"). */
export interface ResultRecord {
  readonly uuid: string;
  readonly orderUuid: string;
  readonly status: 'APPROVED' | 'REJECTED';
  readonly orderType: 'ONLINE';
  readonly merchantRef: string;
  readonly merchantOrderId: string;
  readonly consumerEmail: string;
  readonly failureReason: string | null;
  readonly createdAt: string;
}

/** The masked e-mail a result record shows: the linked hint when it was an e-mail, else a sandbox address. */
export function maskedConsumerEmail(merchantUserId: string, emailHint: string | null): string {
  if (emailHint) return emailHint;
  const first =
    merchantUserId
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 1)
      .toLowerCase() || 'u';
  return `${first}***@sandbox-wallet.example`;
}
