import type { z } from 'zod';
import { blankToUndefined, stripUndefined } from '../http/json-body.ts';
import type { HttpReply } from '../http/attempt-loop.ts';
import type { HttpExchange } from '../http/exchange.ts';
import { badResponseError } from '../http/failures.ts';
import { newIdempotencyKey } from '../http/idempotency-key.ts';
import type { RetryPolicy } from '../http/retry.ts';
import type { TransportTuning } from '../http/transport-tuning.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { Money, CountryCode } from '../../../shared/money.ts';
import { interpretProbe, probeReferenceId } from './connection-test.ts';
import type { Settings, ConnectionTestResult } from '../../../shared/settings.ts';
import { assertCurrencyPair, resolveProfile, type EnvironmentProfile } from './profiles.ts';
import {
  cancelBodySchema,
  cancelResponseSchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  orderStatusResponseSchema,
  referenceIdSchema,
  refundBodySchema,
  refundResponseSchema,
  scanOrderBodySchema,
  scanOrderResponseSchema,
  type CancelResponse,
  type CreateOrderResponse,
  type OrderMetadataWire,
  type OrderStatusResponse,
  type PartnerWire,
  type QrType,
  type RefundResponse,
  type ScanOrderResponse,
} from './schemas.ts';
import { SignedTransport } from './transport.ts';

// The in-store API client (spec: in-store-payments-api.md, wire-details §2): one method per endpoint, typed
// in and out. It checks a request before signing it, validates every reply at the edge and throws only
// PosError (details convention in ../http/failures.ts). It keeps no payment state: the journal and the
// payment service own that, and pass the idempotency key they journalled before sending.

export interface InStoreCredentials {
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
}

export interface InStoreClientConfig extends TransportTuning {
  readonly profile: EnvironmentProfile;
  readonly credentials: InStoreCredentials;
  /** This till's payment surface at the provider. */
  readonly posId: string;
  readonly country: CountryCode;
  /** Every attempt, for the audit log (request body as sent, no secret, no signature). */
  readonly onExchange?: ((exchange: HttpExchange) => void) | undefined;
}

export interface InStoreWriteOptions {
  /** UUID v4. Pass the key journalled before sending, so a resend after a crash is recognised; default: new. */
  readonly idempotencyKey?: string | undefined;
  readonly retry?: Partial<RetryPolicy> | undefined;
}

export interface ReadOptions {
  readonly retry?: Partial<RetryPolicy> | undefined;
}

interface OrderInputCommon {
  readonly referenceId: string;
  readonly amount: Money;
  readonly partner?: PartnerWire | undefined;
  readonly orderMetadata?: OrderMetadataWire | undefined;
  readonly webhookUrl?: string | undefined;
}

export interface CreateOrderInput extends OrderInputCommon {
  readonly qrType: QrType;
}

export interface ScanOrderInput extends OrderInputCommon {
  /** The text read from the consumer's QR. */
  readonly consumerQrPayload: string;
}

export interface RefundInput {
  readonly referenceId: string;
  readonly amount: Money;
  readonly reason?: string | undefined;
  readonly terminalReference?: string | undefined;
}

export interface CancelInput {
  readonly referenceId: string;
  readonly reason?: string | undefined;
}

const ORDER_PATH = '/v1/instore/order';

export interface ClientFromSettingsInput extends Omit<
  InStoreClientConfig,
  'profile' | 'credentials' | 'posId' | 'country'
> {
  readonly settings: Pick<Settings, 'environment' | 'customBaseUrl' | 'accessKeyId' | 'posId' | 'country'>;
  /** From the vault; '' when none is stored (every call then fails with auth.missing, nothing is sent). */
  readonly accessKeySecret: string;
  /** `instoreBaseUrl` of the running embedded sandbox; needed only for the embedded-sandbox environment. */
  readonly embeddedBaseUrl?: string | null | undefined;
}

/**
 * Settings keep the partner block with empty strings and a null category code for "not set"; the wire wants
 * those fields absent, and no partner block at all without a merchantId.
 */
