import type { IncomingMessage } from 'node:http';

// What every webhook receiver refuses before reading a byte of the body. A provider posts server to server:
// it sends no Origin, and its body is JSON. A web page in any browser on the till (or the shop's network) can
// post to a loopback or LAN address, but the browser always adds Origin to a POST, and without a CORS
// preflight (which these receivers never answer) it can only send "simple" content types (text/plain, form
// data). So a request with an Origin, or with anything but JSON, is a browser's or a stranger's, never the
// provider's: refused with a status that says why. (Sec-Fetch-* is not used as a sign: Node's own fetch,
// a server-side client like the provider's may be, sends Sec-Fetch-Mode too.)

export interface WebhookRefusal {
  readonly status: 403 | 415;
  readonly body: { readonly message: string };
}

/** The refusal for a request no provider would send, or null when it may be read. */
export function refuseNonProviderRequest(request: IncomingMessage): WebhookRefusal | null {
  const headers = request.headers;
  if (headers.origin !== undefined) {
    return { status: 403, body: { message: 'Requests sent by a browser are refused' } };
  }
  if (!isJsonContentType(headers['content-type'])) {
    return { status: 415, body: { message: 'Content-Type must be application/json' } };
  }
  return null;
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any letter case. */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  return value.split(';')[0]!.trim().toLowerCase() === 'application/json';
}
