import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { z } from 'zod';
import { PosError } from '../../../shared/errors.ts';
import { saleLinesProblem } from '../../../shared/sale-lines.ts';
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
  /** A request on this connection presented a valid key (connection-gate.ts counts it as a register's). */
  readonly authenticated?: (socket: Socket) => void;
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

/** What every route shares: the deps, the clock, the POSTs under way and the held streams and long polls. */
interface ApiContext {
  readonly deps: RegisterApiDeps;
  readonly payments: RegisterPayments;
  readonly now: () => number;
  readonly inFlight: InFlightRequests;
  readonly held: HeldRequests;
}

/** A POST's operation: the body fits its schema; what it made, with the status of its first answer. */
type RunOperation = (body: never, record: NewRegisterRequest) => Promise<{ status: number; body: unknown }>;

export function createRegisterApi(deps: RegisterApiDeps): RegisterApi {
  const context: ApiContext = {
    deps,
    payments: deps.payments,
    now: deps.now ?? Date.now,
    inFlight: new InFlightRequests(),
    held: new HeldRequests(),
  };
  const { held } = context;

  return {
    async handle(request, response, listener) {
      let caller: RegisterCaller | null = null;
      try {
        checkCaller(request.headers, listener);
        const path = pathUnderApi(request);
        caller = authenticatedCaller(request, deps.keys);
        listener.authenticated?.(request.socket);
        await route(context, request, response, path, caller);
      } catch (error) {
        sendProblem(response, caller === null ? error : ownBusy(error, caller.keyId, deps.payments));
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

/** The path below /ecr/v1; anything else is not the register connection's. */
function pathUnderApi(request: IncomingMessage): string {
  const url = new URL(request.url ?? '/', 'http://register.invalid');
  if (!url.pathname.startsWith(`${API_BASE_PATH}/`))
    throw new PosError('ecr.not-found', { message: `The register connection lives under ${API_BASE_PATH}/.` });
  return url.pathname.slice(API_BASE_PATH.length);
}

/** The register key the request presents, still valid; refused while the till cannot read its keys. */
function authenticatedCaller(request: IncomingMessage, keys: KeyStore): RegisterCaller {
  if (keys.unreadable()) {
    throw new PosError('ecr.keys-unreadable', {
      message: 'The till cannot read its register keys: no key is accepted until an admin makes keys again.',
    });
  }
  const presented = presentedKey(request.headers);
  const caller = presented === null ? null : keys.authenticate(presented);
  if (caller === null) {
    throw new PosError('ecr.unauthorized', {
      message: presented === null ? 'No Authorization: Bearer <key> header.' : 'This key is not (or no longer) valid.',
    });
  }
  return caller;
}

/** The route at this path, if the request uses the one method it takes (405 with Allow otherwise). */
function matchRoute(request: IncomingMessage, response: ServerResponse, path: string): Route {
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
  return found.route;
}

async function route(
  context: ApiContext,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  caller: RegisterCaller,
): Promise<void> {
  const { deps, payments } = context;
  const { keyId } = caller;
  const target = matchRoute(request, response, path);
  const fullPath = `${API_BASE_PATH}${path}`;
  const post = { context, request, response, keyId, path: fullPath };
  switch (target.kind) {
    case 'openapi':
      return sendJson(response, 200, openApiDocument(deps.version));
    case 'events':
      return openEvents(context, response, keyId);
    case 'payment':
      return answerPayment(context, request, response, target.referenceId, keyId);
    case 'payments':
      return idempotent(post, 'create', createPaymentSchema, async (body, record) => {
        const input = body as z.infer<typeof createPaymentSchema>;
        refuseLinesNotAddingUp(input);
        const sale = await payments.startSale({ ...input, ...caller }, record);
        return { status: 201, body: registerPaymentOf(sale) };
      });
    case 'cancel':
      return idempotent(post, 'cancel', cancelPaymentSchema, async (_body, record) => {
        const sale = await payments.cancel(target.referenceId, record);
        return { status: 200, body: registerPaymentOf(sale) };
      });
    case 'refunds':
      return idempotent(post, 'refund', createRefundSchema, async (body, record) => {
        // Checked before every new refund (a replay only answers what was already recorded).
        if (!deps.refundsAllowed()) throw new PosError('ecr.refunds-disabled');
        const input = body as z.infer<typeof createRefundSchema>;
        const result = await payments.refund(target.referenceId, { ...input, keyId }, record);
        return { status: 201, body: registerRefundOf(result.refund, result.sale) };
      });
  }
}

/** GET /events: a Server-Sent Events stream of this key's payments, within the key's share of streams. */
function openEvents({ deps, payments, held }: ApiContext, response: ServerResponse, keyId: string): void {
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
}

/** GET /payments/{referenceId}: the payment now, or (waitSeconds) at its next change, as a long poll. */
async function answerPayment(
  context: ApiContext,
  request: IncomingMessage,
  response: ServerResponse,
  referenceId: string,
  keyId: string,
): Promise<void> {
  const { deps, held } = context;
  const seconds = waitSecondsOf(request);
  const initial = paymentNow(context, referenceId, keyId);
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
      referenceId,
      initial,
      waitMs: seconds * 1000,
      read: () => paymentNow(context, referenceId, keyId),
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
}

/** ?waitSeconds: how long a long poll may wait, 0 (answer at once) when absent. */
function waitSecondsOf(request: IncomingMessage): number {
  const url = new URL(request.url ?? '/', 'http://register.invalid');
  const waitText = url.searchParams.get('waitSeconds');
  const wait = waitText === null ? 0 : waitSecondsSchema.safeParse(waitText);
  if (typeof wait !== 'number' && !wait.success)
    throw new PosError('ecr.invalid-request', { message: 'waitSeconds must be a whole number from 0 to 60.' });
  return typeof wait === 'number' ? wait : wait.data;
}

/** A payment this key started, as it stands now; another key's is answered as if it did not exist. */
function paymentNow({ payments }: ApiContext, referenceId: string, keyId: string): RegisterPayment {
  const sale = payments.sale(referenceId);
  if (!sale || sale.keyId !== keyId) throw new PosError('payment.not-found', { details: { referenceId } });
  return registerPaymentOf(sale);
}

/** What a recorded request made, as it stands now, with the status its first answer had. */
function answerOf(context: ApiContext, row: RegisterRequestRow): { status: number; body: unknown } {
  const { payments } = context;
  if (row.operation === 'refund') {
    const refund = payments.refundOf(row.refundId!);
    const sale = payments.sale(row.referenceId);
    if (!refund || !sale) throw new PosError('internal', { cause: new Error(`refund ${row.refundId} is gone`) });
    return { status: 201, body: registerRefundOf(refund, sale) };
  }
  return { status: row.operation === 'create' ? 201 : 200, body: paymentNow(context, row.referenceId, row.keyId) };
}

/**
 * Runs a POST once per Idempotency-Key: a key already recorded answers what it made (409 for another
 * request); else the operation runs, and whatever it throws after its request was recorded (the provider
 * refused the payment it made…) still answers what it made: the register reads the outcome in it.
 */
async function idempotent(
  {
    context,
    request,
    response,
    keyId,
    path,
  }: { context: ApiContext; request: IncomingMessage; response: ServerResponse; keyId: string; path: string },
  operation: RegisterOperation,
  schema: z.ZodType,
  run: RunOperation,
): Promise<void> {
  const { payments, now, inFlight } = context;
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
    return { ...answerOf(context, row), recordedAt: row.createdAt };
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

/** A receipt whose lines do not make its total is no receipt: 422, naming the field. */
function refuseLinesNotAddingUp(input: z.infer<typeof createPaymentSchema>): void {
  const problem = input.lines ? saleLinesProblem(input.lines, input.amountMinor) : null;
  if (problem)
    throw new PosError('amount.invalid', { message: `${problem.message}.`, details: { field: problem.field } });
}

function invalidBody(error: z.ZodError): PosError {
  const issues = error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  return new PosError('ecr.invalid-request', { message: `The body does not fit: ${issues.join('; ')}.` });
}
