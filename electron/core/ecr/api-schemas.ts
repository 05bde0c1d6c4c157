import { z } from 'zod';
import { DISPLAY_STATUSES, ORDER_STATUSES } from '../../../shared/payments.ts';
import { CURRENCIES } from '../../../shared/money.ts';
import { printableText } from '../../../shared/request-atoms.ts';
import { saleLinesSchema } from '../../../shared/sale-lines.ts';
import { REFERENCE_ID_PATTERN } from '../payments/journal/reference-id.ts';

// The register's API, one schema per body: the server validates every request with these, builds every answer
// to fit them, and the OpenAPI document (openapi.ts) is generated from the very same objects, so the
// document cannot say anything the server does not do.

/** Where the register's API lives on the till. */
export const API_BASE_PATH = '/ecr/v1';

/** A payment's reference in a path, unanchored: the till's own rule for references (8–36 letters, digits, hyphens). */
export const REFERENCE_IN_PATH = REFERENCE_ID_PATTERN.source.replace(/^\^|\$$/g, '');

/** The largest amount a register may send: the same bound as the till's own contract. */
const MAX_AMOUNT_MINOR = 1_000_000_000;

const amountMinor = z.number().int().min(1).max(MAX_AMOUNT_MINOR).describe('Amount in minor units (1234 = 12.34)');
const currency = z.enum(CURRENCIES).describe("ISO 4217 code; must be the till's currency");
const isoTime = z.string().describe('ISO 8601 time (UTC)');

export const moneySchema = z
  .object({ amountMinor: z.number().int().min(0), currency: z.enum(CURRENCIES) })
  .strict()
  .meta({ description: 'Money as an integer of minor units plus its currency: never a decimal.' });

export const paymentMethodSchema = z.enum(['merchant-qr', 'customer-qr']).meta({
  description:
    "merchant-qr: the till shows a QR the customer scans. customer-qr: the till's scanner reads the code in the customer's wallet app.",
});

export const createPaymentSchema = z
  .object({
    amountMinor,
    currency,
    method: paymentMethodSchema,
    orderReference: z
      .string()
      .regex(/^[A-Za-z0-9-]{5,36}$/)
      .optional()
      .describe(
        "The register's own order reference: 5–36 letters, digits or hyphens; sent to the provider as merchantOrderReference",
      ),
    note: printableText(120).optional().describe('A note the cashier sees with the sale (no control characters)'),
    lines: saleLinesSchema
      .optional()
      .describe(
        'What was sold, printed on the receipt and shown on the customer display while the QR waits: each amountMinor is quantity × unitMinor and together they add up to amountMinor (else 422, `field` naming the line or `lines`)',
      ),
  })
  .strict();
export type CreatePayment = z.infer<typeof createPaymentSchema>;

export const cancelPaymentSchema = z.object({}).strict().meta({ description: 'An empty object (or no body).' });

export const createRefundSchema = z
  .object({
    amountMinor,
    reason: printableText(200)
      .trim()
      .min(1)
      .describe('Why the customer is refunded (kept in the journal, the CSV and the slip; no control characters)'),
  })
  .strict();
export type CreateRefund = z.infer<typeof createRefundSchema>;

export const paymentSchema = z
  .object({
    referenceId: z.string().describe("The till's reference of the payment (on the customer's receipt)"),
    status: z
      .enum(DISPLAY_STATUSES)
      .describe(
        "The till's display status. Final: paid, failed, expired, cancelled, refunded, not-sent (not-sent: proven never to have reached the provider, nothing charged). sending/checking: the outcome is being found out; keep asking.",
      ),
    providerStatus: z.enum(ORDER_STATUSES).nullable().describe("The provider's order status, once known"),
    method: paymentMethodSchema,
    amount: moneySchema,
    qrPayload: z.string().nullable().describe('The text of the QR the customer scans (merchant-qr, while payable)'),
    expiresAt: isoTime
      .nullable()
      .describe(
        'merchant-qr: until when its QR can be paid. customer-qr: until when the till waits for the code to be scanned; then the sale ends expired',
      ),
    providerOrderId: z.string().nullable(),
    paymentType: z.enum(['PAY', 'PAYLATER']).nullable(),
    refunded: moneySchema,
    refundable: moneySchema,
    orderReference: z.string().nullable(),
    note: z.string().nullable(),
    failureReason: z.string().nullable().describe("Why it failed: the provider's code, or the till's English sentence"),
    canCancel: z.boolean().describe('A cancel may be asked for now'),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .strict();
export type RegisterPayment = z.infer<typeof paymentSchema>;

export const refundSchema = z
  .object({
    refundId: z.string(),
    referenceId: z.string(),
    amount: moneySchema,
    state: z
      .enum(['sending', 'checking', 'succeeded', 'failed'])
      .describe('sending/checking: being confirmed with the provider (follow the payment); succeeded; failed'),
    failureReason: z.string().nullable(),
    payment: paymentSchema,
  })
  .strict();
export type RegisterRefund = z.infer<typeof refundSchema>;

export const problemSchema = z
  .object({
    type: z.string().describe('urn:wallet-pos:problem:<code>'),
    title: z.string().describe("The code's meaning, in English"),
    status: z.number().int(),
    detail: z.string().describe('What happened this time, in English'),
    code: z.string().describe("The till's error code (README: the problem types)"),
    field: z
      .string()
      .optional()
      .describe('The request field the problem is about, as a dotted path (lines, lines.0.amountMinor)'),
    referenceId: z
      .string()
      .optional()
      .describe(
        'The payment the problem is about. For ecr.busy: the sale that holds the till when it is this key’s own (a sale whose answer was lost, say); absent when another register’s or the cashier’s sale holds it: those are not this key’s to know of',
      ),
  })
  .strict()
  .meta({ description: 'RFC 9457 problem details.' });
export type Problem = z.infer<typeof problemSchema>;

export const IDEMPOTENCY_KEY_MAX = 128;
/**
 * 1–128 printable ASCII characters (no control characters: it is echoed in logs and stored), neither starting
 * nor ending with a space (HTTP drops those before the till sees the header).
 */
export const IDEMPOTENCY_KEY_PATTERN = `^[\\x21-\\x7E](?:[\\x20-\\x7E]{0,${IDEMPOTENCY_KEY_MAX - 2}}[\\x21-\\x7E])?$`;

/**
 * ?waitSeconds=N: hold the answer until the payment's status changes, at most N seconds. Decimal digits only:
 * a number parser would read '' as 0 and 0x3c as 60.
 */
export const waitSecondsSchema = z
  .string()
  .regex(/^(?:[0-5]?[0-9]|60)$/)
  .transform(Number);
