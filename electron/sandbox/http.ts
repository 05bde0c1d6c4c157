import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJsonOrUndefined } from '../core/http/json-text.ts';

// The small HTTP vocabulary the sandbox's routers share: one request as read, one reply to write, an error
// that becomes the provider's `{statusCode, message, traceId}` body, and a path-pattern matcher.

export const MAX_BODY_BYTES = 1024 * 1024;

/** Texts for refusals that belong to no API in particular (ours). */
export const GENERIC_MESSAGES = {
  serviceUnavailable: 'Service temporarily unavailable. Please retry the request.',
  bodyTooLarge: `Request body too large (limit ${MAX_BODY_BYTES} bytes).`,
  routeNotFound: 'Route not found.',
  methodNotAllowed: 'Method not allowed.',
  loopbackOnly: 'The sandbox control API only answers requests from this computer.',
  controlFromPage: 'The sandbox control API does not answer web pages (the request carried Origin).',
  controlForeignHost: "The sandbox control API only answers requests addressed to this computer at the sandbox's port.",
} as const;

export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  /** Path and query exactly as the client sent them (what an SB1 signature covers after the origin). */
  readonly rawUrl: string;
  readonly pathname: string;
  readonly query: URLSearchParams;
  readonly rawBody: string;
}

export interface Reply {
  readonly status: number;
  /** JSON-serialised unless `contentType` says otherwise (then it must be a string). */
  readonly body: unknown;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A refusal with the provider's error shape; `traceId` is filled in when it is written. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export function errorReply(status: number, message: string, traceId: string): Reply {
  return { status, body: { statusCode: status, message, traceId } };
}

export function jsonReply(body: unknown, status = 200): Reply {
  return { status, body };
}

export function writeReply(res: ServerResponse, reply: Reply, dateHeader: string): void {
  if (res.destroyed || res.headersSent) return;
  const text = reply.contentType ? String(reply.body) : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    // Set explicitly so the header carries the sandbox clock (and its skew fault), not the host's.
    Date: dateHeader,
    'Content-Type': reply.contentType ?? 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...reply.headers,
  });
  res.end(text);
}

/**
 * Parses a JSON object body. Empty → {}. Anything that is not a JSON object is a 400: the provider's
 * digest is defined over an object, so there is nothing else a client could have meant.
 */
export function parseJsonObject(raw: string): Record<string, unknown> {
  if (raw.trim() === '') return {};
  const parsed = parseJsonOrUndefined(raw);
  if (parsed === undefined || parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(400, 'Malformed request body. The body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

/** Matches `/v1/instore/order/:referenceId/refund` against a path; returns decoded params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const actual = have[i]!;
    if (segment.startsWith(':')) {
      if (actual === '') return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

export interface Route<Handler> {
  readonly method: string;
  readonly pattern: string;
  readonly handler: Handler;
}

/** First route whose method and pattern match; `allowed` lists methods when only the path matched. */
export function findRoute<Handler>(
  routes: readonly Route<Handler>[],
  method: string,
  path: string,
): { route: Route<Handler>; params: Record<string, string> } | { route: null; allowed: string[] } {
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.pattern, path);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return { route: null, allowed };
}
