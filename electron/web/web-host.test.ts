import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { customerDisplayToken } from '../../shared/display-token.ts';
import { PosError } from '../../shared/errors.ts';
import type { Core } from '../core/core-api.ts';
import { CONTENT_SECURITY_POLICY } from '../core/security/csp.ts';
import { DevelopmentFileVault } from '../core/settings/development-file-vault.ts';
import type { ConsentBroker } from './consent-broker.ts';
import { createWebCore } from './web-core.ts';
import { startWebHost, type WebHost } from './web-host.ts';
import { removeFolder, sleep, tempFolder } from '../testing/helpers.ts';

// Real sockets, real core (settings in a temp dir, embedded sandbox running): what a browser tab would do,
// and what a hostile page or a DNS-rebinding attack would try.

let base: string;
let core: Core;
let host: WebHost;
let consent: ConsentBroker;
const consentOf = (): ConsentBroker => consent;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: `127.0.0.1:${host.port}`, ...options.headers },
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

function api(channel: string, payload: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return send(`/api/${channel}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
}

function openEvents(
  query: string,
  headers: Record<string, string> = {},
): Promise<{ socket: WebSocket } | { status: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/events${query}`, { headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    socket.once('error', () => resolve({ status: -1 }));
  });
}

beforeAll(async () => {
  base = tempFolder('web-host-');
  const rendererDir = join(base, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Wallet POS</title>');
  writeFileSync(join(rendererDir, 'assets', 'main-1.js'), 'export {}');
  writeFileSync(join(base, 'outside.txt'), 'outside the renderer');
  const dataDir = join(base, 'data');
  const web = await createWebCore({
    dataDir,
    vault: new DevelopmentFileVault(join(dataDir, 'vault.json')),
    version: '0.0.0-test',
    statusIntervalMs: 60_000,
  });
  core = web.core;
  consent = web.consent;
  host = await startWebHost({ core, consent: web.consent, rendererDir });
});

afterAll(async () => {
  await host?.close();
  await core?.close();
  removeFolder(base);
});

describe('web host: the contract over HTTP', () => {
  it('listens on loopback with a 32-byte random token in the URL fragment', () => {
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`);
    expect(Buffer.from(host.token, 'base64url')).toHaveLength(32);
    expect(host.url).toBe(`${host.origin}/#token=${host.token}`);
  });

  it('round-trips settings.get as a Result envelope', async () => {
    const reply = await api('settings.get', {});
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    const result = JSON.parse(reply.body);
    expect(result.ok).toBe(true);
    expect(result.value.settings.merchantName).toBe('Demo Coffee Bar');
    expect(result.value.demo).toBe(true);
  });

  it('refuses a request without the token (401)', async () => {
    const reply = await send('/api/settings.get', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'ipc.forbidden' } });
  });

  it('refuses a wrong token (401)', async () => {
    const reply = await api('settings.get', {}, { Authorization: `Bearer ${'A'.repeat(43)}` });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.body).error.code).toBe('ipc.forbidden');
  });

  it('refuses a foreign Origin even with the right token (403)', async () => {
    const reply = await api('settings.get', {}, { Origin: 'https://evil.example' });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body).error.code).toBe('ipc.forbidden');
    expect((await api('settings.get', {}, { Origin: `http://127.0.0.1:${host.port + 1}` })).status).toBe(403);
  });

  it('accepts our own Origin', async () => {
    expect((await api('settings.get', {}, { Origin: host.origin })).status).toBe(200);
    expect((await api('settings.get', {}, { Origin: `http://localhost:${host.port}` })).status).toBe(200);
  });

  it('refuses a foreign Host header — DNS rebinding (403), for the API and for pages', async () => {
    expect((await api('settings.get', {}, { Host: `evil.example:${host.port}` })).status).toBe(403);
    expect((await send('/', { headers: { Host: `evil.example:${host.port}` } })).status).toBe(403);
    expect((await send('/', { headers: { Host: '127.0.0.1' } })).status).toBe(403);
  });

  it('refuses anything but POST on the API (405)', async () => {
    const reply = await send('/api/settings.get', { headers: { Authorization: `Bearer ${host.token}` } });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('POST');
  });

  it('refuses a body that is not JSON', async () => {
    expect((await api('settings.get', {}, { 'Content-Type': 'text/plain' })).status).toBe(415);
    const broken = await send('/api/settings.get', {
      method: 'POST',
      headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).error.code).toBe('ipc.invalid-payload');
  });

  it('answers an unknown channel and an invalid payload with typed errors', async () => {
    const unknown = await api('payments.teleport', {});
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe('ipc.unknown-channel');
    const invalid = await api('settings.verifyPin', { kind: 'root', pin: '1234' });
    expect(invalid.status).toBe(200);
    expect(JSON.parse(invalid.body)).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid-payload', retryable: false },
    });
  });

  it('never returns a secret saved through it', async () => {
    const saved = await api('settings.save', { secrets: { accessKeySecret: 'SK_never_back' } });
    expect(JSON.parse(saved.body).value.secrets.accessKeySecret).toBe(true);
    expect(saved.body).not.toContain('SK_never_back');
    expect((await api('settings.get', {})).body).not.toContain('SK_never_back');
  });
});

