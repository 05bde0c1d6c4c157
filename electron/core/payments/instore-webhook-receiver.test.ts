import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorizationHeader, canonicalBody, requestDate, signature } from '../instore/signer.ts';
import {
  startInstoreWebhookReceiver,
  type InstoreNotification,
  type InstoreWebhookReceiver,
} from './instore-webhook-receiver.ts';
import { sleep } from '../../testing/helpers.ts';

// The in-store notification listener over real sockets: only a body signed with our secret for our URL, under
// our access key id and with a fresh Date, is believed; a replay of a recorded notification, a browser's
// request and a body over the limit are refused with an answer; a sender that hangs up mid-body harms nothing.

const SECRET = 'f33679f2ae892fd89ceefc409934e49f';
const ACCESS_KEY_ID = 'merchant-key-1';
const NOTIFICATION = {
  referenceId: '352c530dd7f747161a5e6c990c720bec',
  status: 'CAPTURED',
  orderAmount: 1234,
  currency: 'SGD',
};

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
  receiver = await startInstoreWebhookReceiver({
    credentials: () => ({ accessKeyId: ACCESS_KEY_ID, secret: SECRET }),
    onNotification: (n) => received.push(n),
  });
});

afterEach(async () => {
  await receiver.close();
  process.off('unhandledRejection', onRejection);
});

function signedHeaders(
  body: unknown,
  secret = SECRET,
  url = receiver.url,
  options: { at?: Date; accessKeyId?: string } = {},
): Record<string, string> {
  const date = requestDate(options.at ?? new Date());
  const sig = signature({ method: 'POST', url, date, canonical: canonicalBody(body), secret });
  return {
    'Content-Type': 'application/json',
    Date: date,
    Authorization: authorizationHeader(options.accessKeyId ?? ACCESS_KEY_ID, sig),
  };
}

async function post(body: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(receiver.url, { method: 'POST', headers, body });
  await response.arrayBuffer();
  return response.status;
}

async function settle(): Promise<void> {
  await sleep(50);
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

  it('refuses a replay: a notification signed correctly, but with a Date more than 5 minutes old or ahead (401)', async () => {
    const recordedAt = new Date(Date.now() - 6 * 60_000);
    expect(
      await post(JSON.stringify(NOTIFICATION), signedHeaders(NOTIFICATION, SECRET, receiver.url, { at: recordedAt })),
    ).toBe(401);
    const ahead = new Date(Date.now() + 6 * 60_000);
    expect(
      await post(JSON.stringify(NOTIFICATION), signedHeaders(NOTIFICATION, SECRET, receiver.url, { at: ahead })),
    ).toBe(401);
    // Within the window it is believed (a provider retry carries its own fresh Date).
    const recent = new Date(Date.now() - 60_000);
    expect(
      await post(JSON.stringify(NOTIFICATION), signedHeaders(NOTIFICATION, SECRET, receiver.url, { at: recent })),
    ).toBe(200);
    await settle();
    expect(received).toHaveLength(1);
  });

  it("refuses a Date in another format than the signing recipe's (ISO 8601 UTC), even signed", async () => {
    const body = JSON.stringify(NOTIFICATION);
    const date = new Date().toUTCString();
    const sig = signature({
      method: 'POST',
      url: receiver.url,
      date,
      canonical: canonicalBody(NOTIFICATION),
      secret: SECRET,
    });
    expect(
      await post(body, {
        'Content-Type': 'application/json',
        Date: date,
        Authorization: authorizationHeader(ACCESS_KEY_ID, sig),
      }),
    ).toBe(401);
    await settle();
    expect(received).toEqual([]);
  });

  it('refuses a notification signed with our secret under another access key id (401)', async () => {
    expect(
      await post(
        JSON.stringify(NOTIFICATION),
        signedHeaders(NOTIFICATION, SECRET, receiver.url, { accessKeyId: 'someone-else' }),
      ),
    ).toBe(401);
    await settle();
    expect(received).toEqual([]);
  });

  it('refuses what a browser sends (any Origin, a content type other than JSON), even signed', async () => {
    const body = JSON.stringify(NOTIFICATION);
    expect(await post(body, { ...signedHeaders(NOTIFICATION), Origin: 'https://evil.example' })).toBe(403);
    expect(await post(body, { ...signedHeaders(NOTIFICATION), Origin: 'null' })).toBe(403);
    expect(await post(body, { ...signedHeaders(NOTIFICATION), 'Content-Type': 'text/plain' })).toBe(415);
    await settle();
    expect(received).toEqual([]);
  });

  it.each([70 * 1024, 1024 * 1024, 8 * 1024 * 1024])(
    'answers a body of %i bytes (over 64 KiB) with 413, never a dropped connection',
    async (size) => {
      const huge = JSON.stringify({ ...NOTIFICATION, failureReason: 'x'.repeat(size) });
      expect(await post(huge, signedHeaders(JSON.parse(huge)))).toBe(413);
      expect(received).toEqual([]);
    },
  );

  it('survives a sender that hangs up mid-body, and keeps serving', async () => {
    const { port, pathname } = new URL(receiver.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"referenceId":`,
        );
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
