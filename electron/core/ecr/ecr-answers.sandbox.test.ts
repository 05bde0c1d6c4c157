import { describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../sandbox/server.ts';
import { EMBEDDED_BASE_PATH } from '../instore/profiles.ts';
import { consumer, newKey, openRegisterTill, sandboxOrder, startSale, waitFor } from './register-till.test-helper.ts';

// What the register is answered, exactly as README and the OpenAPI document say: a problem answer means
// nothing was recorded, a 2xx that it was; every answer (status, body, the headers the API adds) is checked
// against the document by the register client.

async function cancelsSent(control: string, since: number): Promise<number> {
  const answer = (await (await fetch(`${control}/requests?since=${since}`)).json()) as {
    requests: { method: string; path: string }[];
  };
  return answer.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/cancel')).length;
}

describe('the register connection answers as documented', () => {
  it('a cancel the provider refuses was recorded with its request: answered as the payment, replayed, sent once', async () => {
    // No polling and no notifications while the customer pays: the till still believes the order waits.
    const till = await openRegisterTill({
      payments: { schedule: { firstDelayMs: 60_000, steps: [[0, 60_000]] }, webhooks: false },
    });
    const [register] = till.registers;
    const since = Date.now();
    const sale = await startSale(register!, { amountMinor: 1900, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: sale.referenceId });
    await waitFor(async () =>
      (await sandboxOrder(till, sale.referenceId))?.['status'] === 'CAPTURED' ? true : undefined,
    );
    expect((await register!.get(`/payments/${sale.referenceId}`)).body).toMatchObject({ status: 'waiting' });

    const key = newKey();
    const refused = await register!.post(`/payments/${sale.referenceId}/cancel`, {}, key);
    // The cancel was written and sent: the register is told what it came to, never "nothing was recorded".
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 'paid', providerStatus: 'CAPTURED', canCancel: false });
    const again = await register!.post(`/payments/${sale.referenceId}/cancel`, {}, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toMatchObject({ referenceId: sale.referenceId, status: 'paid' });
    expect(await cancelsSent(till.control, since)).toBe(1);
  });

  it('ecr.busy names the sale that holds the till (referenceId, an RFC 9457 extension member) to its own key only', async () => {
    const till = await openRegisterTill({ keyNames: ['Front register', 'Back office'] });
    const [front, back] = till.registers;
    const first = await startSale(front!, { amountMinor: 2000, currency: 'SGD', method: 'customer-qr' });
    const body = { amountMinor: 2001, currency: 'SGD', method: 'merchant-qr' };
    const own = await front!.post('/payments', body, newKey());
    expect(own).toMatchObject({ status: 409, body: { code: 'ecr.busy', referenceId: first.referenceId } });
    // Another register's sale is none of this key's business: busy, and nothing more.
    const others = await back!.post('/payments', body, newKey());
    expect(others).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    expect(others.body).not.toHaveProperty('referenceId');
    expect(JSON.stringify(others.body)).not.toContain(first.referenceId);
    // The cashier's own sale on the payment screen: not named either.
    await front!.post(`/payments/${first.referenceId}/cancel`, {}, newKey());
    const cashiers = await till.core.handlers['payments.chargeMerchantQr']({ amountMinor: 2002, currency: 'SGD' });
    await till.core.handlers['payments.cashierSale']({
      window: 'cashier-window',
      sale: { surface: 'payment', referenceId: cashiers.referenceId },
    });
    const busy = await front!.post(
      '/payments',
      { amountMinor: 2003, currency: 'SGD', method: 'merchant-qr' },
      newKey(),
    );
    expect(busy).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    expect(JSON.stringify(busy.body)).not.toContain(cashiers.referenceId);
    // Problems without a payment to name carry no referenceId.
    const missing = await front!.post('/payments', { amountMinor: 1, currency: 'SGD', method: 'merchant-qr' }, null);
    expect(missing).toMatchObject({ status: 400, body: { code: 'ecr.idempotency-key-missing' } });
    expect(missing.body).not.toHaveProperty('referenceId');
  });

  it('a method the address does not take: 405 with Allow, as documented', async () => {
    const till = await openRegisterTill();
    const [register] = till.registers;
    const wrong = await register!.request('DELETE', '/payments', {});
    expect(wrong).toMatchObject({ status: 405, body: { code: 'ecr.method-not-allowed' } });
    expect(wrong.headers.get('allow')).toBe('POST');
    const post = await register!.request('POST', '/payments/TILL01-20260101-AAAAAAAA', { idempotencyKey: newKey() });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  it("a payment address takes references as documented (the till's own: 8–36 letters, digits, hyphens)", async () => {
    const till = await openRegisterTill();
    const [register] = till.registers;
    // Too short or too long for a reference: no such address, as the document's pattern says.
    for (const reference of ['SHORT', 'X'.repeat(37)])
      expect(await register!.get(`/payments/${reference}`)).toMatchObject({
        status: 404,
        body: { code: 'ecr.not-found' },
      });
    // A reference of the right shape that no register of this key started: no such payment.
    expect(await register!.get('/payments/TILL01-20260101-AAAAAAAA')).toMatchObject({
      status: 404,
      body: { code: 'payment.not-found' },
    });
  });

  it('a cancel refused before anything was recorded (a payment of another terminal): 422, as documented', async () => {
    const till = await openRegisterTill();
    const [register] = till.registers;
    const sale = await startSale(register!, { amountMinor: 2100, currency: 'SGD', method: 'merchant-qr' });
    await till.core.handlers['settings.save']({
      settings: {
        environment: 'custom',
        customBaseUrl: till.control.replace(/\/_sandbox$/, '') + EMBEDDED_BASE_PATH,
        accessKeyId: DEMO_CREDENTIALS.accessKeyId,
        posId: 'ANOTHER-TERMINAL',
        country: 'SG',
        currency: 'SGD',
        webhookUrl: '',
      },
      secrets: { accessKeySecret: DEMO_CREDENTIALS.accessKeySecret },
    });
    const refused = await register!.post(`/payments/${sale.referenceId}/cancel`, {}, newKey());
    expect(refused).toMatchObject({ status: 422, body: { code: 'terminal.denied' } });
  });

  it('takes exactly the Idempotency-Keys the document describes (printable ASCII, 1–128)', async () => {
    const till = await openRegisterTill();
    const [register] = till.registers;
    const document = await register!.document();
    const parameters = (document['paths'] as Record<string, { post: { parameters: Record<string, unknown>[] } }>)[
      '/payments'
    ]!.post.parameters;
    const { pattern, maxLength } = parameters.find((p) => p['name'] === 'Idempotency-Key')!['schema'] as {
      pattern: string;
      maxLength: number;
    };
    const documented = (key: string) => new RegExp(pattern).test(key) && key.length <= maxLength;
    const candidates = ['k', 'sale 1042/refund #2', 'x'.repeat(128), 'x'.repeat(129), 'clé', 'tab\there', '~!@$%^&*()'];
    for (const key of candidates) {
      // An invalid body: a key the till takes gets as far as the body (400 ecr.invalid-request), nothing made.
      const answer = await register!.request('POST', '/payments', { body: { amountMinor: 0 }, idempotencyKey: key });
      expect(answer.status, key).toBe(400);
      const taken = (answer.body as { code: string }).code === 'ecr.invalid-request';
      expect(taken, `${JSON.stringify(key)}: the document says ${documented(key) ? 'valid' : 'invalid'}`).toBe(
        documented(key),
      );
    }
  });

  it('waitSeconds is a decimal whole number from 0 to 60, nothing else', async () => {
    const till = await openRegisterTill();
    const [register] = till.registers;
    const sale = await startSale(register!, { amountMinor: 2200, currency: 'SGD', method: 'merchant-qr' });
    for (const wait of ['', '0x3c', '1e1', '+5', '5.0', '%205', '-1', '61', '100', 'five']) {
      const answer = await register!.get(`/payments/${sale.referenceId}?waitSeconds=${wait}`);
      expect(answer, `waitSeconds=${wait}`).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
    }
    for (const wait of ['0', '00', '1']) {
      const answer = await register!.get(`/payments/${sale.referenceId}?waitSeconds=${wait}`);
      expect(answer.status, `waitSeconds=${wait}`).toBe(200);
    }
  });

  it('documents the headers it adds: Idempotent-Replayed on a replay, WWW-Authenticate on a 401', async () => {
    const till = await openRegisterTill();
    const [register] = till.registers;
    const key = newKey();
    const body = { amountMinor: 2300, currency: 'SGD', method: 'merchant-qr' };
    await register!.post('/payments', body, key);
    // The client refuses any of these headers the document does not list for that answer.
    const replay = await register!.post('/payments', body, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const wrong = await register!.request('GET', '/openapi.json', { key: 'ecr_wrong' });
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });
});
