import { statSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegisterSale } from '../../../shared/register.ts';
import { CERTIFICATE_FOLDER } from './certificate.ts';
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
import { waitFor } from './register-till.test-helper.ts';
import { sleep } from '../../testing/helpers.ts';

// The register connection end to end under plain Node: the composed core on the embedded sandbox, a register
// written with fetch only over real sockets, and every answer it gets checked against the till's own OpenAPI
// document (which is itself checked with an OpenAPI 3.1 validator). Here: sales, cancels, the long poll, events,
// expiry, the shop network; who may do what (refunds, keys, Idempotency-Keys, address guards) is in
// ecr-access.sandbox.test.ts.

afterEach(closeOpenedTills);

describe('the register connection', () => {
  it('serves an OpenAPI 3.1 document that a real validator accepts, generated from the server’s schemas', async () => {
    const till = await openTill();
    const document = await till.register.document();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document['openapi']).toBe('3.1.0');
    const schemas = (document['components'] as { schemas: Record<string, { required?: string[] }> }).schemas;
    expect(schemas['CreatePayment']!.required).toEqual(['amountMinor', 'currency', 'method']);
    expect(schemas['Payment']!.required).toEqual(
      expect.arrayContaining(['referenceId', 'status', 'amount', 'qrPayload', 'orderReference', 'refundable']),
    );
  });

  it('a merchant-QR sale: shown on the till at once, paid by the customer, and the long poll answers paid', async () => {
    const till = await openTill();
    const created = await startSale(till, {
      amountMinor: 1234,
      currency: 'SGD',
      method: 'merchant-qr',
      orderReference: 'POS-ORDER-42',
      note: 'table 7',
    });
    expect(created).toMatchObject({
      status: 'waiting',
      amount: { amountMinor: 1234, currency: 'SGD' },
      orderReference: 'POS-ORDER-42',
      note: 'table 7',
      method: 'merchant-qr',
    });
    expect(created.qrPayload).toMatch(/^sandbox-wallet:\/\/pay\//);
    // The cashier's screen heard of it at once: the sale with its origin, and the payment.
    const shown = till.events.find((e) => e.event === 'ecr.sale')?.payload as RegisterSale;
    expect(shown).toMatchObject({ referenceId: created.referenceId, keyName: 'Front register', state: 'started' });
    const detail = await till.core.handlers['payments.get']({ referenceId: created.referenceId });
    expect(detail.payment.fromRegister).toEqual({
      keyId: expect.stringMatching(/^key_[0-9a-f]{32}$/),
      keyName: 'Front register',
      orderReference: 'POS-ORDER-42',
    });
    // The provider got the register's order reference.
    const truth = (await (await fetch(`${till.control}/orders/${created.referenceId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(truth['orderMetadata']).toMatchObject({ merchantOrderReference: 'POS-ORDER-42' });

    await consumer(till, '/consumer/scan', { qrPayload: created.qrPayload });
    await consumer(till, '/consumer/confirm', { referenceId: created.referenceId });
    const seen = await longPollUntil(till, created.referenceId, 'paid');
    expect(seen.at(-1)).toMatchObject({
      status: 'paid',
      providerStatus: 'CAPTURED',
      refundable: { amountMinor: 1234 },
    });
  });

  it('a long poll holds its answer until the status changes, and answers after waitSeconds when nothing does', async () => {
    const till = await openTill();
    const created = await startSale(till, { amountMinor: 500, currency: 'SGD', method: 'merchant-qr' });
    const started = Date.now();
    const unchanged = await till.register.get<Payment>(`/payments/${created.referenceId}?waitSeconds=1`);
    expect(unchanged.body.status).toBe('waiting');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const held = till.register.get<Payment>(`/payments/${created.referenceId}?waitSeconds=30`);
    await sleep(200);
    await consumer(till, '/consumer/scan', { qrPayload: created.qrPayload });
    const changed = Date.now();
    expect((await held).body.status).toBe('scanned');
    expect(Date.now() - changed).toBeLessThan(5_000);
    const tooLong = await till.register.get(`/payments/${created.referenceId}?waitSeconds=61`);
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
  });

  it('a customer-QR sale waits for the scan at the till, which pays it through the scan path', async () => {
    const till = await openTill();
    const created = await startSale(till, {
      amountMinor: 880,
      currency: 'SGD',
      method: 'customer-qr',
      orderReference: 'POS-ORDER-43',
    });
    expect(created).toMatchObject({ status: 'waiting', method: 'customer-qr', providerStatus: null, qrPayload: null });
    const waiting = till.events.find((e) => e.event === 'ecr.sale')?.payload as RegisterSale;
    expect(waiting).toMatchObject({ referenceId: created.referenceId, state: 'waiting', payment: null });
    expect(await till.core.handlers['ecr.openSale']({})).toMatchObject({ referenceId: created.referenceId });

    // The cashier's USB scanner reads the customer's code: the scan screen charges it for this sale.
    const minted = await consumer(till, '/consumer-codes', { behaviour: 'approve' });
    const view = await till.core.handlers['payments.chargeCustomerQr']({
      amountMinor: 880,
      currency: 'SGD',
      consumerCode: minted['code'] as string,
      registerSale: created.referenceId,
    });
    expect(view.referenceId).toBe(created.referenceId);
    expect(view.fromRegister).toEqual({
      keyId: expect.stringMatching(/^key_[0-9a-f]{32}$/),
      keyName: 'Front register',
      orderReference: 'POS-ORDER-43',
    });
    const seen = await longPollUntil(till, created.referenceId, 'paid');
    expect(seen.at(-1)).toMatchObject({ status: 'paid', method: 'customer-qr' });
    // The sale is closed: another scan for it is refused, and the till is free again.
    await expect(
      till.core.handlers['payments.chargeCustomerQr']({
        amountMinor: 880,
        currency: 'SGD',
        consumerCode: 'SBCQ0000000000000000',
        registerSale: created.referenceId,
      }),
    ).rejects.toMatchObject({ code: 'order.duplicate-reference' });
    expect(await till.core.handlers['ecr.openSale']({})).toBeNull();
  });

  it('cancels over the connection: a merchant-QR payment at the provider, a customer-QR sale before its scan', async () => {
    const till = await openTill();
    const qr = await startSale(till, { amountMinor: 700, currency: 'SGD', method: 'merchant-qr' });
    const cancelled = await till.register.post<Payment>(`/payments/${qr.referenceId}/cancel`, {}, newKey());
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', providerStatus: 'CANCELLED', canCancel: false });

    const scan = await startSale(till, { amountMinor: 710, currency: 'SGD', method: 'customer-qr' });
    const called = await till.register.request<Payment>('POST', `/payments/${scan.referenceId}/cancel`, {
      idempotencyKey: newKey(),
    });
    expect(called).toMatchObject({ status: 200, body: { status: 'cancelled', providerStatus: null } });
    // Nothing ever reached the provider for it.
    expect((await fetch(`${till.control}/orders/${scan.referenceId}`)).status).toBe(404);
    // A scan that comes too late is refused with the reason.
    await expect(
      till.core.handlers['payments.chargeCustomerQr']({
        amountMinor: 710,
        currency: 'SGD',
        consumerCode: 'SBCQ0000000000000000',
        registerSale: scan.referenceId,
      }),
    ).rejects.toMatchObject({ code: 'ecr.sale-cancelled' });
  });

  it('one sale at a time: a second register sale while one is open is refused 409 ecr.busy', async () => {
    const till = await openTill();
    const first = await startSale(till, { amountMinor: 400, currency: 'SGD', method: 'customer-qr' });
    const second = await till.register.post(
      '/payments',
      { amountMinor: 401, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(second).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    await till.register.post(`/payments/${first.referenceId}/cancel`, {}, newKey());
    const open = await startSale(till, { amountMinor: 402, currency: 'SGD', method: 'merchant-qr' });
    const third = await till.register.post(
      '/payments',
      { amountMinor: 403, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(third).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    // The cashier's own sale on the payment screen makes the till busy too (ecr-busy.sandbox.test.ts: the rest).
    await till.register.post(`/payments/${open.referenceId}/cancel`, {}, newKey());
    const cashiers = await till.core.handlers['payments.chargeMerchantQr']({ amountMinor: 404, currency: 'SGD' });
    await till.core.handlers['payments.cashierSale']({
      window: 'cashier-window',
      sale: { surface: 'payment', referenceId: cashiers.referenceId },
    });
    const fourth = await till.register.post(
      '/payments',
      { amountMinor: 405, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(fourth).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
  });

  it('a customer-QR sale nobody scans expires like a QR: the register hears expired, the till is free, a late scan is refused', async () => {
    const lifetimeMs = 1_500;
    const till = await openTill({}, { payments: { orderLifetimeMs: lifetimeMs } });
    const stream = await fetch(`${till.register.baseUrl}/events`, {
      headers: { Authorization: `Bearer ${till.register.key}` },
    });
    const events = serverSentEvents(stream);
    const created = await startSale(till, { amountMinor: 920, currency: 'SGD', method: 'customer-qr' });
    expect(Date.parse(created['expiresAt'] as string) - Date.parse(created['createdAt'] as string)).toBe(lifetimeMs);
    const busy = await till.register.post(
      '/payments',
      { amountMinor: 921, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(busy).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });

    // Its long poll answers expired when the wait runs out, with nobody touching the till or the register.
    const polled = await till.register.get<Payment>(`/payments/${created.referenceId}?waitSeconds=10`);
    expect(polled.body).toMatchObject({ status: 'expired', canCancel: false, providerStatus: null });
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(created['expiresAt'] as string));
    for await (const event of events) {
      const payment = JSON.parse(event.data) as Payment;
      await till.register.checkEvent(payment);
      if (payment.status === 'expired') break;
    }
    // The cashier's screen heard it (it leaves the scan prompt), and the till is free for the next sale.
    expect(till.events.filter((e) => e.event === 'ecr.sale').map((e) => (e.payload as RegisterSale).state)).toEqual([
      'waiting',
      'expired',
    ]);
    expect(await till.core.handlers['ecr.openSale']({})).toBeNull();
    await expect(
      till.core.handlers['payments.chargeCustomerQr']({
        amountMinor: 920,
        currency: 'SGD',
        consumerCode: 'SBCQ0000000000000000',
        registerSale: created.referenceId,
      }),
    ).rejects.toMatchObject({ code: 'ecr.sale-expired' });
    const late = await till.register.post(`/payments/${created.referenceId}/cancel`, {}, newKey());
    expect(late).toMatchObject({ status: 409, body: { code: 'ecr.sale-expired' } });
    // Nothing ever reached the provider for it.
    expect((await fetch(`${till.control}/orders/${created.referenceId}`)).status).toBe(404);
    const next = await startSale(till, { amountMinor: 930, currency: 'SGD', method: 'customer-qr' });
    expect(next.status).toBe('waiting');
  });

  it('a customer-QR sale that expired while the till was down is expired when it starts again', async () => {
    const lifetimeMs = 800;
    const first = await openTill({}, { payments: { orderLifetimeMs: lifetimeMs } });
    const created = await startSale(first, { amountMinor: 940, currency: 'SGD', method: 'customer-qr' });
    await first.core.close();
    opened.splice(opened.indexOf(first), 1);
    await sleep(lifetimeMs + 200);

    const till = await openTill({}, { payments: { orderLifetimeMs: lifetimeMs }, again: first });
    expect(await till.core.handlers['ecr.openSale']({})).toBeNull();
    const now = await till.register.get<Payment>(`/payments/${created.referenceId}`);
    expect(now.body).toMatchObject({ status: 'expired', expiresAt: created['expiresAt'] });
    const next = await startSale(till, { amountMinor: 950, currency: 'SGD', method: 'customer-qr' });
    expect(next.status).toBe('waiting');
  });

  it('sends payment.updated events of its own key’s payments over SSE', async () => {
    const till = await openTill();
    const stream = await fetch(`${till.register.baseUrl}/events`, {
      headers: { Authorization: `Bearer ${till.register.key}` },
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = serverSentEvents(stream);
    const created = await startSale(till, { amountMinor: 600, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: created.referenceId });
    const statuses: string[] = [];
    for await (const event of events) {
      expect(event.event).toBe('payment.updated');
      const payment = JSON.parse(event.data) as Payment;
      await till.register.checkEvent(payment);
      expect(payment.referenceId).toBe(created.referenceId);
      statuses.push(payment.status);
      if (payment.status === 'paid') break;
    }
    expect(statuses).toEqual(expect.arrayContaining(['sending', 'waiting', 'paid']));
  });

  it('on the shop network: HTTPS with the till’s own certificate, kept, whose fingerprint a register pins', async () => {
    const till = await openTill({ network: 'shop-network' });
    const status = await till.core.handlers['ecr.status']({});
    expect(status.baseUrl).toMatch(/^https:\/\//);
    expect(status.certificate?.sha256Fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(statSync(join(till.dir, CERTIFICATE_FOLDER, 'private-key.pem')).mode & 0o777).toBe(0o600);
    // A register that pins the fingerprint (and trusts nothing else) gets through; plain HTTP does not.
    const pinned = await new Promise<{ status: number; fingerprint: string }>((resolve, reject) => {
      const request = httpsRequest(
        {
          host: '127.0.0.1',
          port: till.port,
          path: '/ecr/v1/openapi.json',
          headers: { Authorization: `Bearer ${till.register.key}` },
          rejectUnauthorized: false,
        },
        (response) => {
          const certificate = (response.socket as TLSSocket).getPeerCertificate();
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, fingerprint: certificate.fingerprint256 }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(pinned).toEqual({ status: 200, fingerprint: status.certificate!.sha256Fingerprint });
    await expect(fetch(`http://127.0.0.1:${till.port}/ecr/v1/openapi.json`)).rejects.toThrow();
    // Back to this computer and again to the shop network: the same certificate (a pinned register keeps working).
    await till.core.handlers['settings.save']({
      settings: { ecr: { enabled: true, port: till.port, network: 'this-computer', refundsAllowed: true } },
    });
    await till.core.handlers['settings.save']({
      settings: { ecr: { enabled: true, port: till.port, network: 'shop-network', refundsAllowed: true } },
    });
    const again = await waitFor(async () => (await till.core.handlers['ecr.status']({})).certificate ?? undefined);
    expect(again.sha256Fingerprint).toBe(status.certificate!.sha256Fingerprint);
  });

  it('stops listening when turned off in Settings', async () => {
    const till = await openTill();
    expect((await till.register.get('/openapi.json')).status).toBe(200);
    await till.core.handlers['settings.save']({
      settings: { ecr: { enabled: false, port: till.port, network: 'this-computer', refundsAllowed: true } },
    });
    await waitFor(async () => ((await till.core.handlers['ecr.status']({})).baseUrl === null ? true : undefined));
    await expect(fetch(`${till.register.baseUrl}/openapi.json`)).rejects.toThrow();
  });
});
