import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { PosError } from '../../../shared/errors.ts';
import type { CoreEventListener } from '../core-api.ts';
import type { NewRegisterRequest, RegisterOperation, RegisterRequestRow } from '../payments/journal/index.ts';
import type { RegisterPayments } from '../payments/register-sales.ts';
import {
  API_BASE_PATH,
  cancelPaymentSchema,
  createPaymentSchema,
  createRefundSchema,
  REFERENCE_IN_PATH,
  waitSecondsSchema,
  type RegisterPayment,
} from './api-schemas.ts';
import { openEventStream, type EventStream } from './event-stream.ts';
import { HeldRequests, LONG_POLLS_PER_KEY, STREAMS_PER_KEY, type Held } from './held-requests.ts';
import { readJsonBody, sendJson, sendProblem } from './http-io.ts';
import { idempotencyKeyOf, InFlightRequests, refuseExpired, requestHash } from './idempotency.ts';
import type { KeyStore, RegisterCaller } from './key-store.ts';
import { waitForStatusChange } from './long-poll.ts';
import { openApiDocument } from './openapi.ts';
import { registerPaymentOf, registerRefundOf } from './register-payment.ts';
import { checkCaller, presentedKey } from './request-guards.ts';

// The register's API (README "Connect your register"; the OpenAPI document says the same). Every request:
// the caller check (request-guards.ts), the key, then its route. Every POST: its Idempotency-Key and a body
// that fits its schema, then the operation through the payment service, whose journal records the request in
// the same commit as what it made. A problem answer means nothing was recorded: the register may send the
// same request again. A 2xx means it was: for 24 hours the same key and body then answer what it made, as it
// stands now, saying when it was first asked (idempotency.ts). Whose a payment is: the key's id, never its name.
// A problem names a payment only the caller's key may know of.

export interface RegisterApiDeps {
  readonly payments: RegisterPayments;
  readonly keys: KeyStore;
  readonly refundsAllowed: () => boolean;
  readonly subscribe: (listener: CoreEventListener) => () => void;
  readonly version: string;
  readonly heartbeatMs: number;
  readonly now?: () => number;
}

export interface Listener {
  readonly port: number;
  /** On this computer only: the Host must name the till's loopback address. */
  readonly loopbackOnly: boolean;
}

export interface RegisterApi {
  handle(request: IncomingMessage, response: ServerResponse, listener: Listener): Promise<void>;
  /** Ends every event stream and long poll of a key, by its id (it was revoked). */
  revoked(keyId: string): void;
  /** Ends every event stream and long poll (the listener is going away). */
  close(): void;
}

type Route =
  | { readonly kind: 'openapi' }
  | { readonly kind: 'events' }
  | { readonly kind: 'payments' }
  | { readonly kind: 'payment'; readonly referenceId: string }
  | { readonly kind: 'cancel'; readonly referenceId: string }
  | { readonly kind: 'refunds'; readonly referenceId: string };

const REFERENCE = `(${REFERENCE_IN_PATH})`;
const ROUTES: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => Route, string]> = [
  [/^\/openapi\.json$/, () => ({ kind: 'openapi' }), 'GET'],
  [/^\/events$/, () => ({ kind: 'events' }), 'GET'],
  [/^\/payments$/, () => ({ kind: 'payments' }), 'POST'],
  [new RegExp(`^/payments/${REFERENCE}$`), (m) => ({ kind: 'payment', referenceId: m[1]! }), 'GET'],
  [new RegExp(`^/payments/${REFERENCE}/cancel$`), (m) => ({ kind: 'cancel', referenceId: m[1]! }), 'POST'],
  [new RegExp(`^/payments/${REFERENCE}/refunds$`), (m) => ({ kind: 'refunds', referenceId: m[1]! }), 'POST'],
];

/** A replay says so, and when its request was first made (RFC 3339, UTC): the register can tell an old answer. */
const replayed = (recordedAt: number) => ({
  'Idempotent-Replayed': 'true',
  'Idempotent-Recorded-At': new Date(recordedAt).toISOString(),
});

