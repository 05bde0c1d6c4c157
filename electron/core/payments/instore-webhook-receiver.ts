import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../../shared/payments.ts';
import { startWebhookReceiver, type WebhookReceiver, type WebhookVerdict } from '../http/webhook-receiver.ts';
import { canonicalBody, parseAuthorization, signature } from '../instore/signer.ts';

// Receives the provider's payment notifications (wire-details §2.6). Polling stays the primary path (a till
// behind NAT rarely has a public URL); a verified notification only makes the watcher look now (it is never
// recorded as a status by itself). The body is believed only when its signature checks out with our secret
// against the URL we registered, it names our access key id, and its Date is fresh: a notification recorded
// once (a proxy log, a packet capture) cannot be replayed later. The receiving itself (path, method, browser
// requests refused unread, body limit, JSON) is http/webhook-receiver.ts, the same for both webhooks.

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

export type InstoreWebhookReceiver = WebhookReceiver;

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
  return startWebhookReceiver({
    path: PATH,
    port: options.port ?? 0,
    host: '127.0.0.1',
    publicUrl: options.publicUrl,
    read: (request, body, url): WebhookVerdict<InstoreNotification> => {
      const check = checkSignature(request, body, url, options.credentials(), now());
      if (check !== 'valid') return { status: 401, body: { message: check } };
      const notification = instoreNotificationSchema.safeParse(body);
      if (!notification.success) return { status: 400, body: { message: 'Unexpected notification shape' } };
      return { status: 200, body: { referenceId: notification.data.referenceId }, accepted: notification.data };
    },
    onNotification: options.onNotification,
    label: 'in-store webhook receiver',
    log: options.log,
  });
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
