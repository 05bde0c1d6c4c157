import { z } from 'zod';
import { startWebhookReceiver, type WebhookReceiver, type WebhookVerdict } from '../http/webhook-receiver.ts';

// Receives the order-outcome webhook (document "Events", wire-details §3.2) for captures and charges sent
// with our callbackUrl. The document's receiver rules: answer 200 quickly and process asynchronously; act
// only on an order_uuid we know; deliveries may be duplicated; never wait for one. The delivery is NOT
// signed, so anyone who can reach this port can send one: it is only ever a hint to look the order up with
// the provider (order-outcomes.ts), never an outcome. Requests a browser sends (Origin, Sec-Fetch-*, a
// content type other than JSON) are refused unread; every other well-formed delivery is answered 200 at
// once and handed on (http/webhook-receiver.ts, the same receiver as the in-store notifications).

export const orderOutcomeSchema = z.object({
  order_uuid: z.string().min(1).max(128),
  // SUCCESS / FAILED in the document; the live online API also sends ERROR. Others are kept as text.
  order_status: z.string().min(1).max(32),
  order_context_token: z.string().max(512).nullish(),
  // cart_id is "reserved; always null" and nothing here reads it. It is left out of the schema (so dropped,
  // whatever it holds): refusing a delivery over a field we ignore would only make the provider send it again.
  webhook_url: z.string().max(2048).nullish(),
  failure_code: z.string().max(128).nullish(),
});
export type OrderOutcomeNotification = z.infer<typeof orderOutcomeSchema>;

export type OrderWebhookReceiver = WebhookReceiver;

export const ORDER_WEBHOOK_PATH = '/webhooks/tokenized-orders';

export async function startOrderWebhookReceiver(options: {
  /** 0 (default): any free port on loopback. */
  readonly port?: number | undefined;
  /** 127.0.0.1 by default; a till behind a forwarding proxy may listen elsewhere. */
  readonly host?: string | undefined;
  /** The public address the provider posts to, when a proxy forwards to us; default the listening URL. */
  readonly publicUrl?: string | undefined;
  readonly onNotification: (notification: OrderOutcomeNotification) => void;
  readonly log?: ((line: string) => void) | undefined;
}): Promise<OrderWebhookReceiver> {
  return startWebhookReceiver({
    path: ORDER_WEBHOOK_PATH,
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    publicUrl: options.publicUrl,
    read: (_request, body): WebhookVerdict<OrderOutcomeNotification> => {
      const notification = orderOutcomeSchema.safeParse(body);
      if (!notification.success) return { status: 400, body: { message: 'Unexpected notification shape' } };
      return { status: 200, body: { received: true }, accepted: notification.data };
    },
    onNotification: options.onNotification,
    label: 'tokenized order webhook receiver',
    log: options.log,
  });
}