export function partnerFromSettings(partner: Settings['partner']): PartnerWire | undefined {
  const merchantId = partner.merchantId.trim();
  if (!merchantId) return undefined;
  const tradingName = partner.merchantTradingName.trim();
  const entityId = partner.merchantEntityId.trim();
  return {
    merchantId,
    ...(partner.merchantCategoryCode === null ? {} : { merchantCategoryCode: partner.merchantCategoryCode }),
    ...(tradingName ? { merchantTradingName: tradingName } : {}),
    ...(entityId ? { merchantEntityId: entityId } : {}),
  };
}

/** The usual way to build a client: from saved Settings, the vault's secret and the sandbox's URL. */
export function createInStoreClient(input: ClientFromSettingsInput): InStoreClient {
  const { settings, accessKeySecret, embeddedBaseUrl, ...rest } = input;
  return new InStoreClient({
    ...rest,
    profile: resolveProfile({
      environment: settings.environment,
      customBaseUrl: settings.customBaseUrl,
      embeddedBaseUrl,
    }),
    credentials: { accessKeyId: settings.accessKeyId, accessKeySecret },
    posId: settings.posId,
    country: settings.country,
  });
}

export class InStoreClient {
  readonly profile: EnvironmentProfile;
  readonly posId: string;
  readonly country: CountryCode;
  readonly #transport: SignedTransport;
  readonly #now: () => number;