describe('web host: the built renderer', () => {
  it.each(['/', '/customer-display'])('serves index.html for %s with the CSP header', async (path) => {
    const reply = await send(path);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(reply.body).toContain('<title>Wallet POS</title>');
  });

  it('serves assets with their content type, without the token (a page must load before it knows it)', async () => {
    const reply = await send('/assets/main-1.js');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    '/../outside.txt',
    '/%2e%2e/outside.txt',
    '/assets/..%2f..%2foutside.txt',
    '/assets/%2e%2e/%2e%2e/outside.txt',
  ])('refuses traversal %s', async (path) => {
    const reply = await send(path);
    expect([400, 403, 404]).toContain(reply.status);
    expect(reply.body).not.toContain('outside the renderer');
  });

  it('refuses writes to pages (405)', async () => {
    expect((await send('/', { method: 'POST', body: 'x' })).status).toBe(405);
  });
});

describe('web host: events over WebSocket', () => {
  it('delivers core events as {event, payload} JSON', async () => {
    const opened = await openEvents(`?token=${host.token}`, { Origin: host.origin });
    if (!('socket' in opened)) throw new Error(`WebSocket refused: ${opened.status}`);
    const received = new Promise<{ event: string; payload: { settings: { merchantName: string } } }>((resolve) => {
      opened.socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        if (message.event === 'settings.changed') resolve(message);
      });
    });
    await api('settings.save', { settings: { merchantName: 'Night Market Noodles' } });
    const message = await received;
    expect(message.payload.settings.merchantName).toBe('Night Market Noodles');
    opened.socket.close();
  });

  it('refuses a WebSocket without the token, with a wrong one, or from a foreign origin or host', async () => {
    expect(await openEvents('')).toEqual({ status: 401 });
    expect(await openEvents('?token=wrong')).toEqual({ status: 401 });
    expect(await openEvents(`?token=${host.token}`, { Origin: 'https://evil.example' })).toEqual({ status: 403 });
    expect(await openEvents(`?token=${host.token}`, { Host: `evil.example:${host.port}` })).toEqual({ status: 403 });
  });
});

