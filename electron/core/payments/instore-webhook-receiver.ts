import { createServer, type IncomingMessage, type Server } from 'node:http';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../../shared/domain.ts';
import { parseJsonOrUndefined } from '../http/json-text.ts';
import { readRequestBody } from '../http/request-body.ts';
import { refuseNonProviderRequest } from '../http/webhook-guard.ts';
import { canonicalBody, parseAuthorization, signature } from '../instore/signer.ts';

// Receives the provider's payment notifications (wire-details §2.6). Polling stays the primary path (a till
// behind NAT rarely has a public URL); a verified notification only makes the watcher look now (it is never
// recorded as a status by itself). The body is believed only when its signature checks out with our secret
// against the URL we registered, it names our access key id, and its Date is fresh: a notification recorded
// once (a proxy log, a packet capture) cannot be replayed later. Browser-sent requests are refused unread.

export const instoreNotificationSchema = z.object({
  referenceId: z.string().min(1),
  status: z.enum(ORDER_STATUSES),
  shopbackOrderId: z.string().nullish(),
  orderAmount: z.number().int().nullish(),
  refundAmount: z.number().int().nullish(),
  currency: z.string().nullish(),
  posId: z.string().nullish(),
  paymentType: z.string().nullish(),
  failureReason: z.string().nullish(),
});
export type InstoreNotification = z.infer<typeof instoreNotificationSchema>;

/** Who the provider signs for: our access key id and its secret. */
export interface NotificationCredentials {
  readonly accessKeyId: string;
  readonly secret: string;
}

/**
 * How far a notification's Date may be from our clock. The provider itself refuses a request about a minute
 * off; the wider window here leaves room for a till whose clock drifted (its notifications are only hints,
 * and polling finds the same status) while a recording cannot be replayed for long.
 */
export const NOTIFICATION_FRESHNESS_MS = 5 * 60_000;

export interface InstoreWebhookReceiver {
  /** The URL to give the provider as webhookUrl (the registered public URL when behind a proxy). */
  readonly url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const PATH = '/webhooks/instore';

export async function startInstoreWebhookReceiver(options: {
  port?: number;
  /** The URL as registered with the provider, if a proxy forwards to us; it is what the signature covers. */
  publicUrl?: string;
  credentials: () => NotificationCredentials | null;
  onNotification: (notification: InstoreNotification) => void;
  log?: (line: string) => void;
  /** Our clock, for the freshness check; injectable for tests. */
  now?: () => number;
}): Promise<InstoreWebhookReceiver> {
  const now = options.now ?? Date.now;
  let url = options.publicUrl ?? '';
  const server: Server = createServer((request, response) => {
    handle(request).then(
      ({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      },
      // The sender hung up mid-body: nobody to answer. Left unhandled, this rejection would take the whole
      // core down (Node ends the process on an unhandled rejection), so any client could stop the till.
      () => response.destroy(),
    );
  });

  async function handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    if (request.method !== 'POST' || request.url !== PATH) return { status: 404, body: { message: 'Not found' } };
    const refusal = refuseNonProviderRequest(request);
    if (refusal) return refusal;
    const raw = await readRequestBody(request, MAX_BODY_BYTES);
    if (raw === null) return { status: 413, body: { message: 'Body too large' } };
    const parsed = parseJsonOrUndefined(raw);
    if (parsed === undefined) return { status: 400, body: { message: 'Body is not JSON' } };
    const check = checkSignature(request, parsed, url, options.credentials(), now());
    if (check !== 'valid') return { status: 401, body: { message: check } };
    const notification = instoreNotificationSchema.safeParse(parsed);
    if (!notification.success) return { status: 400, body: { message: 'Unexpected notification shape' } };
    // Answer at once; the service handles it asynchronously (and duplicates are harmless there).
    queueMicrotask(() => options.onNotification(notification.data));
    return { status: 200, body: { referenceId: notification.data.referenceId } };
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (!url) url = `http://127.0.0.1:${port}${PATH}`;
  options.log?.(`in-store webhook receiver listening at ${url}`);

  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A notification half-received (or a kept-alive socket) must not hold the till's shutdown for seconds.
        server.closeAllConnections();
      }),
  };
}

function checkSignature(
  request: IncomingMessage,
  body: unknown,
  url: string,
  credentials: NotificationCredentials | null,
  nowMs: number,
): string {
  if (!credentials) return 'Invalid signature';
  const auth = parseAuthorization(String(request.headers.authorization ?? ''));
  const date = String(request.headers.date ?? '');
  if (!auth || !date) return 'Invalid signature';
  const expected = signature({ method: 'POST', url, date, canonical: canonicalBody(body), secret: credentials.secret });
  if (!timingSafeEqualHex(expected, auth.signature)) return 'Invalid signature';
  // Checked after the signature, so a stranger learns nothing from which check failed.
  if (auth.accessKeyId !== credentials.accessKeyId) return 'Invalid signature';
  if (!isFresh(date, nowMs))
    return `Date is not within ${NOTIFICATION_FRESHNESS_MS / 60_000} minutes of the receiver clock`;
  return 'valid';
}

/** An ISO 8601 UTC Date (the signing recipe's format) within the freshness window of our clock. */
function isFresh(date: string, nowMs: number): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(date)) return false;
  const sentAt = Date.parse(date);
  return Number.isFinite(sentAt) && Math.abs(nowMs - sentAt) <= NOTIFICATION_FRESHNESS_MS;
}

function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
