import type { ServerResponse } from 'node:http';
import type { CoreEventListener } from '../core-api.ts';
import type { RegisterPayment } from './api-schemas.ts';
import { onSaleUpdate } from './sale-updates.ts';

// GET /events: Server-Sent Events of `payment.updated`, only for payments this key started. A comment line
// every heartbeat keeps proxies and the register's own timeouts from closing a quiet stream. Revoking the key
// closes its streams (held-requests.ts).

export const DEFAULT_HEARTBEAT_MS = 15_000;

export interface EventStream {
  close(): void;
}

export function openEventStream(options: {
  /** The key's id: only its own payments are sent. */
  readonly keyId: string;
  readonly response: ServerResponse;
  readonly subscribe: (listener: CoreEventListener) => () => void;
  /** The payment as the register reads it, or null when it cannot be read now. */
  readonly read: (referenceId: string) => RegisterPayment | null;
  readonly heartbeatMs: number;
  readonly onClose: () => void;
}): EventStream {
  const { response } = options;
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // A register that lost the stream comes back after 3 s, and asks GET /payments/{id} for what it missed.
  response.write(': register connection events\nretry: 3000\n\n');
  let sequence = 0;
  let closed = false;
  const unsubscribe = onSaleUpdate(options.subscribe, (referenceId, keyId) => {
    if (closed || keyId !== options.keyId) return;
    const payment = options.read(referenceId);
    if (!payment) return;
    sequence += 1;
    response.write(`event: payment.updated\nid: ${sequence}\ndata: ${JSON.stringify(payment)}\n\n`);
  });
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), options.heartbeatMs);
  heartbeat.unref();
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    response.end();
    options.onClose();
  };
  response.on('close', close);
  return { close };
}
