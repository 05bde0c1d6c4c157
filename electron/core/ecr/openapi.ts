import { z } from 'zod';
import {
  API_BASE_PATH,
  cancelPaymentSchema,
  createPaymentSchema,
  createRefundSchema,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_PATTERN,
  moneySchema,
  paymentMethodSchema,
  paymentSchema,
  problemSchema,
  REFERENCE_IN_PATH,
  refundSchema,
} from './api-schemas.ts';
import { REQUEST_RETENTION_MS } from '../payments/journal/index.ts';
import { LONG_POLLS_PER_KEY, STREAMS_PER_KEY } from './held-requests.ts';
import { IDEMPOTENCY_LIFETIME_MS } from './idempotency.ts';

// GET /ecr/v1/openapi.json: an OpenAPI 3.1 document of exactly this API, generated from the zod schemas the
// server validates with (api-schemas.ts) — JSON Schema 2020-12, which OpenAPI 3.1 speaks natively. Paths are
// written here once; every body in them is a reference to a generated schema.

const COMPONENTS: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['Money', moneySchema],
  ['PaymentMethod', paymentMethodSchema],
  ['CreatePayment', createPaymentSchema],
  ['CancelPayment', cancelPaymentSchema],
  ['CreateRefund', createRefundSchema],
  ['Payment', paymentSchema],
  ['Refund', refundSchema],
  ['Problem', problemSchema],
];

function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of COMPONENTS) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: 'input' });
  // Each component is a schema inside the document, not a document of its own: no $schema, no $id of its own.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
      return [id, rest];
    }),
  );
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string) => ({ 'application/json': { schema: ref(id) } });
const header = (description: string) => ({ description, schema: { type: 'string' } });
const problem = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: ref('Problem') } },
});
const COMMON_PROBLEMS = {
  '401': problem('No key, a wrong key or a revoked key (ecr.unauthorized)', {
    'WWW-Authenticate': header('Bearer realm="register connection"'),
  }),
  '403': problem('A request from a browser, or to another address than the till (ecr.forbidden)'),
  '405': problem('This address does not take this method (ecr.method-not-allowed)', {
    Allow: header('The one method this address takes'),
  }),
  '408': problem(
    'The request did not arrive whole within 10 seconds (headers and body); the connection is closed (ecr.request-timeout)',
  ),
  '500': problem('Something went wrong inside the till (internal)'),
  '503': problem(
    'The journal or the provider cannot take it now (journal.lost, provider.unavailable…): try again later. Or the till cannot read its register keys (ecr.keys-unreadable): every request is refused until an admin creates keys again',
  ),
};
const HELD_PROBLEMS = {
  '429': problem(
    `This key already holds as many as it may (${STREAMS_PER_KEY} event streams, ${LONG_POLLS_PER_KEY} long polls) (ecr.too-many-connections)`,
  ),
};
const POST_PROBLEMS = {
  '400': problem(
    'Missing Idempotency-Key, or a body that does not fit the schema (ecr.idempotency-key-missing, ecr.invalid-request)',
  ),
  '409': problem(
    'The same Idempotency-Key with another request (ecr.idempotency-conflict), or what the payment allows now',
  ),
  '413': problem('The body is too large (ecr.request-too-large)'),
  '415': problem('The body is not JSON (ecr.unsupported-media-type)'),
};
const LIFETIME_HOURS = IDEMPOTENCY_LIFETIME_MS / 3_600_000;
const RETENTION_DAYS = REQUEST_RETENTION_MS / 86_400_000;
const EXPIRED_KEY = `an Idempotency-Key first used more than ${LIFETIME_HOURS} hours ago (ecr.idempotency-key-expired)`;
const NOT_THIS_KEYS =
  'No payment this key started has this reference (payment.not-found): another key’s payment is answered the same';
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description: `Printable ASCII of 1–128 characters (spaces inside only), new for each request, never re-used (include the day in it if your order numbers start again). For ${LIFETIME_HOURS} hours after its request, the same key with the same body answers what the first request made (its current state, with Idempotent-Replayed: true and Idempotent-Recorded-At); with another body: 409. After ${LIFETIME_HOURS} hours the key is refused, 422 ecr.idempotency-key-expired, until the till forgets it (${RETENTION_DAYS} days after its request).`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: IDEMPOTENCY_KEY_PATTERN },
};
/** A POST's success: the first answer, or its replay. */
const made = (description: string, schema: string) => ({
  description,
  headers: {
    'Idempotent-Replayed': {
      description:
        'Present (true) when this answers a request already recorded under this Idempotency-Key: what it made, as it stands now',
      schema: { type: 'string', enum: ['true'] },
    },
    'Idempotent-Recorded-At': {
      description:
        'With Idempotent-Replayed: when the request this answers was first made and recorded (RFC 3339, UTC). An answer older than the register expects is not about this sale.',
      schema: { type: 'string', format: 'date-time' },
    },
  },
  content: json(schema),
});
const referenceIdParameter = {
  name: 'referenceId',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: `^${REFERENCE_IN_PATH}$` },
};

