import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startOrderWebhookReceiver,
  type OrderOutcomeNotification,
  type OrderWebhookReceiver,
} from './order-webhook-receiver.ts';
import { sleep } from '../../testing/helpers.ts';

// The tokenized order-outcome listener over real sockets: loopback by default, well-formed deliveries handed
// on, what a browser sends refused unread, a body over the limit answered 413, and a sender that hangs up
// mid-body harms nothing.

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

async function post(
  body: string,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
): Promise<number> {
  const response = await fetch(receiver.url, { method: 'POST', headers, body });
  await response.arrayBuffer();
  return response.status;
}

describe('order webhook receiver', () => {
  it('listens on loopback by default and hands a well-formed delivery on', async () => {
    expect(new URL(receiver.url).hostname).toBe('127.0.0.1');
    expect(await post(JSON.stringify(DELIVERY))).toBe(200);
    await sleep(20);
    expect(received).toEqual([expect.objectContaining(DELIVERY)]);
  });

  it('accepts and ignores any cart_id (documented as always null): a 400 would only make the provider deliver it again and again', async () => {
    for (const cartId of [null, 'cart-1', 42, { id: 'c' }])
      expect(await post(JSON.stringify({ ...DELIVERY, cart_id: cartId }))).toBe(200);
    await sleep(20);
    expect(received).toHaveLength(4);
    expect(received.every((n) => n.order_uuid === DELIVERY.order_uuid && !('cart_id' in n))).toBe(true);
  });

  it.each([70 * 1024, 1024 * 1024, 8 * 1024 * 1024])(
    'answers a body of %i bytes (over 64 KiB) with 413, never a dropped connection, and hands nothing on',
    async (size) => {
      expect(await post(JSON.stringify({ ...DELIVERY, failure_code: 'x'.repeat(size) }))).toBe(413);
      expect(received).toEqual([]);
    },
  );

  it('refuses what a browser can send: any Origin (403), a content type other than JSON or none (415)', async () => {
    const body = JSON.stringify(DELIVERY);
    // A page in the till's own browser posting to the loopback receiver (a "simple" request needs no preflight).
    expect(await post(body, { 'Content-Type': 'application/json', Origin: 'https://evil.example' })).toBe(403);
    expect(await post(body, { 'Content-Type': 'application/json', Origin: 'null' })).toBe(403);
    expect(await post(body, { 'Content-Type': 'text/plain' })).toBe(415);
    expect(await post(body, { 'Content-Type': 'application/x-www-form-urlencoded' })).toBe(415);
    expect(await post(body, {})).toBe(415);
    // JSON with parameters or another letter case is still JSON.
    expect(await post(body, { 'Content-Type': 'Application/JSON; charset=utf-8' })).toBe(200);
    await sleep(20);
    expect(received).toHaveLength(1);
  });

  it('survives a sender that hangs up mid-body, and keeps serving', async () => {
    const { port, pathname } = new URL(receiver.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"order_uuid":`,
        );
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, 50);
      });
      socket.on('error', reject);
    });
    await sleep(50);
    expect(rejections).toEqual([]);
    expect(await post(JSON.stringify(DELIVERY))).toBe(200);
  });
});
