import { createServer as createNetServer } from 'node:net';
import { randomUUID } from 'node:crypto';
import { DOCUMENT_HEADER_PREFIX, headerNames, type HeaderPrefix } from './headers.ts';
import { canonicalJson, sb1Authorization, sb1Signature, SIGNED_CONTENT_TYPE } from './instore/signature.ts';
import { DEMO_CREDENTIALS, startSandbox, type RunningSandbox, type SandboxOptions } from './server.ts';
import { sleep } from '../testing/helpers.ts';

// Test support for the sandbox's own tests (and anyone who wants a signed call without the real client):
// builds SB1-signed requests over real sockets, with knobs to break each part of the signature on purpose.
// Also the one `waitFor` and `freePort` every test, the test harness (electron/testing/) and the benches share
// (`sleep` is with the other small helpers in electron/testing/helpers.ts).

export interface Credentials {
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
}

export interface CallOptions {
  readonly credentials?: Credentials;
  /** Date header and signed date (default: now, ISO UTC). */
  readonly date?: string;
  /** Send this Authorization instead of the computed one; null omits the header. */
  readonly authorization?: string | null;
  /** Content-Type header (default application/json); null omits it. The signature always uses application/json. */
  readonly contentType?: string | null;
  readonly idempotencyKey?: string;
  /** Prefix of the idempotency header's name (default the documents' `X-Service-`). */
  readonly headerPrefix?: HeaderPrefix;
  /** Send the right signature base64-encoded instead of hex (a common client mistake). */
  readonly base64Signature?: boolean;
  /** Bytes to send instead of the canonical body (the signature still covers `signBody`/the canonical body). */
  readonly rawBody?: string;
  /** Sign this URL instead of the one called. */
  readonly signUrl?: string;
  /** Sign this canonical text instead of the body's canonical form. */
  readonly signCanonical?: string;
  readonly signal?: AbortSignal;
}

export interface CallResult {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

export const DEMO: Credentials = {
  accessKeyId: DEMO_CREDENTIALS.accessKeyId,
  accessKeySecret: DEMO_CREDENTIALS.accessKeySecret,
};

export async function signedCall(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<CallResult> {
  const credentials = options.credentials ?? DEMO;
  const url = baseUrl + path;
  const date = options.date ?? new Date().toISOString();
  const canonical = canonicalJson(body);
  const sig = sb1Signature(
    { method, url: options.signUrl ?? url, date, canonical: options.signCanonical ?? canonical },
    credentials.accessKeySecret,
  );
  const headers: Record<string, string> = { Date: date };
  const sent = options.base64Signature ? Buffer.from(sig, 'hex').toString('base64') : sig;
  const authorization =
    options.authorization === undefined ? sb1Authorization(credentials.accessKeyId, sent) : options.authorization;
  if (authorization !== null) headers.Authorization = authorization;
  const contentType = options.contentType === undefined ? SIGNED_CONTENT_TYPE : options.contentType;
  if (contentType !== null) headers['Content-Type'] = contentType;
  if (options.idempotencyKey)
    headers[headerNames(options.headerPrefix ?? DOCUMENT_HEADER_PREFIX).idempotency] = options.idempotencyKey;
  const payload = options.rawBody ?? (method === 'GET' ? undefined : canonical);
  const res = await fetch(url, { method, headers, body: payload, signal: options.signal });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

export async function controlCall(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<CallResult> {
  const res = await fetch(`${sandbox.origin}/_sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

/** A valid create body for the demo terminal; override any field. */
export function createBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    posId: DEMO_CREDENTIALS.posId,
    country: 'SG',
    currency: 'SGD',
    amount: 1234,
    referenceId: randomUUID().replaceAll('-', ''),
    qrType: 'payload',
    ...overrides,
  };
}

export async function createOrder(
  sandbox: RunningSandbox,
  overrides: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<{ referenceId: string; result: CallResult }> {
  const body = createBody(overrides);
  const result = await signedCall(sandbox.instoreBaseUrl, 'POST', '/v1/instore/order/create', body, options);
  return { referenceId: body.referenceId as string, result };
}

export async function orderStatus(
  sandbox: RunningSandbox,
  referenceId: string,
  options: CallOptions = {},
): Promise<CallResult> {
  return signedCall(sandbox.instoreBaseUrl, 'GET', `/v1/instore/order/${referenceId}`, undefined, options);
}

/** The sandbox's own record of an order (control API). */
export async function truth(sandbox: RunningSandbox, referenceId: string): Promise<Record<string, unknown>> {
  const result = await controlCall(sandbox, 'GET', `/orders/${referenceId}`);
  if (result.status !== 200) throw new Error(`no order ${referenceId}: ${JSON.stringify(result.body)}`);
  return result.body;
}

/** A port free on loopback just now (for a listener the test asks the app to open there). */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. `what` names what it
 * waited for in the failure; a function is asked only then, so it can say the last value it saw.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5_000,
  what: string | (() => string) = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(15);
  }
}

/** Starts a sandbox for one test file with fast timings; close it in afterAll/afterEach. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ confirmDelayMs: 40, seed: 1, ...options });
}
