import type { CurrencyCode } from '../../../shared/money.ts';
import type { SandboxContext } from '../context.ts';
import type { CashbackLedger } from './cashback.ts';
import { chargeOutcome, slowFactor } from './magic-amounts.ts';
import { maskedConsumerEmail, type OrderOutcomes, type ResultRecord } from './order-outcomes.ts';
import type { SandboxPaymentToken } from './payment-tokens.ts';

// Immediate charges (document "POST /charge"): authorisation and capture in one call. A rejected payment is
// still a 201 with status REJECTED and a failureReason (magic amounts); an order is created either way and
// its outcome webhook (SUCCESS or FAILED) follows when a callbackUrl was given. A charge cannot be voided.

export interface NewCharge {
  readonly token: SandboxPaymentToken;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly merchantRef: string;
  readonly useCashback: boolean;
  readonly callbackUrl: string | null;
}

export interface SandboxCharge extends ResultRecord {
  readonly merchantId: string;
  readonly merchantUserId: string;
  readonly paymentToken: string;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly useCashback: boolean;
  readonly callbackUrl: string | null;
  readonly cashbackUsedMinor: number;
}

export class Charges {
  readonly #ctx: SandboxContext;
  readonly #orders: OrderOutcomes;
  readonly #cashback: CashbackLedger;
  readonly #byUuid = new Map<string, SandboxCharge>();
  readonly #byRef = new Map<string, SandboxCharge>();

  constructor(ctx: SandboxContext, orders: OrderOutcomes, cashback: CashbackLedger) {
    this.#ctx = ctx;
    this.#orders = orders;
    this.#cashback = cashback;
  }

  /** The charge this merchant already made under `merchantRef` (a duplicate returns the first). */
  byMerchantRef(merchantId: string, merchantRef: string): SandboxCharge | null {
    return this.#byRef.get(refKey(merchantId, merchantRef)) ?? null;
  }

  create(input: NewCharge): SandboxCharge {
    const { token } = input;
    const outcome = chargeOutcome(input.amountMinor);
    const uuid = this.#newUuid();
    const order = this.#orders.open({
      merchantId: token.merchantId,
      kind: 'charge',
      sourceId: uuid,
      outcome: outcome.status === 'APPROVED' ? 'SUCCESS' : 'FAILED',
      failureCode: outcome.failureReason,
      callbackUrl: input.callbackUrl,
      confirmAfterMs: this.#ctx.settings.confirmDelayMs * slowFactor(input.amountMinor),
    });
    const approved = outcome.status === 'APPROVED';
    const charge: SandboxCharge = {
      uuid,
      orderUuid: order.orderUuid,
      status: outcome.status,
      orderType: 'ONLINE',
      merchantRef: input.merchantRef,
      merchantOrderId: order.merchantOrderId,
      consumerEmail: maskedConsumerEmail(token.merchantUserId, token.userHint.email),
      failureReason: outcome.failureReason,
      createdAt: order.createdAt,
      merchantId: token.merchantId,
      merchantUserId: token.merchantUserId,
      paymentToken: token.paymentToken,
      amountMinor: input.amountMinor,
      currency: input.currency,
      useCashback: input.useCashback,
      callbackUrl: input.callbackUrl,
      cashbackUsedMinor:
        approved && input.useCashback
          ? this.#cashback.spend(token.merchantId, token.merchantUserId, input.amountMinor)
          : 0,
    };
    this.#byUuid.set(uuid, charge);
    this.#byRef.set(refKey(charge.merchantId, charge.merchantRef), charge);
    this.#ctx.log(
      `charge ${uuid} ${charge.status}${charge.failureReason ? ` (${charge.failureReason})` : ''} ${input.amountMinor} ${input.currency} for ${token.merchantUserId}`,
    );
    return charge;
  }

  get(uuid: string): SandboxCharge | null {
    return this.#byUuid.get(uuid) ?? null;
  }

  all(): readonly SandboxCharge[] {
    return [...this.#byUuid.values()];
  }

  clear(): void {
    this.#byUuid.clear();
    this.#byRef.clear();
  }

  #newUuid(): string {
    const stream = this.#ctx.ids.stream('tk-charge-id');
    let id: string;
    do id = stream.uuid();
    while (this.#byUuid.has(id));
    return id;
  }
}

/** The result record exactly as the API returns it (no sandbox bookkeeping). */
export function chargeResult(charge: SandboxCharge): ResultRecord {
  return {
    uuid: charge.uuid,
    orderUuid: charge.orderUuid,
    status: charge.status,
    orderType: charge.orderType,
    merchantRef: charge.merchantRef,
    merchantOrderId: charge.merchantOrderId,
    consumerEmail: charge.consumerEmail,
    failureReason: charge.failureReason,
    createdAt: charge.createdAt,
  };
}

function refKey(merchantId: string, merchantRef: string): string {
  return `${merchantId}\u0000${merchantRef}`;
}