  constructor(config: InStoreClientConfig) {
    this.profile = config.profile;
    this.posId = config.posId;
    this.country = config.country;
    this.#now = config.now ?? Date.now;
    this.#transport = new SignedTransport({
      profile: config.profile,
      accessKeyId: config.credentials.accessKeyId,
      accessKeySecret: config.credentials.accessKeySecret,
      fetch: config.fetch,
      timeouts: config.timeouts,
      retry: config.retry,
      now: config.now,
      random: config.random,
      sleep: config.sleep,
      onExchange: config.onExchange,
    });
  }

  /** Our clock minus the provider's from its last reply (ms; positive = we are ahead), null until measured. */
  get lastClockSkewMs(): number | null {
    return this.#transport.lastClockSkewMs;
  }

  get lastClockSkewAt(): number | null {
    return this.#transport.lastClockSkewAt;
  }

  /** Merchant-presented QR (and URL redirect): the reply's qrCode is what to show. */
  async createOrder(input: CreateOrderInput, options: InStoreWriteOptions = {}): Promise<CreateOrderResponse> {
    const body = this.#checkBody('create', createOrderBodySchema, {
      ...this.#orderBodyCommon(input),
      qrType: input.qrType,
    });
    const reply = await this.#transport.send({
      operation: 'create',
      method: 'POST',
      path: `${ORDER_PATH}/create`,
      body,
      ...writeRequest(options),
    });
    return expectReference(reply, this.#parse(reply, createOrderResponseSchema), input.referenceId);
  }

  /** Customer-presented QR: charge the code the cashier scanned. */
  async scanOrder(input: ScanOrderInput, options: InStoreWriteOptions = {}): Promise<ScanOrderResponse> {
    const body = this.#checkBody('scan', scanOrderBodySchema, {
      ...this.#orderBodyCommon(input),
      consumerQrPayload: input.consumerQrPayload,
    });
    const reply = await this.#transport.send({
      operation: 'scan',
      method: 'POST',
      path: `${ORDER_PATH}/scan`,
      body,
      ...writeRequest(options),
    });
    return expectReference(reply, this.#parse(reply, scanOrderResponseSchema), input.referenceId);
  }

  async getOrder(referenceId: string, options: ReadOptions = {}): Promise<OrderStatusResponse> {
    const id = this.#checkReference('status', referenceId);
    const reply = await this.#transport.send({
      operation: 'status',
      method: 'GET',
      path: `${ORDER_PATH}/${id}`,
      retry: options.retry,
    });
    return expectReference(reply, this.#parse(reply, orderStatusResponseSchema), referenceId);
  }

  /** Partial refunds are allowed; their total may not exceed the order amount. */
  async refundOrder(input: RefundInput, options: InStoreWriteOptions = {}): Promise<RefundResponse> {
    const id = this.#checkReference('refund', input.referenceId);
    this.#checkAmount('refund', input.amount);
    const body = this.#checkBody('refund', refundBodySchema, {
      amount: input.amount.amountMinor,
      referenceId: input.referenceId,
      reason: blankToUndefined(input.reason),
      posId: this.posId,
      refundMetadata: input.terminalReference ? { terminalReference: input.terminalReference } : undefined,
    });
    const reply = await this.#transport.send({
      operation: 'refund',
      method: 'POST',
      path: `${ORDER_PATH}/${id}/refund`,
      body,
      ...writeRequest(options),
    });
    return expectReference(reply, this.#parse(reply, refundResponseSchema), input.referenceId);
  }

  /** Allowed only before the customer confirmed in the wallet app (CREATED or PENDING). */
  async cancelOrder(input: CancelInput, options: InStoreWriteOptions = {}): Promise<CancelResponse> {
    const id = this.#checkReference('cancel', input.referenceId);
    const body = this.#checkBody('cancel', cancelBodySchema, { reason: blankToUndefined(input.reason) });
    const reply = await this.#transport.send({
      operation: 'cancel',
      method: 'POST',
      path: `${ORDER_PATH}/${id}/cancel`,
      body,
      ...writeRequest(options),
    });
    return expectReference(reply, this.#parse(reply, cancelResponseSchema), input.referenceId);
  }

  /**
   * Proves signing and clock against the provider without touching money: asks for the status of a random
   * referenceId that cannot exist. 404 "Invalid referenceId…" means the signature was accepted. Never throws.
   */
  async testConnection(): Promise<ConnectionTestResult> {
    const started = this.#now();
    try {
      await this.getOrder(probeReferenceId(), { retry: { maxAttempts: 1 } });
      return interpretProbe(this.profile, null, this.#now() - started, this.lastClockSkewMs);
    } catch (error) {
      return interpretProbe(this.profile, error, this.#now() - started, this.lastClockSkewMs);
    }
  }

  #orderBodyCommon(input: OrderInputCommon) {
    this.#checkAmount('order', input.amount);
    return {
      posId: this.posId,
      country: this.country,
      amount: input.amount.amountMinor,
      currency: input.amount.currency,
      referenceId: input.referenceId,
      partner: input.partner,
      orderMetadata: input.orderMetadata,
      webhookUrl: blankToUndefined(input.webhookUrl),
    };
  }

  #checkAmount(operation: string, amount: Money): void {
    if (!Number.isSafeInteger(amount.amountMinor) || amount.amountMinor <= 0) {
      throw new PosError('amount.invalid', { details: { operation, attempts: 0, outcomeUnknown: false } });
    }
    assertCurrencyPair(this.country, amount.currency);
  }

  #checkReference(operation: string, referenceId: string): string {
    if (!referenceIdSchema.safeParse(referenceId).success) {
      throw new PosError('request.invalid', {
        notice: notice('provider.reference-invalid'),
        details: { operation, attempts: 0, outcomeUnknown: false, field: 'referenceId' },
      });
    }
    return encodeURIComponent(referenceId);
  }

  #checkBody<S extends z.ZodType>(operation: string, schema: S, body: z.input<S>): z.output<S> {
    const parsed = schema.safeParse(stripUndefined(body));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue ? issue.path.join('.') : '';
    throw new PosError('request.invalid', {
      ...(field ? { notice: notice('provider.field-invalid', { field }) } : {}),
      details: { operation, attempts: 0, outcomeUnknown: false, field, problem: issue?.message ?? null },
    });
  }

  #parse<S extends z.ZodType>(reply: HttpReply, schema: S): z.output<S> {
    const parsed = schema.safeParse(reply.json);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const problem =
      reply.json === undefined
        ? 'reply is not JSON'
        : `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
    throw badResponseError(reply.context, reply.status, problem, traceIdOf(reply.json));
  }
}

function writeRequest(options: InStoreWriteOptions): {
  idempotencyKey: string;
  retry: Partial<RetryPolicy> | undefined;
} {
  return { idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(), retry: options.retry };
}

/** A reply about another order than the one we asked for is not something to act on. */
function expectReference<T extends { referenceId: string }>(reply: HttpReply, value: T, referenceId: string): T {
  if (value.referenceId !== referenceId) {
    throw badResponseError(
      reply.context,
      reply.status,
      `reply is about referenceId ${value.referenceId.slice(0, 64)}`,
      traceIdOf(reply.json),
    );
  }
  return value;
}

function traceIdOf(json: unknown): string | null {
  const traceId = (json as { traceId?: unknown } | null | undefined)?.traceId;
  return typeof traceId === 'string' ? traceId : null;
}
