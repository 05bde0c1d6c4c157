import { describe, expect, it } from 'vitest';
import {
  consumer,
  longPollUntil,
  newKey,
  openRegisterTill,
  sandboxOrder,
  startSale,
} from './register-till.test-helper.ts';

// A payment belongs to the register key that started it: another key can neither read it, wait on it,
// cancel it nor refund it, and is answered exactly as for a reference that does not exist (nothing says the
// payment is there). Two keys on one till, every answer checked against the OpenAPI document.

const NOBODYS = 'TILL01-20260101-ZZZZZZZZ';

describe('a payment belongs to the key that started it', () => {
  it('another key reads, long-polls and cancels it as if it did not exist (404), and it stays open', async () => {
    const till = await openRegisterTill({ keyNames: ['Front register', 'Back office'] });
    const [front, back] = till.registers;
    const sale = await startSale(front!, { amountMinor: 1500, currency: 'SGD', method: 'merchant-qr' });

    const missing = await back!.get(`/payments/${NOBODYS}`);
    expect(missing.status).toBe(404);
    const foreign = await back!.get(`/payments/${sale.referenceId}`);
    expect(foreign.status).toBe(404);
    // The same answer as for no payment at all, but for the reference it echoes.
    expect(JSON.stringify(foreign.body).replaceAll(sale.referenceId, NOBODYS)).toBe(JSON.stringify(missing.body));

    const started = Date.now();
    const polled = await back!.get(`/payments/${sale.referenceId}?waitSeconds=5`);
    expect(polled).toMatchObject({ status: 404, body: { code: 'payment.not-found' } });
    expect(Date.now() - started).toBeLessThan(2_000);

    const cancel = await back!.post(`/payments/${sale.referenceId}/cancel`, {}, newKey());
    expect(cancel).toMatchObject({ status: 404, body: { code: 'payment.not-found' } });
    expect((await front!.get(`/payments/${sale.referenceId}`)).body).toMatchObject({ status: 'waiting' });
    expect(await sandboxOrder(till, sale.referenceId)).toMatchObject({ status: 'CREATED' });

    // A customer-QR sale still waiting for its scan is the same.
    await front!.post(`/payments/${sale.referenceId}/cancel`, {}, newKey());
    const waiting = await startSale(front!, { amountMinor: 1600, currency: 'SGD', method: 'customer-qr' });
    const calledOff = await back!.post(`/payments/${waiting.referenceId}/cancel`, {}, newKey());
    expect(calledOff).toMatchObject({ status: 404, body: { code: 'payment.not-found' } });
    expect(await till.core.handlers['ecr.openSale']({})).toMatchObject({
      referenceId: waiting.referenceId,
      state: 'waiting',
    });
  });

  it('another key cannot refund it (404, nothing sent); its own key can', async () => {
    const till = await openRegisterTill({ keyNames: ['Front register', 'Back office'], refundsAllowed: true });
    const [front, back] = till.registers;
    const sale = await startSale(front!, { amountMinor: 2400, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: sale.referenceId });
    await longPollUntil(front!, sale.referenceId, 'paid');

    const stolen = await back!.post(
      `/payments/${sale.referenceId}/refunds`,
      { amountMinor: 2400, reason: 'not mine' },
      newKey(),
    );
    expect(stolen).toMatchObject({ status: 404, body: { code: 'payment.not-found' } });
    expect((await sandboxOrder(till, sale.referenceId))!['refunds']).toEqual([]);
    expect((await till.core.handlers['payments.get']({ referenceId: sale.referenceId })).refunds).toEqual([]);

    const own = await front!.post(
      `/payments/${sale.referenceId}/refunds`,
      { amountMinor: 400, reason: 'one item' },
      newKey(),
    );
    expect(own).toMatchObject({ status: 201, body: { state: 'succeeded', amount: { amountMinor: 400 } } });
  });
});