export function createRegisterApi(deps: RegisterApiDeps): RegisterApi {
  const { payments } = deps;
  const now = deps.now ?? Date.now;
  const inFlight = new InFlightRequests();
  const held = new HeldRequests();

  /** A payment this key started, as it stands now; another key's is answered as if it did not exist. */
  const paymentNow = (referenceId: string, keyId: string): RegisterPayment => {
    const sale = payments.sale(referenceId);
    if (!sale || sale.keyId !== keyId) throw new PosError('payment.not-found', { details: { referenceId } });
    return registerPaymentOf(sale);
  };

  /** What a recorded request made, as it stands now, with the status its first answer had. */
  const answerOf = (row: RegisterRequestRow): { status: number; body: unknown } => {
    if (row.operation === 'refund') {
      const refund = payments.refundOf(row.refundId!);
      const sale = payments.sale(row.referenceId);
      if (!refund || !sale) throw new PosError('internal', { cause: new Error(`refund ${row.refundId} is gone`) });
      return { status: 201, body: registerRefundOf(refund, sale) };
    }
    return { status: row.operation === 'create' ? 201 : 200, body: paymentNow(row.referenceId, row.keyId) };
  };

  /**
   * Runs a POST once per Idempotency-Key: a key already recorded answers what it made (409 for another
   * request); else the operation runs, and whatever it throws after its request was recorded (the provider
   * refused the payment it made…) still answers what it made: the register reads the outcome in it.
   */
  async function idempotent(
    request: IncomingMessage,
    response: ServerResponse,
    keyId: string,
    operation: RegisterOperation,
    path: string,
    schema: z.ZodType,
    run: (body: never, record: NewRegisterRequest) => Promise<{ status: number; body: unknown }>,
  ): Promise<void> {
    const idempotencyKey = idempotencyKeyOf(request.headers);
    const raw = await readJsonBody(request);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw invalidBody(parsed.error);
    const record: NewRegisterRequest = {
      keyId,
      idempotencyKey,
      requestHash: requestHash('POST', path, parsed.data),
      operation,
    };
    const recorded = (): { status: number; body: unknown; recordedAt: number } | null => {
      const row = payments.requestOf(keyId, idempotencyKey);
      if (!row) return null;
      refuseExpired(row.createdAt, now(), idempotencyKey);
      if (row.requestHash !== record.requestHash) {
        throw new PosError('ecr.idempotency-conflict', {
          message: `Idempotency-Key "${idempotencyKey}" was used for another request (${row.operation} of ${row.referenceId}).`,
        });
      }
      return { ...answerOf(row), recordedAt: row.createdAt };
    };
    const answer = await inFlight.exclusive(keyId, idempotencyKey, async () => {
      const replay = recorded();
      if (replay) return { ...replay, replayed: true };
      try {
        return { ...(await run(parsed.data as never, record)), replayed: false };
      } catch (error) {
        const made = recorded();
        if (made) return { ...made, replayed: false };
        throw error;
      }
    });
    sendJson(
      response,
      answer.status,
      answer.body,
      'recordedAt' in answer && answer.replayed ? replayed(answer.recordedAt) : {},
    );
  }

  async function route(request: IncomingMessage, response: ServerResponse, path: string, caller: RegisterCaller) {
    const { keyId } = caller;
    const found = ROUTES.map(([pattern, make, method]) => {
      const match = pattern.exec(path);
      return match ? { route: make(match), method } : null;
    }).find((entry) => entry !== null);
    if (!found) throw new PosError('ecr.not-found', { message: `Nothing at ${API_BASE_PATH}${path}.` });
    if (request.method !== found.method) {
      response.setHeader('Allow', found.method);
      throw new PosError('ecr.method-not-allowed', {
        message: `${request.method ?? '?'} ${path}: use ${found.method}.`,
      });
    }
    const target = found.route;
    const fullPath = `${API_BASE_PATH}${path}`;
    switch (target.kind) {
      case 'openapi':
        return sendJson(response, 200, openApiDocument(deps.version));
      case 'events': {
        let stream: EventStream | null = null;
        // held-requests.ts counts by its `keyName`: the key's id here, so a revoke ends exactly that key's.
        const hold: Held = { keyName: keyId, kind: 'stream', end: () => stream?.close() };
        if (!held.tryHold(hold)) {
          throw new PosError('ecr.too-many-connections', {
            message: `This key already holds ${STREAMS_PER_KEY} event streams: close one before opening another.`,
          });
        }
        stream = openEventStream({
          keyId,
          response,
          subscribe: deps.subscribe,
          read: (referenceId) => {
            const sale = payments.sale(referenceId);
            return sale ? registerPaymentOf(sale) : null;
          },
          heartbeatMs: deps.heartbeatMs,
          onClose: () => held.release(hold),
        });
        return;
      }
      case 'payment': {
        const url = new URL(request.url ?? '/', 'http://register.invalid');
        const waitText = url.searchParams.get('waitSeconds');
        const wait = waitText === null ? 0 : waitSecondsSchema.safeParse(waitText);
        if (typeof wait !== 'number' && !wait.success)
          throw new PosError('ecr.invalid-request', { message: 'waitSeconds must be a whole number from 0 to 60.' });
        const seconds = typeof wait === 'number' ? wait : wait.data;
        const initial = paymentNow(target.referenceId, keyId);
        if (seconds === 0) return sendJson(response, 200, initial);
        const ended = new AbortController();
        const hold: Held = { keyName: keyId, kind: 'long-poll', end: (reason) => ended.abort(reason) };
        if (!held.tryHold(hold)) {
          throw new PosError('ecr.too-many-connections', {
            message: `This key already holds ${LONG_POLLS_PER_KEY} long polls: wait for one to answer.`,
          });
        }
        let payment: RegisterPayment;
        try {
          payment = await waitForStatusChange({
            referenceId: target.referenceId,
            initial,
            waitMs: seconds * 1000,
            read: () => paymentNow(target.referenceId, keyId),
            subscribe: deps.subscribe,
            ended: ended.signal,
            response,
          });
        } finally {
          held.release(hold);
        }
        // A key revoked while it waited hears nothing more about the payment.
        if (ended.signal.reason === 'revoked')
          throw new PosError('ecr.unauthorized', { message: 'This key was revoked while it waited.' });
        if (!response.destroyed) sendJson(response, 200, payment);
        return;
      }
      case 'payments':
        return idempotent(request, response, keyId, 'create', fullPath, createPaymentSchema, async (body, record) => {
          const input = body as z.infer<typeof createPaymentSchema>;
          const sale = await payments.startSale({ ...input, ...caller }, record);
          return { status: 201, body: registerPaymentOf(sale) };
        });
      case 'cancel':
        return idempotent(request, response, keyId, 'cancel', fullPath, cancelPaymentSchema, async (_body, record) => {
          const sale = await payments.cancel(target.referenceId, record);
          return { status: 200, body: registerPaymentOf(sale) };
        });
      case 'refunds':
        return idempotent(request, response, keyId, 'refund', fullPath, createRefundSchema, async (body, record) => {
          // Checked before every new refund (a replay only answers what was already recorded).
          if (!deps.refundsAllowed()) throw new PosError('ecr.refunds-disabled');
          const input = body as z.infer<typeof createRefundSchema>;
          const result = await payments.refund(target.referenceId, { ...input, keyId }, record);
          return { status: 201, body: registerRefundOf(result.refund, result.sale) };
        });
    }
  }

  return {
    async handle(request, response, listener) {
      let caller: RegisterCaller | null = null;
      try {
        checkCaller(request.headers, listener);
        const url = new URL(request.url ?? '/', 'http://register.invalid');
        if (!url.pathname.startsWith(`${API_BASE_PATH}/`))
          throw new PosError('ecr.not-found', { message: `The register connection lives under ${API_BASE_PATH}/.` });
        if (deps.keys.unreadable()) {
          throw new PosError('ecr.keys-unreadable', {
            message: 'The till cannot read its register keys: no key is accepted until an admin makes keys again.',
          });
        }
        const presented = presentedKey(request.headers);
        caller = presented === null ? null : deps.keys.authenticate(presented);
        if (caller === null) {
          throw new PosError('ecr.unauthorized', {
            message:
              presented === null ? 'No Authorization: Bearer <key> header.' : 'This key is not (or no longer) valid.',
          });
        }
        await route(request, response, url.pathname.slice(API_BASE_PATH.length), caller);
      } catch (error) {
        sendProblem(response, caller === null ? error : ownBusy(error, caller.keyId, payments));
      }
    },
    revoked(keyId) {
      held.endAllOf(keyId);
    },
    close() {
      held.endAll();
    },
  };
}

/**
 * ecr.busy names the sale holding the till only when it is the caller's own (a retry that lost its answer
 * finds it so): another register's or the cashier's reference is none of this key's business, and with it
 * the key could read nothing anyway.
 */
function ownBusy(error: unknown, keyId: string, payments: RegisterPayments): unknown {
  if (!(error instanceof PosError) || error.code !== 'ecr.busy') return error;
  const referenceId = error.details?.['referenceId'];
  if (typeof referenceId !== 'string' || payments.sale(referenceId)?.keyId === keyId) return error;
  return new PosError('ecr.busy', { cause: error });
}

function invalidBody(error: z.ZodError): PosError {
  const issues = error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  return new PosError('ecr.invalid-request', { message: `The body does not fit: ${issues.join('; ')}.` });
}
