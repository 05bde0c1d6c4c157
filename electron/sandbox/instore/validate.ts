import { COUNTRIES, CURRENCY_OF_COUNTRY, type CountryCode } from '../../../shared/money.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import type { SandboxMerchant } from '../context.ts';
import { ApiError } from '../http.ts';
import { PUBLISHED, SANDBOX } from './messages.ts';
import { QR_TYPES, type QrType } from './orders.ts';

// Request bodies of the in-store endpoints (wire-details §2.3). Presence is checked first and reported
// with the provider's one message for it; then each field's rule, with our own wording where the provider
// publishes none. Unknown extra fields are ignored, as a tolerant server does.

/** URL-safe because it travels in the path of status, refund and cancel (the length limit is ours). */
const REFERENCE_ID = /^[A-Za-z0-9._~-]{1,128}$/;
const METADATA_REFERENCE = /^[A-Za-z0-9-]{5,36}$/;
const MAX_TEXT = 500;

export interface OrderRequest {
  readonly posId: string;
  readonly country: CountryCode;
  readonly currency: CurrencyCode;
  readonly amount: number;
  readonly referenceId: string;
  readonly partner: Record<string, unknown> | null;
  readonly orderMetadata: Record<string, unknown> | null;
  readonly webhookUrl: string | null;
}

export interface CreateRequest extends OrderRequest {
  readonly qrType: QrType;
}

export interface ScanRequest extends OrderRequest {
  readonly consumerQrPayload: string;
}

export interface RefundRequest {
  readonly amount: number;
  readonly reason: string | null;
  readonly posId: string | null;
  readonly refundMetadata: Record<string, unknown> | null;
}

export function parseCreate(body: Record<string, unknown>, merchant: SandboxMerchant): CreateRequest {
  requirePresent(body, ['posId', 'country', 'amount', 'currency', 'referenceId', 'qrType']);
  const order = parseOrderRequest(body, merchant);
  if (!(QR_TYPES as readonly unknown[]).includes(body.qrType))
    throw new ApiError(400, SANDBOX.invalidField('qrType', `Use one of ${QR_TYPES.join(', ')}.`));
  return { ...order, qrType: body.qrType as QrType };
}

export function parseScan(body: Record<string, unknown>, merchant: SandboxMerchant): ScanRequest {
  requirePresent(body, ['posId', 'country', 'amount', 'currency', 'referenceId', 'consumerQrPayload']);
  const order = parseOrderRequest(body, merchant);
  const payload = requireString(body, 'consumerQrPayload', MAX_TEXT);
  return { ...order, consumerQrPayload: payload };
}

export function parseRefund(body: Record<string, unknown>, pathReferenceId: string): RefundRequest {
  requirePresent(body, ['amount', 'referenceId']);
  const amount = parseAmount(body.amount);
  if (body.referenceId !== pathReferenceId) throw new ApiError(400, SANDBOX.referenceIdMismatch);
  const refundMetadata = optionalObject(body, 'refundMetadata');
  if (refundMetadata) checkMetadataReference(refundMetadata, 'refundMetadata', 'terminalReference');
  return {
    amount,
    reason: optionalString(body, 'reason', MAX_TEXT),
    posId: optionalString(body, 'posId', 128),
    refundMetadata,
  };
}

export function parseCancel(body: Record<string, unknown>): { reason: string | null } {
  return { reason: optionalString(body, 'reason', MAX_TEXT) };
}

function parseOrderRequest(body: Record<string, unknown>, merchant: SandboxMerchant): OrderRequest {
  const posId = requireString(body, 'posId', 128);
  const referenceId = requireString(body, 'referenceId', 128);
  if (!REFERENCE_ID.test(referenceId)) {
    throw new ApiError(
      400,
      SANDBOX.invalidField('referenceId', 'Use 1–128 letters, digits or . _ ~ - (it travels in URL paths).'),
    );
  }
  const amount = parseAmount(body.amount);
  const country = body.country;
  const currency = body.currency;
  if (
    !(COUNTRIES as readonly unknown[]).includes(country) ||
    CURRENCY_OF_COUNTRY[country as CountryCode] !== currency
  ) {
    throw new ApiError(400, PUBLISHED.invalidCurrencyPair);
  }
  if (country !== merchant.country) throw new ApiError(400, SANDBOX.countryNotOnboarded(String(country)));
  if (amount < (merchant.minAmountMinor ?? 1)) throw new ApiError(400, PUBLISHED.amountBelowMinimum);
  if (amount > (merchant.maxAmountMinor ?? Number.MAX_SAFE_INTEGER))
    throw new ApiError(400, PUBLISHED.amountAboveMaximum);
  const partner = optionalObject(body, 'partner');
  if (partner) checkPartner(partner);
  const orderMetadata = optionalObject(body, 'orderMetadata');
  if (orderMetadata) {
    checkMetadataReference(orderMetadata, 'orderMetadata', 'terminalReference');
    checkMetadataReference(orderMetadata, 'orderMetadata', 'merchantOrderReference');
  }
  const webhookUrl = optionalString(body, 'webhookUrl', 2048);
  if (webhookUrl !== null && !isHttpUrl(webhookUrl))
    throw new ApiError(400, SANDBOX.invalidField('webhookUrl', 'It must be an http(s) URL.'));
  return {
    posId,
    referenceId,
    amount,
    country: country as CountryCode,
    currency: currency as CurrencyCode,
    partner,
    orderMetadata,
    webhookUrl,
  };
}

function checkPartner(partner: Record<string, unknown>): void {
  requirePresent(partner, ['merchantId']);
  requireString(partner, 'merchantId', 64, 'partner.merchantId');
  const mcc = partner.merchantCategoryCode;
  if (mcc !== undefined && mcc !== null && (!Number.isInteger(mcc) || (mcc as number) < 0 || (mcc as number) > 9999)) {
    throw new ApiError(
      400,
      SANDBOX.invalidField('partner.merchantCategoryCode', 'It must be a number from 0 to 9999.'),
    );
  }
  optionalString(partner, 'merchantTradingName', 100, 'partner.merchantTradingName');
  optionalString(partner, 'merchantEntityId', 64, 'partner.merchantEntityId');
}

function checkMetadataReference(metadata: Record<string, unknown>, parent: string, field: string): void {
  const value = metadata[field];
  if (value === undefined || value === null) return;
  if (typeof value !== 'string' || !METADATA_REFERENCE.test(value)) {
    throw new ApiError(400, SANDBOX.invalidField(`${parent}.${field}`, 'Use 5–36 letters, digits or hyphens.'));
  }
}

function parseAmount(value: unknown): number {
  if (!Number.isSafeInteger(value) || (value as number) <= 0) throw new ApiError(400, SANDBOX.invalidAmount);
  return value as number;
}

function requirePresent(body: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null || value === '') throw new ApiError(400, PUBLISHED.missingParameters);
  }
}

function requireString(body: Record<string, unknown>, field: string, maxLength: number, label = field): string {
  const value = body[field];
  if (typeof value !== 'string' || value.length > maxLength) {
    throw new ApiError(400, SANDBOX.invalidField(label, `It must be text of at most ${maxLength} characters.`));
  }
  return value;
}

function optionalString(body: Record<string, unknown>, field: string, maxLength: number, label = field): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  return requireString(body, field, maxLength, label);
}

function optionalObject(body: Record<string, unknown>, field: string): Record<string, unknown> | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw new ApiError(400, SANDBOX.invalidField(field, 'It must be an object.'));
  return value as Record<string, unknown>;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
