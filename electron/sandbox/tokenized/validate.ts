import { fromMajor, type CurrencyCode } from '../../../shared/money.ts';
import { badRequest } from './errors.ts';
import { isAllowedCallback, isWebhookTarget, type TokenizedMerchant } from './merchants.ts';
import type { UserHint } from './payment-tokens.ts';
import { LIMITS } from './wire.ts';

// Request bodies of the tokenized endpoints (document "Endpoints", wire-details §3.2). Every refusal is a
// 400 `bad-request` naming the field; lengths the provider does not publish (ids, state, merchantRef) are
// ours and generous. Unknown extra fields are ignored.

const MAX_ID = 128;
const MAX_STATE = 512;
const MAX_CODE = 256;
const MAX_TOKEN = 512;

export interface LoginRequest {
  readonly username: string;
  readonly password: string;
}

export function parseLogin(body: Record<string, unknown>): LoginRequest {
  return { username: requireString(body, 'username', MAX_ID), password: requireString(body, 'password', MAX_TOKEN) };
}

export interface LinkRequest {
  readonly callbackUrl: string;
  readonly state: string;
  readonly merchantUserId: string;
  readonly userHint: UserHint;
}

export function parseLink(body: Record<string, unknown>, merchant: TokenizedMerchant): LinkRequest {
  const callbackUrl = requireString(body, 'callbackUrl', 2048);
  const state = requireString(body, 'state', MAX_STATE);
  const merchantUserId = requireString(body, 'merchantUserId', MAX_ID);
  const hint = body.userHint;
  if (hint === null || typeof hint !== 'object' || Array.isArray(hint))
    throw badRequest('userHint is required: give userHint.phone or userHint.email.');
  const phone = optionalString(hint as Record<string, unknown>, 'userHint.phone', 'phone', LIMITS.phoneHintChars);
  const email = optionalString(hint as Record<string, unknown>, 'userHint.email', 'email', LIMITS.emailHintChars);
  if (phone === null && email === null) throw badRequest('userHint needs phone or email.');
  if (!isAllowedCallback(merchant, callbackUrl))
    throw badRequest('callbackUrl is not on the allowlist of this merchant channel.');
  return { callbackUrl, state, merchantUserId, userHint: { phone, email } };
}

export function parseCode(body: Record<string, unknown>): string {
  return requireString(body, 'code', MAX_CODE);
}

export function parsePaymentToken(body: Record<string, unknown>): string {
  return requireString(body, 'paymentToken', MAX_TOKEN);
}

interface PaymentRequest {
  readonly paymentToken: string;
  readonly merchantUserId: string;
  readonly amountMinor: number;
  readonly currency: CurrencyCode;
  readonly merchantRef: string;
}

export interface PreAuthRequest extends PaymentRequest {
  readonly merchantMetadata: Record<string, unknown>;
}

export function parsePreAuth(body: Record<string, unknown>, merchant: TokenizedMerchant): PreAuthRequest {
  const payment = parsePayment(body, merchant);
  return { ...payment, merchantMetadata: parseMetadata(body.merchantMetadata) ?? {} };
}

export interface ChargeRequest extends PaymentRequest {
  readonly useCashback: boolean;
  readonly callbackUrl: string | null;
}

export function parseCharge(body: Record<string, unknown>, merchant: TokenizedMerchant): ChargeRequest {
  const payment = parsePayment(body, merchant);
  return { ...payment, useCashback: parseUseCashback(body), callbackUrl: parseCallbackUrl(body) };
}

export interface CaptureRequest {
  readonly callbackUrl: string | null;
  readonly useCashback: boolean;
  /** Optional, like void's: replaces the stored metadata (wire-details §3.2). */
  readonly merchantMetadata: Record<string, unknown> | null;
}

export function parseCapture(body: Record<string, unknown>): CaptureRequest {
  return {
    callbackUrl: parseCallbackUrl(body),
    useCashback: parseUseCashback(body),
    merchantMetadata: parseMetadata(body.merchantMetadata),
  };
}

export interface VoidRequest {
  readonly reason: string | null;
  readonly merchantMetadata: Record<string, unknown> | null;
}

export function parseVoid(body: Record<string, unknown>): VoidRequest {
  return {
    reason: optionalString(body, 'reason', 'reason', LIMITS.voidReasonChars),
    merchantMetadata: parseMetadata(body.merchantMetadata),
  };
}

function parsePayment(body: Record<string, unknown>, merchant: TokenizedMerchant): PaymentRequest {
  const paymentToken = requireString(body, 'paymentToken', MAX_TOKEN);
  const merchantUserId = requireString(body, 'merchantUserId', MAX_ID);
  if (body.amount === undefined || body.amount === null) throw badRequest('amount is required.');
  const currency = requireString(body, 'currency', 3);
  const merchantRef = requireString(body, 'merchantRef', MAX_ID);
  if (!/^[A-Z]{3}$/.test(currency)) throw badRequest('currency must be a 3-letter ISO 4217 code.');
  if (currency !== merchant.currency)
    throw badRequest(`currency must equal the channel's configured currency (${merchant.currency}).`);
  return {
    paymentToken,
    merchantUserId,
    amountMinor: parseAmount(body.amount, merchant.currency),
    currency: merchant.currency,
    merchantRef,
  };
}

/** A JSON number in major units, above 0, with no more decimals than the currency has. */
function parseAmount(value: unknown, currency: CurrencyCode): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest('amount must be a number in major units.');
  if (value <= 0) throw badRequest('amount must be greater than 0.');
  let minor: number;
  try {
    minor = fromMajor(value, currency).amountMinor;
  } catch {
    throw badRequest(`amount has more decimals than ${currency} allows.`);
  }
  if (!Number.isSafeInteger(minor) || minor <= 0) throw badRequest('amount is out of range.');
  return minor;
}

/** At most 5 keys; each value a string, number, boolean or null of at most 200 characters. */
function parseMetadata(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('merchantMetadata must be an object.');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > LIMITS.metadataKeys)
    throw badRequest(`merchantMetadata may have at most ${LIMITS.metadataKeys} keys.`);
  for (const [key, item] of entries) {
    if (item !== null && typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
      throw badRequest(`merchantMetadata.${key} must be a string, number or boolean.`);
    }
    if (String(item).length > LIMITS.metadataValueChars)
      throw badRequest(`merchantMetadata.${key} is longer than ${LIMITS.metadataValueChars} characters.`);
  }
  return { ...(value as Record<string, unknown>) };
}

function parseUseCashback(body: Record<string, unknown>): boolean {
  if (body.useCashback === undefined || body.useCashback === null) return true;
  if (typeof body.useCashback !== 'boolean') throw badRequest('useCashback must be true or false.');
  return body.useCashback;
}

function parseCallbackUrl(body: Record<string, unknown>): string | null {
  const url = optionalString(body, 'callbackUrl', 'callbackUrl', 2048);
  if (url !== null && !isWebhookTarget(url)) throw badRequest('callbackUrl must be an HTTPS URL.');
  return url;
}

function requireString(body: Record<string, unknown>, field: string, max: number): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw badRequest(`${field} is required.`);
  if (typeof value !== 'string') throw badRequest(`${field} must be a string.`);
  if (value.trim() === '') throw badRequest(`${field} must not be blank.`);
  if (value.length > max) throw badRequest(`${field} is longer than ${max} characters.`);
  return value;
}

function optionalString(body: Record<string, unknown>, label: string, field: string, max: number): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest(`${label} must be a string.`);
  if (value.length > max) throw badRequest(`${label} is longer than ${max} characters.`);
  return value.trim() === '' ? null : value;
}
