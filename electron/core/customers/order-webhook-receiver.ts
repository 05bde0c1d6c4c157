import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { z } from 'zod';
import { parseJsonOrUndefined } from '../http/json-text.ts';
import { readRequestBody } from '../http/request-body.ts';
import { refuseNonProviderRequest } from '../http/webhook-guard.ts';

// Receives the order-outcome webhook (document "Events", wire-details §3.2) for captures and charges sent
// with our callbackUrl. The document's receiver rules: answer 200 quickly and process asynchronously; act
// only on an order_uuid we know; deliveries may be duplicated; never wait for one. The delivery is NOT
// signed, so anyone who can reach this port can send one: it is only ever a hint to look the order up with
// the provider (order-outcomes.ts), never an outcome. Requests a browser sends (Origin, Sec-Fetch-*, a
// content type other than JSON) are refused unread; every other well-formed delivery is answered 200 at
// once and handed on.

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

export interface OrderWebhookReceiver {
  /** The callbackUrl to send with captures and charges. */
  readonly url: string;
  close(): Promise<void>;
}

export const ORDER_WEBHOOK_PATH = '/webhooks/tokenized-orders';
const MAX_BODY_BYTES = 64 * 1024;

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
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    handle(request).then(
      ({ status, body, notification }) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
        // Processed after the answer has gone out: the provider never waits on our journal.
        if (notification) setImmediate(() => options.onNotification(notification));
      },
      // The sender hung up mid-body: nobody to answer. Left unhandled, this rejection would take the whole
      // core down (Node ends the process on an unhandled rejection), so any client could stop the till.
      () => response.destroy(),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(
    request: IncomingMessage,
  ): Promise<{ status: number; body: unknown; notification?: OrderOutcomeNotification }> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== ORDER_WEBHOOK_PATH) return { status: 404, body: { message: 'Not found' } };
    if (request.method !== 'POST') return { status: 405, body: { message: 'Method not allowed' } };
    const refusal = refuseNonProviderRequest(request);
    if (refusal) return refusal;
    const raw = await readRequestBody(request, MAX_BODY_BYTES);
    if (raw === null) return { status: 413, body: { message: 'Body too large' } };
    const parsed = parseJsonOrUndefined(raw);
    if (parsed === undefined) return { status: 400, body: { message: 'Body is not JSON' } };
    const notification = orderOutcomeSchema.safeParse(parsed);
    if (!notification.success) return { status: 400, body: { message: 'Unexpected notification shape' } };
    return { status: 200, body: { received: true }, notification: notification.data };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = options.publicUrl ?? `http://127.0.0.1:${port}${ORDER_WEBHOOK_PATH}`;
  options.log?.(`tokenized order webhook receiver listening at ${url}`);
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
