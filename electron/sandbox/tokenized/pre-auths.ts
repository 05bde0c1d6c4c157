import type { CurrencyCode } from '../../../shared/money.ts';
import type { SandboxContext } from '../context.ts';
import type { CashbackLedger } from './cashback.ts';
import type { DueTasks } from './due-tasks.ts';
import { MESSAGES, TokenizedError } from './errors.ts';
import { authorisationOutcome, captureOutcome, slowFactor } from './magic-amounts.ts';
import { maskedConsumerEmail, type OrderOutcomes, type ResultRecord } from './order-outcomes.ts';
import type { SandboxPaymentToken } from './payment-tokens.ts';

// Pre-auths (document "States and transitions → Pre-auth", wire-details §3.2):
//   (create) → AUTHORIZED | DECLINED, or PENDING → AUTHORIZED | DECLINED after confirmDelayMs (magic amounts)
//   AUTHORIZED → CAPTURE_INITIATED (capture; order created) → CAPTURED (processor confirms)
//   AUTHORIZED → VOIDED (void) | EXPIRED (TTL without capture or void)
//   AUTHORIZED stays AUTHORIZED when its capture is answered 201 REJECTED (magic amount .56): the document's
//   only capture transition is for a capture accepted, so a rejected one moves nothing; the hold stays voidable.
// DECLINED, EXPIRED, VOIDED and CAPTURED are terminal. The TTL is a sandbox setting (default 7 days).

/** The document's states, with PENDING before AUTHORIZED/DECLINED (wire-details §3.2). */
export type PreAuthStatus =
  'PENDING' | 'AUTHORIZED' | 'CAPTURE_INITIATED' | 'CAPTURED' | 'VOIDED' | 'DECLINED' | 'EXPIRED';

export const DEFAULT_PRE_AUTH_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const EXPIRED_REASON = 'PRE_AUTH_EXPIRED';

export interface NewPreAuth {
  readonly token: SandboxPaymentToken;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly merchantRef: string;
  readonly merchantMetadata: Record<string, unknown>;
}

export interface SandboxPreAuth {
  readonly id: string;
  readonly merchantId: string;
  readonly merchantUserId: string;
  readonly paymentToken: string;
  readonly merchantRef: string;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly createdAt: string;
  merchantMetadata: Record<string, unknown>;
  status: PreAuthStatus;
  failureReason: string | null;
  orderUuid: string | null;
  orderStatus: string | null;
  updatedAt: string;
  /** Scheduling clock; set while AUTHORIZED. */
  expiresAtMs: number | null;
  capture: ResultRecord | null;
  captureCallbackUrl: string | null;
  voidReason: string | null;
  cashbackUsedMinor: number;
  readonly history: { status: PreAuthStatus; at: string }[];
}

export class PreAuths {
  readonly #ctx: SandboxContext;
  readonly #tasks: DueTasks;
  readonly #orders: OrderOutcomes;
  readonly #cashback: CashbackLedger;
  readonly #byId = new Map<string, SandboxPreAuth>();
  readonly #byRef = new Map<string, SandboxPreAuth>();

  constructor(ctx: SandboxContext, tasks: DueTasks, orders: OrderOutcomes, cashback: CashbackLedger) {
    this.#ctx = ctx;
    this.#tasks = tasks;
    this.#orders = orders;
    this.#cashback = cashback;
  }

  /** The pre-auth this merchant already created under `merchantRef` (a duplicate returns the first). */
  byMerchantRef(merchantId: string, merchantRef: string): SandboxPreAuth | null {
    return this.#byRef.get(refKey(merchantId, merchantRef)) ?? null;
  }

