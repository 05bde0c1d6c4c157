import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from './listen.ts';
import { parseJsonOrUndefined } from './json-text.ts';
import { readRequestBody } from './request-body.ts';
import { refuseNonProviderRequest } from './webhook-guard.ts';

// The one webhook receiver behind both provider webhooks (in-store payment notifications, tokenized order
// outcomes): a POST of JSON to one path. Everything but the reading of the body is the same for both: the path
// is matched without its query, another method is answered 405 with Allow, a browser's request is refused
// unread (webhook-guard.ts), a body is at most 64 KiB and must be JSON. The delivery is answered at once and
// handed on only after the answer has gone out: the provider never waits on the till's journal. A port it
// cannot have rejects with listen.refused (listen.ts); the caller decides what that means.

export interface WebhookReceiver {
  /** The URL to give the provider (the registered public URL when a proxy forwards to us). */
  readonly url: string;
  close(): Promise<void>;
}

/** The answer to a delivery, and what to hand on when it is accepted. */
export interface WebhookVerdict<T> {
  readonly status: number;
  readonly body: unknown;
  readonly accepted?: T;
}

const MAX_BODY_BYTES = 64 * 1024;

export async function startWebhookReceiver<T>(options: {
  /** The path deliveries are posted to (its query, if any, is not part of the match). */
  readonly path: string;
  /** 0: any free port. */
  readonly port: number;
  readonly host: string;
  /** The URL as registered with the provider, if a proxy forwards to us; default this listener's own URL. */
  readonly publicUrl?: string | undefined;
  /** Judges a JSON body; `url` is this receiver's URL (what a signature covers). */
  readonly read: (request: IncomingMessage, body: unknown, url: string) => WebhookVerdict<T>;
  readonly onNotification: (notification: T) => void;
  /** Names the receiver in its log line. */
  readonly label: string;
  readonly log?: ((line: string) => void) | undefined;
}): Promise<WebhookReceiver> {
  let url = options.publicUrl ?? '';

  async function verdict(request: IncomingMessage): Promise<WebhookVerdict<T> & { allow?: string }> {
    if ((request.url ?? '').split('?')[0] !== options.path) return { status: 404, body: { message: 'Not found' } };
    if (request.method !== 'POST') return { status: 405, body: { message: 'Method not allowed' }, allow: 'POST' };
    const refusal = refuseNonProviderRequest(request);
    if (refusal) return refusal;
    const raw = await readRequestBody(request, MAX_BODY_BYTES);
    if (raw === null) return { status: 413, body: { message: 'Body too large' } };
    const parsed = parseJsonOrUndefined(raw);
    if (parsed === undefined) return { status: 400, body: { message: 'Body is not JSON' } };
    return options.read(request, parsed, url);
  }

  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    verdict(request).then(
      ({ status, body, accepted, allow }) => {
        response.writeHead(status, { 'Content-Type': 'application/json', ...(allow ? { Allow: allow } : {}) });
        response.end(JSON.stringify(body));
        // Duplicates are harmless to the services; each is only a hint to look the order up.
        if (accepted !== undefined) setImmediate(() => options.onNotification(accepted));
      },
      // The sender hung up mid-body: nobody to answer. Left unhandled, this rejection would take the whole
      // core down (Node ends the process on an unhandled rejection), so any client could stop the till.
      () => response.destroy(),
    );
  };

  const listening = await listen({ port: options.port, host: options.host, handler, log: options.log });
  // The provider (or the demo one) posts on this computer unless a proxy's public URL is given.
  if (!url) url = `http://127.0.0.1:${listening.port}${options.path}`;
  options.log?.(`${options.label} listening at ${url}`);
  return { url, close: () => listening.close() };
}
