import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { startOrderWebhookReceiver } from '../customers/order-webhook-receiver.ts';
import { startInstoreWebhookReceiver } from '../payments/instore-webhook-receiver.ts';
import type { WebhookReceiver } from './webhook-receiver.ts';

// Both provider webhooks are one receiver: the same answer to another method (405 with Allow), the same path
// match (without the query), the same refusal of a port another program holds (listen.refused, not an 'error'
// event that ends the process).

const receivers = {
  'in-store notifications': (port = 0) =>
    startInstoreWebhookReceiver({ port, credentials: () => null, onNotification: () => {} }),
  'order outcomes': (port = 0) => startOrderWebhookReceiver({ port, onNotification: () => {} }),
} satisfies Record<string, (port?: number) => Promise<WebhookReceiver>>;

const running: WebhookReceiver[] = [];
const others: Server[] = [];

afterEach(async () => {
  for (const receiver of running.splice(0)) await receiver.close();
  for (const server of others.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe.each(Object.entries(receivers))('the %s receiver', (_name, start) => {
  it('answers another method 405 with Allow: POST, another path 404', async () => {
    const receiver = await start();
    running.push(receiver);
    const got = await fetch(receiver.url);
    expect(got.status).toBe(405);
    expect(got.headers.get('allow')).toBe('POST');
    expect((await fetch(new URL('/elsewhere', receiver.url), { method: 'POST' })).status).toBe(404);
  });

  it('matches its path without the query', async () => {
    const receiver = await start();
    running.push(receiver);
    // A browser's content type: refused for what it is (415), not as an unknown address (404).
    const got = await fetch(`${receiver.url}?from=proxy`, { method: 'POST', body: 'x' });
    expect(got.status).toBe(415);
  });

  it('a port another program holds is refused with listen.refused, and the process goes on', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    others.push(server);
    const port = (server.address() as { port: number }).port;
    const refused = await start(port).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PosError);
    expect(refused).toMatchObject({ code: 'listen.refused', details: { port, refusal: 'in-use' } });
  });
});
