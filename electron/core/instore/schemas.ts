import { z } from 'zod';
import { ORDER_STATUSES } from '../../../shared/payments.ts';
import { CURRENCIES, COUNTRIES } from '../../../shared/money.ts';
import { isLoopbackHost } from '../http/base-url.ts';

// The in-store API's bodies (wire-details §2.3), as zod schemas. Requests are checked before they are signed
// (a bad one never leaves the till); responses are checked at the edge, so nothing downstream reads an
// unvalidated provider field. "Once they apply" fields may arrive absent, null or "" (the published status
// schema lists them as always present but filled only once the order completes, and its example carries
// `failureReason: ""`): all three mean "not yet", never a bad response (wire-details §2.5 "Be liberal in what
// you accept"). Unknown extra fields are dropped.

/** Our referenceIds are letters, digits, `-` and `_`, so they are safe as a URL path segment. */
export const referenceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'referenceId: 1-64 letters, digits, - or _');

/** `terminalReference` / `merchantOrderReference`: 5–36 letters, digits or hyphens. */
const metadataReference = z.string().regex(/^[A-Za-z0-9-]{5,36}$/, '5-36 letters, digits or hyphens');

/** The provider posts webhooks only to public https; our sandbox may post to a listener on this computer. */
function isWebhookUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

const minorAmount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const QR_TYPES = ['payload', 'base64', 'url_payload'] as const;
export type QrType = (typeof QR_TYPES)[number];

export const partnerWireSchema = z.object({
  merchantId: z.string().min(1),
  merchantCategoryCode: z.number().int().min(0).max(9999).optional(),
  merchantTradingName: z.string().min(1).optional(),
  merchantEntityId: z.string().min(1).optional(),
});
export type PartnerWire = z.infer<typeof partnerWireSchema>;

export const orderMetadataWireSchema = z.object({
  terminalReference: metadataReference.optional(),
  merchantOrderReference: metadataReference.optional(),
});
export type OrderMetadataWire = z.infer<typeof orderMetadataWireSchema>;

const orderBodyCommon = {
  posId: z.string().min(1),
  country: z.enum(COUNTRIES),
  amount: minorAmount,
  currency: z.enum(CURRENCIES),
  referenceId: referenceIdSchema,
  partner: partnerWireSchema.optional(),
  orderMetadata: orderMetadataWireSchema.optional(),
  webhookUrl: z.string().refine(isWebhookUrl, 'webhookUrl: https, or http on this computer').optional(),
};

export const createOrderBodySchema = z.object({ ...orderBodyCommon, qrType: z.enum(QR_TYPES) });
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const scanOrderBodySchema = z.object({ ...orderBodyCommon, consumerQrPayload: z.string().min(1).max(1024) });
export type ScanOrderBody = z.infer<typeof scanOrderBodySchema>;

export const refundBodySchema = z.object({
  amount: minorAmount,
  referenceId: referenceIdSchema,
  reason: z.string().min(1).max(200).optional(),
  posId: z.string().min(1).optional(),
  refundMetadata: z.object({ terminalReference: metadataReference.optional() }).optional(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

export const cancelBodySchema = z.object({ reason: z.string().min(1).max(200).optional() });
export type CancelBody = z.infer<typeof cancelBodySchema>;

// ---- responses ----

/** Optional provider field: absent and null both become undefined. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/** A field the provider fills "once it applies": absent, null and "" all read as "not yet" (undefined). */
function onceItApplies<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

/** Echoed objects are kept as the provider sent them (string/number leaves only). */
const echoedObject = onceItApplies(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])));

export const createOrderResponseSchema = z.object({
  referenceId: z.string().min(1),
  qrType: z.enum(QR_TYPES),
  /** base64: a `data:image/png;base64,…` image; payload: text to draw as a QR; url_payload: redirect URL. */
  qrCode: z.string().min(1),
  traceId: optional(z.string()),
  partner: echoedObject,
  orderMetadata: echoedObject,
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** "Same shape as create"; a customer-presented QR order has no QR of its own, so those are optional. */
export const scanOrderResponseSchema = z.object({
  referenceId: z.string().min(1),
  qrType: optional(z.enum(QR_TYPES)),
  qrCode: optional(z.string()),
  traceId: optional(z.string()),
  partner: echoedObject,
  orderMetadata: echoedObject,
});
export type ScanOrderResponse = z.infer<typeof scanOrderResponseSchema>;

export const orderStatusResponseSchema = z.object({
  referenceId: z.string().min(1),
  status: z.enum(ORDER_STATUSES),
  orderAmount: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  createdAt: z.string().min(1),
  updatedAt: z.string().min(1),
  traceId: optional(z.string()),
  /** The provider's order id (e.g. 220801-0679-YVUY), shown to the consumer: print it on receipts. */
  shopbackOrderId: onceItApplies(z.string()),
  /** Running total of refunds, minor units. */
  refundAmount: onceItApplies(z.number().int().nonnegative()),
  failureReason: onceItApplies(z.string()),
  paymentType: onceItApplies(z.enum(['PAY', 'PAYLATER'])),
  partner: echoedObject,
  orderMetadata: echoedObject,
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

export const refundResponseSchema = z.object({
  referenceId: z.string().min(1),
  shopbackOrderId: onceItApplies(z.string()),
  traceId: optional(z.string()),
  posId: onceItApplies(z.string()),
  refundMetadata: echoedObject,
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

export const cancelResponseSchema = z.object({
  referenceId: z.string().min(1),
  traceId: optional(z.string()),
});
export type CancelResponse = z.infer<typeof cancelResponseSchema>;

/** Every error body: `{ statusCode, message, traceId }` (wire-details §2.5). */
export const providerErrorBodySchema = z.object({
  statusCode: optional(z.number().int()),
  message: z.string(),
  traceId: optional(z.string()),
});
export type ProviderErrorBody = z.infer<typeof providerErrorBodySchema>;