/** POST /payments: a sale started on the till. */
function createPaymentOperation(): Record<string, unknown> {
  return {
    post: {
      operationId: 'createPayment',
      summary: 'Start a sale on the till',
      description:
        'merchant-qr: the payment is created at once and the till shows its QR. customer-qr: the till asks the cashier to scan the customer’s code; the payment has status waiting until then. Refused with 409 ecr.busy while the till is busy with another sale: another register’s still open, or the cashier’s own under way (an amount on the Sale screen, the Scan screen, the cashier’s payment or its result on screen, a charge being sent). The problem names the sale (referenceId) only when it is this key’s own. Refused with 409 auth.sign-in-required while the till asks who is at the till (Settings → Staff) and nobody is signed in: send it again once a cashier is.',
      parameters: [idempotencyKey],
      requestBody: { required: true, content: json('CreatePayment') },
      responses: {
        '201': made('The sale, as it stands', 'Payment'),
        '422': problem(`An amount or currency this till does not take, or ${EXPIRED_KEY}`),
        ...POST_PROBLEMS,
        ...COMMON_PROBLEMS,
      },
    },
  };
}

/** GET /payments/{referenceId}: read it, or wait for its next change. */
function getPaymentOperation(): Record<string, unknown> {
  return {
    get: {
      operationId: 'getPayment',
      summary: 'A payment this connection started, as it stands',
      parameters: [
        referenceIdParameter,
        {
          name: 'waitSeconds',
          in: 'query',
          required: false,
          description: 'Long poll: answer when the status changes, or after this many seconds: decimal digits, 0–60',
          schema: { type: 'integer', minimum: 0, maximum: 60 },
        },
      ],
      responses: {
        '200': { description: 'The payment', content: json('Payment') },
        '400': problem('waitSeconds is not a decimal whole number from 0 to 60 (ecr.invalid-request)'),
        '404': problem(NOT_THIS_KEYS),
        ...HELD_PROBLEMS,
        ...COMMON_PROBLEMS,
      },
    },
  };
}

/** POST /payments/{referenceId}/cancel. */
function cancelPaymentOperation(): Record<string, unknown> {
  return {
    post: {
      operationId: 'cancelPayment',
      summary: 'Cancel it (while the customer has not confirmed)',
      parameters: [referenceIdParameter, idempotencyKey],
      requestBody: { required: false, content: json('CancelPayment') },
      responses: {
        '200': made(
          'The payment after the cancel, as it turned out (also when the provider refused the cancel: it was recorded and sent; canCancel says whether to try again)',
          'Payment',
        ),
        '404': problem(NOT_THIS_KEYS),
        '422': problem(
          `Refused before anything was recorded: a payment of another terminal (terminal.denied), credentials the provider refuses (auth.*), ${EXPIRED_KEY}`,
        ),
        ...POST_PROBLEMS,
        ...COMMON_PROBLEMS,
      },
    },
  };
}

/** POST /payments/{referenceId}/refunds. */
function refundPaymentOperation(): Record<string, unknown> {
  return {
    post: {
      operationId: 'refundPayment',
      summary: 'Refund part or all of a paid payment',
      description: 'Only when Settings → Register connection allows refunds (else 403 ecr.refunds-disabled).',
      parameters: [referenceIdParameter, idempotencyKey],
      requestBody: { required: true, content: json('CreateRefund') },
      responses: {
        '201': made('The refund, as it stands, with its payment', 'Refund'),
        '404': problem(NOT_THIS_KEYS),
        '422': problem(`Refused before anything was recorded, for a reason waiting does not fix; or ${EXPIRED_KEY}`),
        ...POST_PROBLEMS,
        ...COMMON_PROBLEMS,
      },
    },
  };
}

/** GET /events: the Server-Sent Events stream. */
function eventsOperation(): Record<string, unknown> {
  return {
    get: {
      operationId: 'events',
      summary: 'Server-Sent Events: payment.updated for each change of a payment this key started',
      description:
        'Each event is `event: payment.updated` with a Payment as its data; comment lines keep the stream alive. Closed when the key is revoked.',
      responses: {
        '200': {
          description: 'An event stream',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
        ...HELD_PROBLEMS,
        ...COMMON_PROBLEMS,
      },
    },
  };
}

/** GET /openapi.json: this document. */
function openApiOperation(): Record<string, unknown> {
  return {
    get: {
      operationId: 'openApi',
      summary: 'This document',
      responses: {
        '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } },
        ...COMMON_PROBLEMS,
      },
    },
  };
}

export function openApiDocument(version: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wallet POS register connection',
      version,
      description:
        "The shop's register program starts wallet payments on the till, follows them to their end, cancels and refunds them. Every request carries Authorization: Bearer <key> (Settings → Register connection). Errors are RFC 9457 problem details.",
    },
    servers: [{ url: API_BASE_PATH }],
    security: [{ registerKey: [] }],
    paths: {
      '/payments': createPaymentOperation(),
      '/payments/{referenceId}': getPaymentOperation(),
      '/payments/{referenceId}/cancel': cancelPaymentOperation(),
      '/payments/{referenceId}/refunds': refundPaymentOperation(),
      '/events': eventsOperation(),
      '/openapi.json': openApiOperation(),
    },
    components: {
      securitySchemes: {
        registerKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A register key (Settings → Register connection → Create key), shown once when created',
        },
      },
      schemas: componentSchemas(),
    },
  };
}
