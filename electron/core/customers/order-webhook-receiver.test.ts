import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOrderWebhookReceiver, type OrderOutcomeNotification, type OrderWebhookReceiver } from './order-webhook-receiver.ts';

// The tokenized order-outcome listener over real sockets: loopback by default, well-formed deliveries handed
// on, and a sender that hangs up mid-body harms nothing.

const DELIVERY = { order_uuid: '0b9c3c1e-7b61-4c59-9d57-5a0b6e0f1a11', order_status: 'SUCCESS' };

let receiver: OrderWebhookReceiver;
let received: OrderOutcomeNotification[];
const rejections: unknown[] = [];
const onRejection = (reason: unknown): void => {
  rejections.push(reason);
};

beforeEach(async () => {
  received = [];
  rejections.length = 0;
  process.on('unhandledRejection', onRejection);
  receiver = await startOrderWebhookReceiver({ onNotification: (n) => received.push(n) });
});

afterEach(async () => {
  await receiver.close();
  process.off('unhandledRejection', onRejection);
});

async function post(body: string): Promise<number> {
  const response = await fetch(receiver.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  await response.arrayBuffer();
  return response.status;
}

describe('order webhook receiver', () => {
  it('listens on loopback by default and hands a well-formed delivery on', async () => {
    expect(new URL(receiver.url).hostname).toBe('127.0.0.1');
    expect(await post(JSON.stringify(DELIVERY))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([expect.objectContaining(DELIVERY)]);
  });

  it('accepts and ignores any cart_id (documented as always null): a 400 would only make the provider deliver it again and again', async () => {
    for (const cartId of [null, 'cart-1', 42, { id: 'c' }]) expect(await post(JSON.stringify({ ...DELIVERY, cart_id: cartId }))).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toHaveLength(4);
    expect(received.every((n) => n.order_uuid === DELIVERY.order_uuid && !('cart_id' in n))).toBe(true);
  });

  it('refuses a body over 64 KiB and hands nothing on', async () => {
    expect(await post(JSON.stringify({ ...DELIVERY, failure_code: 'x'.repeat(70 * 1024) }))).toBe(413);
    expect(received).toEqual([]);
  });

  it('survives a sender that hangs up mid-body, and keeps serving', async () => {
    const { port, pathname } = new URL(receiver.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"order_uuid":`);
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, 50);
      });
      socket.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rejections).toEqual([]);
    expect(await post(JSON.stringify(DELIVERY))).toBe(200);
  });
});
