import { readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../core.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import {
  closeOpenedTills,
  consumer,
  longPollUntil,
  newKey,
  openTill,
  opened,
  startSale,
  type Payment,
} from './one-register-till.test-helper.ts';
import { serverSentEvents } from './register-client.test-helper.ts';

// The register connection end to end (as ecr.sandbox.test.ts): who may do what over it. Refunds only when
// Settings allow them, keys (wrong, revoked, admin-only, kept as a hash), an Idempotency-Key on every POST,
// and answers only at the till's own address.

afterEach(closeOpenedTills);

describe('the register connection', () => {
  it('refunds over the connection when allowed, through the refund path (write-ahead, no supervisor PIN)', async () => {
    const till = await openTill({ refundsAllowed: true });
    const paid = await startSale(till, { amountMinor: 2000, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: paid.referenceId });
    await longPollUntil(till, paid.referenceId, 'paid');
    const refundKey = newKey();
    const refund = await till.register.post<Record<string, unknown>>(
      `/payments/${paid.referenceId}/refunds`,
      { amountMinor: 500, reason: 'returned one item' },
      refundKey,
    );
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({
      referenceId: paid.referenceId,
      amount: { amountMinor: 500 },
      state: 'succeeded',
    });
    expect(refund.body['payment']).toMatchObject({ refunded: { amountMinor: 500 }, refundable: { amountMinor: 1500 } });
    // The same request again (a lost answer): the same refund, not a second one.
    const again = await till.register.post<Record<string, unknown>>(
      `/payments/${paid.referenceId}/refunds`,
      { amountMinor: 500, reason: 'returned one item' },
      refundKey,
    );
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body['refundId']).toBe(refund.body['refundId']);
    const truth = (await (await fetch(`${till.control}/orders/${paid.referenceId}`)).json()) as { refunds: unknown[] };
    expect(truth.refunds).toHaveLength(1);
    const detail = await till.core.handlers['payments.get']({ referenceId: paid.referenceId });
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]).toMatchObject({ reason: 'returned one item', state: 'succeeded' });
  });

  it('refuses refunds when Settings do not allow them over the connection: 403 ecr.refunds-disabled', async () => {
    const till = await openTill({ refundsAllowed: false });
    const paid = await startSale(till, { amountMinor: 2100, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: paid.referenceId });
    await longPollUntil(till, paid.referenceId, 'paid');
    const refused = await till.register.post(
      `/payments/${paid.referenceId}/refunds`,
      { amountMinor: 100, reason: 'no' },
      newKey(),
    );
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'ecr.refunds-disabled', type: 'urn:wallet-pos:problem:ecr.refunds-disabled', status: 403 },
    });
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const truth = (await (await fetch(`${till.control}/orders/${paid.referenceId}`)).json()) as { refunds: unknown[] };
    expect(truth.refunds).toHaveLength(0);
  });

  it('refuses a wrong key and a revoked key (401), and closes the revoked key’s event stream', async () => {
    const till = await openTill();
    const wrong = await till.register.request('GET', '/payments/TILL01-20260101-AAAAAAAA', { key: 'ecr_wrong' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const none = await till.register.request('GET', '/openapi.json', { key: null });
    expect(none).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });

    const stream = await fetch(`${till.register.baseUrl}/events`, {
      headers: { Authorization: `Bearer ${till.register.key}` },
    });
    expect(stream.status).toBe(200);
    const events = serverSentEvents(stream);
    const ended = (async () => {
      for await (const _ of events) void _;
      return 'ended';
    })();
    await till.core.handlers['ecr.revokeKey']({ name: 'Front register' });
    expect(await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve('still open'), 3_000))])).toBe(
      'ended',
    );
    const revoked = await till.register.post(
      '/payments',
      { amountMinor: 100, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(revoked).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });
    expect(await till.core.handlers['ecr.keys']({})).toEqual([]);
  });

  it('every POST needs an Idempotency-Key (400); the same key replays its payment; with another body: 409', async () => {
    const till = await openTill();
    const body = { amountMinor: 300, currency: 'SGD', method: 'merchant-qr' };
    const missing = await till.register.post('/payments', body, null);
    expect(missing).toMatchObject({ status: 400, body: { code: 'ecr.idempotency-key-missing' } });
    expect(await till.core.handlers['payments.history']({})).toMatchObject({ total: 0 });

    const key = newKey();
    const first = await till.register.post<Payment>('/payments', body, key);
    expect(first.status).toBe(201);
    const replay = await till.register.post<Payment>('/payments', { ...body }, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.referenceId).toBe(first.body.referenceId);
    const other = await till.register.post('/payments', { ...body, amountMinor: 301 }, key);
    expect(other).toMatchObject({ status: 409, body: { code: 'ecr.idempotency-conflict' } });
    // One payment, one order.
    expect(await till.core.handlers['payments.history']({})).toMatchObject({ total: 1 });
    const orders = (await (await fetch(`${till.control}/orders`)).json()) as { orders: unknown[] };
    expect(orders.orders).toHaveLength(1);

    const invalid = await till.register.post('/payments', { amountMinor: 12.5, currency: 'SGD' }, newKey());
    expect(invalid).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
    expect((invalid.body as { detail: string }).detail).toMatch(/amountMinor/);
    const badReference = await till.register.post('/payments', { ...body, orderReference: 'no spaces!' }, newKey());
    expect(badReference).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
  });

  it('two requests with one key at the same time make one payment', async () => {
    const till = await openTill();
    const key = newKey();
    const body = { amountMinor: 350, currency: 'SGD', method: 'merchant-qr' };
    const [a, b] = await Promise.all([
      till.register.post<Payment>('/payments', body, key),
      till.register.post<Payment>('/payments', body, key),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.referenceId).toBe(b.body.referenceId);
    expect(await till.core.handlers['payments.history']({})).toMatchObject({ total: 1 });
  });

  it('answers only at the till’s own address and never to a browser page (DNS rebinding, cross-site)', async () => {
    const till = await openTill();
    const ask = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port: till.port,
            path: '/ecr/v1/openapi.json',
            headers: { Authorization: `Bearer ${till.register.key}`, ...headers },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    expect((await ask({})).status).toBe(200);
    const rebound = await ask({ Host: `evil.example:${till.port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: 'ecr.forbidden' });
    expect((await ask({ Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('keys are admin-only once an admin PIN exists, shown once, and kept only as a hash', async () => {
    const till = await openTill();
    const { key } = await till.core.handlers['ecr.createKey']({ name: 'Back office' });
    expect(key).toMatch(/^ecr_[A-Za-z0-9_-]{43}$/);
    const file = readFileSync(join(till.dir, 'register-keys.json'), 'utf8');
    expect(file).not.toContain(key);
    expect(file).not.toContain(till.register.key);
    expect(statSync(join(till.dir, 'register-keys.json')).mode & 0o777).toBe(0o600);
    await expect(till.core.handlers['ecr.createKey']({ name: 'Back office' })).rejects.toMatchObject({
      code: 'ecr.key-name-taken',
    });
    await till.core.handlers['settings.save']({ secrets: { adminPin: '9753' } });
    // Saving the PIN opened the admin's window; once it lapses the keys are locked.
    await till.core.close();
    opened.splice(opened.indexOf(till), 1);
    const reopened = await createCore({
      dataDir: till.dir,
      vault: new DevelopmentFileVault(join(till.dir, 'vault.json')),
      transport: 'web',
      version: '9.9.9',
      statusIntervalMs: 60_000,
    });
    try {
      await expect(reopened.handlers['ecr.keys']({})).rejects.toMatchObject({ code: 'admin.pin-required' });
      await expect(reopened.handlers['ecr.newCertificate']({})).rejects.toMatchObject({ code: 'admin.pin-required' });
      await expect(reopened.handlers['ecr.createKey']({ name: 'Sneaky' })).rejects.toMatchObject({
        code: 'admin.pin-required',
      });
      await expect(reopened.handlers['ecr.revokeKey']({ name: 'Back office' })).rejects.toMatchObject({
        code: 'admin.pin-required',
      });
      expect(await reopened.handlers['settings.verifyPin']({ kind: 'admin', pin: '9753' })).toEqual({ valid: true });
      expect((await reopened.handlers['ecr.keys']({})).map((k) => k.name)).toEqual(['Front register', 'Back office']);
    } finally {
      await reopened.close();
      rmSync(till.dir, { recursive: true, force: true });
    }
  });
});
