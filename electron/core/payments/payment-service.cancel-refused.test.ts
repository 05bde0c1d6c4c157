import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../sandbox/server.ts';
import { EMBEDDED_BASE_PATH } from '../instore/profiles.ts';
import { caught } from '../../testing/helpers.ts';
import { control, openHarness, sandboxOrders, waitForDetail } from './payment-service.test-helper.ts';

// The provider's troubleshooting list gives `Order is not in captured state.` as its refusal of a CANCEL too
// (wire-details §2.5): on a cancel it means "too late to cancel, look the order up". The sandbox refuses such
// a cancel in its own words, so a pass-through in front of it answers that refusal with the published sentence,
// as the live provider would; everything else reaches the sandbox unchanged (which verifies the signatures
// over the pass-through's address). The payment service must read it by operation, record the cancel as
// not cancellable (not as failed), look the order up, and show what the customer did: paid.

const PUBLISHED = 'Order is not in captured state.';

interface PassThrough {
  readonly origin: string;
  /** Where requests go (the sandbox, started after the pass-through so it can sign for its address). */
  target: string;
  readonly cancels: { status: number; sandboxMessage: string }[];
  close(): Promise<void>;
}

let passThrough: PassThrough | null = null;
afterEach(async () => {
  await passThrough?.close();
  passThrough = null;
});

async function startPassThrough(): Promise<PassThrough> {
  const cancels: PassThrough['cancels'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
            headers.set(name, value);
        }
        const body = Buffer.concat(chunks);
        const upstream = await fetch(`${proxy.target}${req.url ?? ''}`, {
          method: req.method ?? 'GET',
          headers,
          ...(body.length > 0 ? { body } : {}),
        });
        let text = await upstream.text();
        if (req.method === 'POST' && /\/cancel$/.test(req.url ?? '') && upstream.status === 409) {
          const refusal = JSON.parse(text) as { message: string; traceId?: string };
          cancels.push({ status: upstream.status, sandboxMessage: refusal.message });
          text = JSON.stringify({ statusCode: 409, message: PUBLISHED, traceId: refusal.traceId });
        }
        res.writeHead(upstream.status, {
          'Content-Type': 'application/json',
          Date: upstream.headers.get('date') ?? new Date().toUTCString(),
        });
        res.end(text);
      })().catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: PassThrough = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    target: '',
    cancels,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}

describe(`a cancel refused with "${PUBLISHED}" (the live provider's words)`, () => {
  it('is too late to cancel: recorded as not cancellable, the order looked up, and the payment shown as paid', async () => {
    passThrough = await startPassThrough();
    // No polling while the customer pays: the till still believes the order waits when the cashier cancels.
    const harness = await openHarness(
      { schedule: { firstDelayMs: 60_000, steps: [[0, 60_000]] }, webhooks: false },
      { headerPrefix: 'X-ShopBack-', publicOrigin: passThrough.origin, confirmDelayMs: 50 },
    );
    passThrough.target = harness.sandbox.origin;
    await harness.test.context.settings.save({
      settings: {
        environment: 'custom',
        customBaseUrl: passThrough.origin + EMBEDDED_BASE_PATH,
        accessKeyId: DEMO_CREDENTIALS.accessKeyId,
        posId: DEMO_CREDENTIALS.posId,
        country: 'SG',
        currency: 'SGD',
        webhookUrl: '',
      },
      secrets: { accessKeySecret: DEMO_CREDENTIALS.accessKeySecret },
    });

    const sale = await harness.h['payments.chargeMerchantQr']({ amountMinor: 1800, currency: 'SGD' });
    expect(sale.displayStatus).toBe('waiting');
    await control(harness.sandbox, 'POST', '/consumer/confirm', { referenceId: sale.referenceId });
    await expect.poll(async () => (await sandboxOrders(harness.sandbox))[0]!.status).toBe('CAPTURED');
    expect((await harness.h['payments.get']({ referenceId: sale.referenceId })).payment.displayStatus).toBe('waiting');

    const refused = await caught(harness.h['payments.cancel']({ referenceId: sale.referenceId }));
    expect(passThrough.cancels).toHaveLength(1);
    expect(refused.code).toBe('order.not-cancellable');
    expect(refused.details).toMatchObject({ providerMessage: PUBLISHED, operation: 'cancel', httpStatus: 409 });

    // Looked up at once: the customer paid, and that is what the till shows and keeps.
    const detail = await waitForDetail(harness.h, sale.referenceId, (d) => d.payment.displayStatus === 'paid', 3_000);
    expect(detail.payment).toMatchObject({ state: 'final', providerStatus: 'CAPTURED', canCancel: false });
    const notices = detail.events.map((event) => event.notice);
    const refusedAt = notices.findIndex((n) => n?.key === 'event.cancel-refused');
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    expect(notices.slice(refusedAt + 1)).toContainEqual({
      key: 'event.status',
      params: { status: 'CAPTURED', trigger: 'cancel' },
    });
    expect((await sandboxOrders(harness.sandbox))[0]!.status).toBe('CAPTURED');
  });
});