describe("web host: the customer display's token gets only what the display shows", () => {
  const asDisplay = (channel: string, payload: unknown): Promise<Reply> =>
    api(channel, payload, { Authorization: `Bearer ${host.displayToken}` });

  it('derives the display token one way from the cashier token (what the cashier page computes too)', async () => {
    expect(host.displayToken).toBe(await customerDisplayToken(host.token));
    expect(host.displayToken).not.toBe(host.token);
  });

  it("answers the display's own calls", async () => {
    for (const [channel, payload] of [
      ['settings.display', {}],
      ['payments.onDisplay', {}],
    ] as const) {
      const reply = await asDisplay(channel, payload);
      expect(reply.status, channel).toBe(200);
      expect(JSON.parse(reply.body).ok, channel).toBe(true);
    }
  });

  it("refuses the display the till's own reads: the day's payments, the settings view, the app's details", async () => {
    for (const [channel, payload] of [
      ['payments.history', { limit: 5 }],
      ['settings.get', {}],
      ['app.info', {}],
    ] as const) {
      const reply = await asDisplay(channel, payload);
      expect(reply.status, channel).toBe(403);
      expect(JSON.parse(reply.body), channel).toMatchObject({ ok: false, error: { code: 'ipc.forbidden' } });
    }
  });

  it('reads the payment at the counter and its own settings, trimmed to what the display shows', async () => {
    await api('settings.save', { settings: { customerLocale: 'ms' } });
    const settings = JSON.parse((await asDisplay('settings.display', {})).body);
    expect(settings.value).toEqual({
      locale: 'ms',
      merchantName: expect.any(String),
      resultDismissSeconds: expect.any(Number),
      customerHelp: { largeText: false, soundOnResult: false },
      demo: true,
    });
    const charged = JSON.parse((await api('payments.chargeMerchantQr', { amountMinor: 130, currency: 'SGD' })).body);
    const onDisplay = JSON.parse((await asDisplay('payments.onDisplay', {})).body);
    expect(Object.keys(onDisplay.value).sort()).toEqual(
      ['amount', 'createdAt', 'displayStatus', 'expiresAt', 'qrPayload', 'referenceId', 'state', 'updatedAt'].sort(),
    );
    expect(onDisplay.value).toMatchObject({
      referenceId: charged.value.referenceId,
      amount: { amountMinor: 130, currency: 'SGD' },
      qrPayload: charged.value.qrPayload,
    });
    await api('payments.cancel', { referenceId: charged.value.referenceId });
    await api('settings.save', { settings: { customerLocale: '' } });
  });

  it('refuses a refund, a settings change and a PIN guess with the display token (403), and nothing changes', async () => {
    for (const [channel, payload] of [
      ['payments.refund', { referenceId: 'x', amount: { amountMinor: 100, currency: 'SGD' } }],
      ['settings.save', { settings: { merchantName: 'Hijacked by the display' } }],
      ['settings.verifyPin', { kind: 'admin', pin: '1234' }],
      ['customers.list', {}],
    ] as const) {
      const reply = await asDisplay(channel, payload);
      expect(reply.status, channel).toBe(403);
      expect(JSON.parse(reply.body), channel).toMatchObject({ ok: false, error: { code: 'ipc.forbidden' } });
    }
    expect((await core.handlers['settings.get']({})).settings.merchantName).not.toBe('Hijacked by the display');
  });

  it('streams the display only the events it shows', async () => {
    const cashier = await openEvents(`?token=${host.token}`, { Origin: host.origin });
    const display = await openEvents(`?token=${host.displayToken}`, { Origin: host.origin });
    if (!('socket' in cashier) || !('socket' in display)) throw new Error('WebSocket refused');
    const seenByCashier: string[] = [];
    const seenByDisplay: string[] = [];
    const paymentsOnDisplay: Record<string, unknown>[] = [];
    const paymentsOnTill: Record<string, unknown>[] = [];
    display.socket.on('message', (data) => {
      const { event, payload } = JSON.parse(String(data));
      seenByDisplay.push(event);
      if (event === 'payment.updated') paymentsOnDisplay.push(payload);
    });
    const done = new Promise<void>((resolve) => {
      cashier.socket.on('message', (data) => {
        const { event, payload } = JSON.parse(String(data));
        seenByCashier.push(event);
        if (event === 'payment.updated') paymentsOnTill.push(payload);
        if (seenByCashier.includes('status.changed') && seenByCashier.includes('payment.updated')) resolve();
      });
    });
    // A sale at the counter: the display shows the payment; the till's status bar (counts) is not its business.
    await api('payments.chargeMerchantQr', { amountMinor: 120, currency: 'SGD' });
    await done;
    await sleep(100);
    expect(seenByDisplay).toContain('payment.updated');
    expect(seenByDisplay).not.toContain('status.changed');
    expect(seenByDisplay.every((event) => event === 'payment.updated' || event === 'settings.changed')).toBe(true);
    // Who took the payment is the till's to know, not the shopper's (display-redaction.ts).
    expect(paymentsOnTill[0]).toHaveProperty('takenBy');
    expect(paymentsOnDisplay[0]).toMatchObject({ amount: { amountMinor: 120 } });
    expect(paymentsOnDisplay[0]).not.toHaveProperty('takenBy');
    cashier.socket.close();
    display.socket.close();
  });

  it("takes a customer's yes to a wallet charge only with the display's token; a no with either", async () => {
    const ask = () =>
      core.handlers['customers.requestApproval']({
        action: 'charge',
        merchantUserId: 'web-rights-1',
        amountMinor: 300,
        currency: 'SGD',
      });
    const asked = await ask();
    const byCashier = await api('customers.answerApproval', { approvalId: asked.approvalId, approve: true });
    expect(JSON.parse(byCashier.body)).toMatchObject({ ok: false, error: { code: 'ipc.forbidden' } });
    expect((await core.handlers['customers.approvalStatus']({ approvalId: asked.approvalId })).state).toBe('waiting');
    const byDisplay = await asDisplay('customers.answerApproval', { approvalId: asked.approvalId, approve: true });
    expect(JSON.parse(byDisplay.body)).toMatchObject({ ok: true, value: { state: 'approved' } });

    const declined = await ask();
    const no = await api('customers.answerApproval', { approvalId: declined.approvalId, approve: false });
    expect(JSON.parse(no.body)).toMatchObject({ ok: true, value: { state: 'declined' } });
  });
});

describe('web host: its port', () => {
  it('a port another program holds is refused with listen.refused (the preview says which), nothing thrown later', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as { port: number }).port;
    try {
      const refused = await startWebHost({
        core,
        consent: consentOf(),
        rendererDir: join(base, 'renderer'),
        port,
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PosError);
      expect(refused).toMatchObject({
        code: 'listen.refused',
        notice: { key: 'listen.port-in-use', params: { port } },
        message: `Another program on this computer already uses port ${port}.`,
      });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
