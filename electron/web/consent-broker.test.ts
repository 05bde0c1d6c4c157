import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentOpening } from '../../shared/consent.ts';
import type { LinkStart } from '../../shared/customers.ts';
import type { Result } from '../../shared/result.ts';
import type { Core, CoreEvent } from '../core/core-api.ts';
import { DevelopmentFileVault } from '../core/settings/development-file-vault.ts';
import { createConsentBroker, type ConsentBroker } from './consent-broker.ts';
import { createWebCore } from './web-core.ts';
import { startWebHost, type WebHost } from './web-host.ts';
import { removeFolder, tempFolder } from '../testing/helpers.ts';

// The web host's consent broker with a real core (customer journal in a temp dir, embedded sandbox with its
// consent page) over real sockets: what the preview's popup does, and what a page that is not the popup tries.

let base: string;
let core: Core;
let host: WebHost;
const events: CoreEvent[] = [];

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function api<T>(channel: string, payload: unknown): Promise<Result<T>> {
  const reply = await send(host.port, `/api/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return JSON.parse(reply.body) as Result<T>;
}

async function startLinking(merchantUserId: string): Promise<{ linkToken: string; popupPath: string }> {
  const started = await api<LinkStart>('customers.startLink', { merchantUserId, phoneHint: '+65 9123 4567' });
  if (!started.ok) throw new Error(started.error.message);
  return { linkToken: started.value.linkToken, popupPath: await openOnDisplay(started.value.linkToken) };
}

/** customers.openConsent as the cashier's screen calls it: the address goes to the customer display only. */
async function openOnDisplay(linkToken: string): Promise<string> {
  const before = events.length;
  const opened = await api<ConsentOpening>('customers.openConsent', { linkToken });
  if (!opened.ok) throw new Error(opened.error.message);
  // The cashier's screen is told where the page went, never its address.
  expect(opened.value).toEqual({ kind: 'customer-display' });
  const shown = events
    .slice(before)
    .find((e) => e.event === 'customers.consentOnDisplay' && e.payload.linkToken === linkToken);
  if (shown?.event !== 'customers.consentOnDisplay') throw new Error('nothing sent to the customer display');
  return shown.payload.url;
}

/** The hidden fields of the page's Approve or Decline form, as the browser would post them. */
function formOf(html: string, decision: 'approve' | 'decline'): string {
  const form = [...html.matchAll(/<form method="post">(.*?)<\/form>/g)]
    .map((m) => m[1]!)
    .find((f) => f.includes(`value="${decision}"`));
  if (!form) throw new Error(`no ${decision} form in the page`);
  return new URLSearchParams(
    [...form.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
  ).toString();
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  base = tempFolder('consent-broker-');
  const rendererDir = join(base, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Wallet POS</title>');
  const dataDir = join(base, 'data');
  const web = await createWebCore({
    dataDir,
    vault: new DevelopmentFileVault(join(dataDir, 'vault.json')),
    version: '0.0.0-test',
    statusIntervalMs: 60_000,
  });
  core = web.core;
  core.onEvent((event) => events.push(event));
  host = await startWebHost({ core, consent: web.consent, rendererDir });
});

afterAll(async () => {
  await host?.close();
  await core?.close();
  removeFolder(base);
});

describe('consent broker: the popup flow', () => {
  it('shows the session’s consent page with a ticket, then links on Approve and says so', async () => {
    const { linkToken, popupPath } = await startLinking('broker-1');
    expect(popupPath).toMatch(new RegExp(`^/consent/${linkToken}\\?ticket=[A-Za-z0-9_-]{43}$`));

    const page = await send(host.port, popupPath);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-consent-state="ask"');
    expect(page.body).toContain('+65 ****4567');
    const policies = [page.headers['content-security-policy']].flat().join(' | ');
    expect(policies).toContain('sandbox allow-forms'); // opaque origin: the page cannot reach the app
    expect(policies).toContain("form-action 'self'"); // the provider's own policy still applies
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');

    const before = events.length;
    // The sandboxed page posts from an opaque origin: Origin is "null".
    const approved = await send(host.port, popupPath, {
      method: 'POST',
      headers: { ...FORM, Origin: 'null' },
      body: formOf(page.body, 'approve'),
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toContain('data-consent-state="linked"');
    expect(approved.body).toContain('Linked — you can close this window.');

    const found = await api<{ customer: { status: string } }>('customers.find', { merchantUserId: 'broker-1' });
    expect(found.ok && found.value.customer.status).toBe('linked');
    expect(
      events
        .slice(before)
        .some((e) => e.event === 'customers.updated' && e.payload.customer.merchantUserId === 'broker-1'),
    ).toBe(true);

    // The ticket ended with the session: the address is dead now.
    expect((await send(host.port, popupPath)).status).toBe(403);
  });

  it('passes a Decline through; the customer can still approve from the same page', async () => {
    const { popupPath } = await startLinking('broker-2');
    const page = await send(host.port, popupPath);
    const declined = await send(host.port, popupPath, {
      method: 'POST',
      headers: FORM,
      body: formOf(page.body, 'decline'),
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toContain('data-consent-state="declined"');
    const approved = await send(host.port, popupPath, {
      method: 'POST',
      headers: FORM,
      body: formOf(declined.body, 'approve'),
    });
    expect(approved.body).toContain('data-consent-state="linked"');
  });

  it('opening again replaces the ticket: the old address stops working', async () => {
    const first = await startLinking('broker-3');
    const second = await openOnDisplay(first.linkToken);
    expect(second).not.toBe(first.popupPath);
    expect((await send(host.port, first.popupPath)).status).toBe(403);
    expect((await send(host.port, second)).status).toBe(200);
  });

  it('refuses to open a session it does not know', async () => {
    const opened = await api<ConsentOpening>('customers.openConsent', { linkToken: 'no-such-session' });
    expect(opened.ok).toBe(false);
    expect(!opened.ok && opened.error.code).toBe('link.failed');
  });
});

describe('consent broker: nothing but the popup gets in', () => {
  it('refuses a missing, wrong or another session’s ticket (403)', async () => {
    const a = await startLinking('broker-4');
    const b = await startLinking('broker-5');
    const ticketOfB = new URL(b.popupPath, 'http://x').searchParams.get('ticket')!;
    for (const path of [
      `/consent/${a.linkToken}`,
      `/consent/${a.linkToken}?ticket=`,
      `/consent/${a.linkToken}?ticket=${'A'.repeat(43)}`,
      `/consent/${a.linkToken}?ticket=${ticketOfB}`,
    ]) {
      const reply = await send(host.port, path);
      expect(reply.status, path).toBe(403);
      expect(reply.body).toContain('no longer valid');
    }
  });

  it('refuses a foreign Origin or Host even with the right ticket', async () => {
    const { popupPath } = await startLinking('broker-6');
    expect(
      (
        await send(host.port, popupPath, {
          method: 'POST',
          headers: { ...FORM, Origin: 'https://evil.example' },
          body: 'decision=approve',
        })
      ).status,
    ).toBe(403);
    expect((await send(host.port, popupPath, { headers: { Host: `evil.example:${host.port}` } })).status).toBe(403);
  });

  it('takes only GET and the page’s own form posts', async () => {
    const { popupPath } = await startLinking('broker-7');
    expect((await send(host.port, popupPath, { method: 'PUT', body: 'x' })).status).toBe(405);
    expect(
      (
        await send(host.port, popupPath, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(415);
    expect(
      (await send(host.port, popupPath, { method: 'POST', headers: FORM, body: 'x='.padEnd(20_000, 'y') })).status,
    ).toBe(413);
  });

  it('has no other pages: anything below /consent/ that is not a session is 404', async () => {
    for (const path of [
      '/consent/',
      '/consent/a/b',
      '/consent/..%2Fapi%2Fsettings.get',
      '/consent/%2F%2Fevil.example',
    ]) {
      expect((await send(host.port, path)).status, path).toBe(404);
    }
  });
});

describe('consent broker: not a proxy', () => {
  let server: Server;
  let port: number;
  const fetched: string[] = [];
  let broker: ConsentBroker;

  beforeAll(async () => {
    // The broker on its own, with a fetch that records where it really went (real HTTP underneath).
    broker = createConsentBroker({
      core: () => core,
      fetch: (input, init) => {
        fetched.push(String(input));
        return fetch(input, init);
      },
    });
    server = createServer((req, res) => void broker.handle(req, res, new URL(req.url ?? '/', 'http://host.invalid')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fetches only the session’s consent URL, whatever the request adds', async () => {
    const started = await api<LinkStart>('customers.startLink', {
      merchantUserId: 'broker-8',
      emailHint: 'kim@example.com',
    });
    if (!started.ok) throw new Error(started.error.message);
    const opening = await broker.open(started.value.linkToken);
    const path = opening.url;
    const reply = await send(port, `${path}&url=https://evil.example/&next=//evil.example`);
    expect(reply.status).toBe(200);
    expect(fetched).toEqual([started.value.consentUrl]);
  });

  it('lets a ticket lapse at its time limit', async () => {
    let clock = Date.now();
    const lapsingBroker = createConsentBroker({ core: () => core, now: () => clock, ticketTtlMs: 60_000 });
    const lapsing = createServer(
      (req, res) => void lapsingBroker.handle(req, res, new URL(req.url ?? '/', 'http://host.invalid')),
    );
    await new Promise<void>((resolve) => lapsing.listen(0, '127.0.0.1', resolve));
    const lapsingPort = (lapsing.address() as AddressInfo).port;
    try {
      const started = await api<LinkStart>('customers.startLink', {
        merchantUserId: 'broker-9',
        phoneHint: '91234567',
      });
      if (!started.ok) throw new Error(started.error.message);
      const opening = await lapsingBroker.open(started.value.linkToken);
      const path = opening.url;
      expect((await send(lapsingPort, path)).status).toBe(200);
      clock += 60_001;
      expect((await send(lapsingPort, path)).status).toBe(403);
    } finally {
      await new Promise<void>((resolve) => lapsing.close(() => resolve()));
    }
  });
});
