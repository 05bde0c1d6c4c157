import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../shared/contract.ts';
import { PosError } from '../../shared/errors.ts';
import type { CoreApi } from '../core/core-api.ts';
import type { ConsentRequest } from '../core/customers/linking.ts';
import { createConsentBroker, type ConsentBroker } from './consent-broker.ts';

// The broker's own check, at the point where the app token would leave: whatever the core's session record
// says, the broker fetches only an https page on the environment's hosts (the embedded sandbox: its loopback
// origin). The "page elsewhere" is a real server on another loopback port that records whether it was asked.

const APP_TOKEN = 'eyJ.app-token.of-the-customer';
let elsewhere: Server;
let brokerServer: Server;
let broker: ConsentBroker;
const seenElsewhere: IncomingMessage[] = [];
let elsewhereOrigin: string;
/** What the core's consentRequest answers for the session now. */
let current: ConsentRequest;

function requestFor(
  url: string,
  gatewayBaseUrl: string,
  environment: ConsentRequest['gateway']['environment'] = 'embedded-sandbox',
): ConsentRequest {
  return {
    url,
    headers: { 'X-Service-App-Token': APP_TOKEN },
    callbackUrl: 'https://till.wallet-pos.invalid/link/callback',
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    gateway: { environment, baseUrl: gatewayBaseUrl },
  };
}

function get(path: string): Promise<{ status: number; body: string }> {
  const { port } = brokerServer.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers: { Host: `127.0.0.1:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  elsewhere = createServer((request, response) => {
    seenElsewhere.push(request);
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<form>look-alike</form>');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  const core = {
    consent: { consentRequest: () => current },
    handlers: {} as Handlers,
    onEvent: () => () => {},
  } satisfies CoreApi;
  broker = createConsentBroker({ core: () => core, timeoutMs: 2_000 });
  brokerServer = createServer(
    (request, response) => void broker.handle(request, response, new URL(request.url ?? '/', 'http://host.invalid')),
  );
  await new Promise<void>((resolve) => brokerServer.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => brokerServer?.close(resolve));
  await new Promise((resolve) => elsewhere?.close(resolve));
});

describe("consent broker: only the environment's consent page gets the app token", () => {
  it.each([
    [
      'another loopback port than the embedded sandbox',
      () => requestFor(`${elsewhereOrigin}/consent/lt-1`, 'http://127.0.0.1:1/demo/merchant'),
    ],
    [
      'plain http for a published environment',
      () =>
        requestFor(
          `${elsewhereOrigin}/consent/lt-1`,
          'https://integrations-sandbox.shopback.com/demo/merchant',
          'provider-sandbox',
        ),
    ],
  ])('refuses to hand out a page on %s (link.failed naming it), so no popup exists', async (_label, make) => {
    current = make();
    const error = await broker.open('lt-1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PosError);
    expect(error).toMatchObject({
      code: 'link.failed',
      notice: { key: 'link.consent-untrusted', params: { address: elsewhereOrigin } },
    });
    expect(seenElsewhere).toHaveLength(0);
  });

  it('checks again when the popup loads: a session whose page moved elsewhere is not fetched', async () => {
    current = requestFor(`${elsewhereOrigin}/consent/lt-2`, elsewhereOrigin);
    const opened = await broker.open('lt-2');
    // The same session now names a page on another origin than its gateway.
    current = requestFor(`${elsewhereOrigin}/consent/lt-2`, 'http://127.0.0.1:1/demo/merchant');
    const reply = await get(opened.url);
    expect(reply.status).toBe(502);
    expect(reply.body).toContain('unexpected address');
    expect(seenElsewhere).toHaveLength(0);
  });

  it("fetches the embedded sandbox's own loopback page with the token (the control case)", async () => {
    current = requestFor(`${elsewhereOrigin}/consent/lt-3`, `${elsewhereOrigin}/demo/merchant`);
    const opened = await broker.open('lt-3');
    const reply = await get(opened.url);
    expect(reply.status).toBe(200);
    expect(seenElsewhere).toHaveLength(1);
    expect(seenElsewhere[0]!.headers['x-service-app-token']).toBe(APP_TOKEN);
  });
});