  create(input: NewPreAuth): SandboxPreAuth {
    const now = this.#ctx.clock.iso();
    const outcome = authorisationOutcome(input.amountMinor);
    const preAuth: SandboxPreAuth = {
      id: this.#newId(),
      merchantId: input.token.merchantId,
      merchantUserId: input.token.merchantUserId,
      paymentToken: input.token.paymentToken,
      merchantRef: input.merchantRef,
      amountMinor: input.amountMinor,
      currency: input.currency,
      createdAt: now,
      merchantMetadata: input.merchantMetadata,
      status: 'PENDING',
      failureReason: null,
      orderUuid: null,
      orderStatus: null,
      updatedAt: now,
      expiresAtMs: null,
      capture: null,
      captureCallbackUrl: null,
      voidReason: null,
      cashbackUsedMinor: 0,
      history: [{ status: 'PENDING', at: now }],
    };
    this.#byId.set(preAuth.id, preAuth);
    this.#byRef.set(refKey(preAuth.merchantId, preAuth.merchantRef), preAuth);
    this.#ctx.log(
      `pre-auth ${preAuth.id} PENDING ${input.amountMinor} ${input.currency} for ${preAuth.merchantUserId} (ref ${input.merchantRef})`,
    );
    if (outcome.initial === 'PENDING') {
      this.#tasks.schedule(`pre-auth:${preAuth.id}`, this.#ctx.clock.now() + this.#ctx.settings.confirmDelayMs, () =>
        this.#settleAuthorisation(preAuth, outcome.settlesTo, outcome.failureReason),
      );
    } else {
      this.#settleAuthorisation(preAuth, outcome.initial, outcome.failureReason);
    }
    return preAuth;
  }

  get(merchantId: string, id: string): SandboxPreAuth | null {
    const preAuth = this.#byId.get(id);
    return preAuth && preAuth.merchantId === merchantId ? preAuth : null;
  }

  /** 404 pre-auth.not-found when unknown or another merchant's. */
  require(merchantId: string, id: string): SandboxPreAuth {
    const preAuth = this.get(merchantId, id);
    if (!preAuth) throw new TokenizedError(404, 'pre-auth.not-found', MESSAGES.preAuthNotFound);
    return preAuth;
  }

  /** Whether this user has a hold that blocks unlinking. */
  hasAuthorized(merchantId: string, merchantUserId: string): boolean {
    for (const preAuth of this.#byId.values()) {
      if (
        preAuth.merchantId === merchantId &&
        preAuth.merchantUserId === merchantUserId &&
        preAuth.status === 'AUTHORIZED'
      )
        return true;
    }
    return false;
  }

  /** Full amount only: CAPTURE_INITIATED now, an order, CAPTURED (and the webhook) when the processor confirms. */
  capture(
    preAuth: SandboxPreAuth,
    input: {
      callbackUrl: string | null;
      useCashback: boolean;
      merchantMetadata: Record<string, unknown> | null;
      emailHint: string | null;
    },
  ): ResultRecord {
    refuseUnlessAuthorized(preAuth);
    if (input.merchantMetadata) preAuth.merchantMetadata = input.merchantMetadata;
    const outcome = captureOutcome(preAuth.amountMinor);
    if (outcome.status === 'REJECTED') return this.#rejectCapture(preAuth, input, outcome.failureReason);
    const order = this.#orders.open({
      merchantId: preAuth.merchantId,
      kind: 'capture',
      sourceId: preAuth.id,
      outcome: 'SUCCESS',
      failureCode: null,
      callbackUrl: input.callbackUrl,
      confirmAfterMs: this.#ctx.settings.confirmDelayMs * slowFactor(preAuth.amountMinor),
      onConfirmed: () => {
        if (preAuth.status !== 'CAPTURE_INITIATED') return;
        preAuth.orderStatus = 'SUCCESS';
        this.#transition(preAuth, 'CAPTURED');
      },
    });
    preAuth.cashbackUsedMinor = input.useCashback
      ? this.#cashback.spend(preAuth.merchantId, preAuth.merchantUserId, preAuth.amountMinor)
      : 0;
    preAuth.orderUuid = order.orderUuid;
    preAuth.orderStatus = 'PROCESSING';
    preAuth.captureCallbackUrl = input.callbackUrl;
    preAuth.expiresAtMs = null;
    this.#tasks.cancel(`pre-auth:${preAuth.id}`);
    this.#transition(preAuth, 'CAPTURE_INITIATED');
    preAuth.capture = {
      uuid: preAuth.id,
      orderUuid: order.orderUuid,
      status: 'APPROVED',
      orderType: 'ONLINE',
      merchantRef: preAuth.merchantRef,
      merchantOrderId: order.merchantOrderId,
      consumerEmail: maskedConsumerEmail(preAuth.merchantUserId, input.emailHint),
      failureReason: null,
      createdAt: preAuth.updatedAt,
    };
    return preAuth.capture;
  }

  /**
   * A capture the processor rejects: 201 REJECTED with its reason, like a rejected charge (an order is opened
   * for the attempt and ends FAILED, with its webhook). The pre-auth keeps its state, its orderUuid (null) and
   * its TTL; no cashback is spent.
   */
  #rejectCapture(
    preAuth: SandboxPreAuth,
    input: { callbackUrl: string | null; emailHint: string | null },
    failureReason: string | null,
  ): ResultRecord {
    const order = this.#orders.open({
      merchantId: preAuth.merchantId,
      kind: 'capture',
      sourceId: preAuth.id,
      outcome: 'FAILED',
      failureCode: failureReason,
      callbackUrl: input.callbackUrl,
      confirmAfterMs: this.#ctx.settings.confirmDelayMs * slowFactor(preAuth.amountMinor),
    });
    preAuth.capture = {
      uuid: preAuth.id,
      orderUuid: order.orderUuid,
      status: 'REJECTED',
      orderType: 'ONLINE',
      merchantRef: preAuth.merchantRef,
      merchantOrderId: order.merchantOrderId,
      consumerEmail: maskedConsumerEmail(preAuth.merchantUserId, input.emailHint),
      failureReason,
      createdAt: this.#ctx.clock.iso(),
    };
    this.#ctx.log(`pre-auth ${preAuth.id} capture REJECTED (${failureReason ?? 'no reason'}); stays ${preAuth.status}`);
    return preAuth.capture;
  }

  void(
    preAuth: SandboxPreAuth,
    input: { reason: string | null; merchantMetadata: Record<string, unknown> | null },
  ): void {
    refuseUnlessAuthorized(preAuth);
    preAuth.voidReason = input.reason;
    // wire-details §3.2: metadata sent with a void replaces the stored one.
    if (input.merchantMetadata) preAuth.merchantMetadata = input.merchantMetadata;
    preAuth.expiresAtMs = null;
    this.#tasks.cancel(`pre-auth:${preAuth.id}`);
    this.#transition(preAuth, 'VOIDED');
  }

  /** Control API: the TTL is over now (only an AUTHORIZED hold can expire). */
  expireNow(preAuth: SandboxPreAuth): void {
    if (preAuth.status !== 'AUTHORIZED')
      throw new TokenizedError(
        409,
        'bad-request',
        `Only an AUTHORIZED pre-auth can expire; this one is ${preAuth.status}.`,
      );
    this.#tasks.cancel(`pre-auth:${preAuth.id}`);
    this.#expire(preAuth);
  }

  all(): readonly SandboxPreAuth[] {
    return [...this.#byId.values()];
  }

  clear(): void {
    this.#byId.clear();
    this.#byRef.clear();
  }

  #settleAuthorisation(preAuth: SandboxPreAuth, status: 'AUTHORIZED' | 'DECLINED', failureReason: string | null): void {
    if (preAuth.status !== 'PENDING') return;
    if (status === 'DECLINED') {
      preAuth.failureReason = failureReason;
      this.#transition(preAuth, 'DECLINED');
      return;
    }
    const ttl = this.#ctx.settings.preAuthTtlMs ?? DEFAULT_PRE_AUTH_TTL_MS;
    preAuth.expiresAtMs = this.#ctx.clock.now() + ttl;
    this.#transition(preAuth, 'AUTHORIZED');
    this.#tasks.schedule(`pre-auth:${preAuth.id}`, preAuth.expiresAtMs, () => this.#expire(preAuth));
  }

  #expire(preAuth: SandboxPreAuth): void {
    if (preAuth.status !== 'AUTHORIZED') return;
    preAuth.failureReason = EXPIRED_REASON;
    preAuth.expiresAtMs = null;
    this.#transition(preAuth, 'EXPIRED');
  }

  #transition(preAuth: SandboxPreAuth, status: PreAuthStatus): void {
    const at = this.#ctx.clock.iso();
    preAuth.status = status;
    preAuth.updatedAt = at;
    preAuth.history.push({ status, at });
    this.#ctx.log(`pre-auth ${preAuth.id} → ${status}${preAuth.failureReason ? ` (${preAuth.failureReason})` : ''}`);
  }

  #newId(): string {
    const stream = this.#ctx.ids.stream('tk-pre-auth-id');
    let id: string;
    do id = stream.uuid();
    while (this.#byId.has(id));
    return id;
  }
}

/** Capture and void act only on an AUTHORIZED pre-auth; every other state has its 409 (document "Errors"). */
function refuseUnlessAuthorized(preAuth: SandboxPreAuth): void {
  switch (preAuth.status) {
    case 'AUTHORIZED':
      return;
    case 'PENDING':
      throw new TokenizedError(409, 'pre-auth.pending', MESSAGES.pending);
    case 'CAPTURE_INITIATED':
    case 'CAPTURED':
      throw new TokenizedError(409, 'pre-auth.already-captured', MESSAGES.alreadyCaptured);
    case 'VOIDED':
      throw new TokenizedError(409, 'pre-auth.already-voided', MESSAGES.alreadyVoided);
    case 'DECLINED':
      throw new TokenizedError(409, 'pre-auth.declined', MESSAGES.declined);
    case 'EXPIRED':
      throw new TokenizedError(409, 'pre-auth.expired', MESSAGES.expired);
  }
}

function refKey(merchantId: string, merchantRef: string): string {
  return `${merchantId}\u0000${merchantRef}`;
}
