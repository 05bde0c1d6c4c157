import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorizationHeader, canonicalBody, requestDate, signature } from '../instore/signer.ts';
import { startInstoreWebhookReceiver, type InstoreNotification, type InstoreWebhookReceiver } from './instore-webhook-receiver.ts';

// The in-store notification listener over real sockets: only a body signed with our secret for our URL is
// believed, a body over the limit is refused, and a sender that hangs up mid-body harms nothing.

const SECRET = 'f33679f2ae892fd89ceefc409934e49f';
const NOTIFICATION = { referenceId: '352c530dd7f747161a5e6c990c720bec', status: 'CAPTURED', orderAmount: 1234, currency: 'SGD' };

let receiver: InstoreWebhookReceiver;
let received: InstoreNotification[];
const rejections: unknown[] = [];
const onRejection = (reason: unknown): void => {
  rejections.push(reason);
};

beforeEach(async () => {
  received = [];
  rejections.length = 0;
  process.on('unhandledRejection', onRejection);
  receiver = await startInstoreWebhookReceiver({ secret: () => SECRET, onNotification: (n) => received.push(n) });
});

afterEach(async () => {
  await receiver.close();
  process.off('unhandledRejection', onRejection);
});

function signedHeaders(body: unknown, secret = SECRET, url = receiver.url): Record<string, string> {
  const date = requestDate(new Date());
  const sig = signature({ method: 'POST', url, date, canonical: canonicalBody(body), secret });
  return { 'Content-Type': 'application/json', Date: date, Authorization: authorizationHeader('provider', sig) };
}

async function post(body: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(receiver.url, { method: 'POST', headers, body });
  await response.arrayBuffer();
  return response.status;
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('in-store webhook receiver', () => {
  it('listens on loopback only', () => {
    expect(new URL(receiver.url).hostname).toBe('127.0.0.1');
  });

  it('believes a notification signed with our secret for our URL', async () => {
    expect(await post(JSON.stringify(NOTIFICATION), signedHeaders(NOTIFICATION))).toBe(200);
    await settle();
    expect(received).toEqual([expect.objectContaining({ referenceId: NOTIFICATION.referenceId, status: 'CAPTURED' })]);
  });

  it.each([
    ['another secret', () => signedHeaders(NOTIFICATION, 'not-our-secret')],
    ['another URL', () => signedHeaders(NOTIFICATION, SECRET, 'https://elsewhere.example/webhooks/instore')],
    ['another body', () => signedHeaders({ ...NOTIFICATION, status: 'FAILED' })],
    ['no Authorization', () => ({ 'Content-Type': 'application/json', Date: requestDate(new Date()) })],
  ])('refuses a notification signed with %s (401), and nothing is acted on', async (_label, headers) => {
    expect(await post(JSON.stringify(NOTIFICATION), headers())).toBe(401);
    await settle();
    expect(received).toEqual([]);
  });

  it('refuses a body over 64 KiB', async () => {
    const huge = JSON.stringify({ ...NOTIFICATION, failureReason: 'x'.repeat(70 * 1024) });
    const status = await post(huge, signedHeaders(JSON.parse(huge))).catch(() => 'connection closed');
    expect([413, 'connection closed']).toContain(status);
    expect(received).toEqual([]);
  });

  it('survives a sender that hangs up mid-body, and keeps serving', async () => {
    const { port, pathname } = new URL(receiver.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"referenceId":`);
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, 50);
      });
      socket.on('error', reject);
    });
    await settle();
    expect(rejections).toEqual([]);
    expect(await post(JSON.stringify(NOTIFICATION), signedHeaders(NOTIFICATION))).toBe(200);
  });
});
