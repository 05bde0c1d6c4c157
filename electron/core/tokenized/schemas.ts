import { z } from 'zod';
import { CHARGE_STATUSES, LIMITS, PRE_AUTH_STATUSES } from './wire.ts';

// The tokenized API's bodies (tokenized-payment-api.md, wire-details §3), as zod schemas. Requests are checked
// before they leave (a bad one never reaches the provider); responses are checked at the edge, so nothing
// downstream reads an unvalidated provider field. Fields the document leaves open are optional/nullable;
// unknown extra fields are dropped.

const isoTimestamp = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'an ISO 8601 timestamp');
const id = z.string().min(1).max(512);

// ---- requests ----

const metadataValue = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .refine((v) => String(v).length <= LIMITS.metadataValueChars, {
    message: `at most ${LIMITS.metadataValueChars} characters`,
  });
export const merchantMetadataSchema = z
  .record(z.string().min(1).max(100), metadataValue)
  .refine((m) => Object.keys(m).length <= LIMITS.metadataKeys, { message: `at most ${LIMITS.metadataKeys} keys` });
export type MerchantMetadata = z.infer<typeof merchantMetadataSchema>;

function isHttpsOrLoopback(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password) return false;
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname))
  );
}
const callbackUrl = z.string().max(2048).refine(isHttpsOrLoopback, 'an https:// address (http only on this computer)');

export const loginBodySchema = z.object({ username: z.string().min(1).max(128), password: z.string().min(1).max(512) });

export const linkBodySchema = z.object({
  callbackUrl,
  state: z.string().min(16).max(512),
  merchantUserId: z.string().min(1).max(128),
  userHint: z
    .object({
      phone: z.string().min(1).max(LIMITS.phoneHintChars).optional(),
      email: z.string().min(1).max(LIMITS.emailHintChars).optional(),
    })
    .refine((hint) => hint.phone !== undefined || hint.email !== undefined, 'phone or email'),
});
export type LinkBody = z.infer<typeof linkBodySchema>;

export const codeBodySchema = z.object({ code: z.string().min(1).max(256) });
export const paymentTokenBodySchema = z.object({ paymentToken: z.string().min(1).max(512) });

const paymentBody = {
  paymentToken: z.string().min(1).max(512),
  merchantUserId: z.string().min(1).max(128),
  amount: z.number().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  merchantRef: z.string().min(1).max(128),
};
export const preAuthBodySchema = z.object({ ...paymentBody, merchantMetadata: merchantMetadataSchema.optional() });
export const chargeBodySchema = z.object({
  ...paymentBody,
  useCashback: z.boolean().optional(),
  callbackUrl: callbackUrl.optional(),
});
export const captureBodySchema = z.object({
  callbackUrl: callbackUrl.optional(),
  useCashback: z.boolean().optional(),
  merchantMetadata: merchantMetadataSchema.optional(),
});
export const voidBodySchema = z.object({
  reason: z.string().max(LIMITS.voidReasonChars).optional(),
  merchantMetadata: merchantMetadataSchema.optional(),
});

// ---- responses ----

export const loginResponseSchema = z.object({ token: z.string().min(1), expiresAt: isoTimestamp });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const linkSessionResponseSchema = z.object({
  linkToken: id,
  redirectUrl: z.string().refine((u) => URL.canParse(u), 'a URL'),
  appToken: z.string().min(1),
  expiresAt: isoTimestamp,
});
export type LinkSessionResponse = z.infer<typeof linkSessionResponseSchema>;

/** wire-details §3.2; a status outside the four is kept as text so a new provider state is not a crash. */
export const linkStatusResponseSchema = z.object({
  linkToken: id,
  status: z.string().min(1),
  expiresAt: isoTimestamp.nullish(),
  authCode: z.string().nullish(),
  authCodeExpiresAt: isoTimestamp.nullish(),
});
export type LinkStatusResponse = z.infer<typeof linkStatusResponseSchema>;

export const exchangeResponseSchema = z.object({ paymentToken: z.string().min(1) });

/** "Response: not shown" in the document; wire-details §3.2 gives {paymentToken, status: UNLINKED}. */
export const unlinkResponseSchema = z.object({ paymentToken: z.string().nullish(), status: z.string().nullish() });

export const cashbackResponseSchema = z.object({
  cashbackBalance: z.number().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

export const preAuthRecordSchema = z.object({
  id,
  merchantRef: z.string(),
  status: z.enum(PRE_AUTH_STATUSES),
  amount: z.number().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  orderUuid: z.string().nullish(),
  orderStatus: z.string().nullish(),
  merchantMetadata: z.record(z.string(), z.unknown()).nullish(),
  failureReason: z.string().nullish(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp.nullish(),
});
export type PreAuthRecordWire = z.infer<typeof preAuthRecordSchema>;

export const resultRecordSchema = z.object({
  uuid: id,
  orderUuid: id,
  status: z.enum(CHARGE_STATUSES),
  orderType: z.string().nullish(),
  merchantRef: z.string(),
  merchantOrderId: z.string().nullish(),
  consumerEmail: z.string().nullish(),
  failureReason: z.string().nullish(),
  createdAt: isoTimestamp.nullish(),
});
export type ResultRecordWire = z.infer<typeof resultRecordSchema>;

/** The document shows `{uuid, status: VOIDED}`; wire-details §3.2 the whole pre-auth record. Both are read. */
export const voidResponseSchema = z.union([preAuthRecordSchema, z.object({ uuid: id, status: z.literal('VOIDED') })]);

// Error bodies are not a schema: errors.ts reads each of their fields on its own (readErrorBody).
