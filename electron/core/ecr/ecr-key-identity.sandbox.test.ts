import { describe, expect, it } from 'vitest';
import { dispatch } from '../dispatch.ts';
import { RegisterClient, serverSentEvents } from './register-client.test-helper.ts';
import { consumer, openRegisterTill, waitFor } from './register-till.test-helper.ts';

// A key is its id, not its name. Revoke "POS A" and make "POS A" again: the new key is another key. It cannot
// read, wait on, cancel or refund the old key's payments, hears nothing of them on its event stream, and its
// Idempotency-Keys start afresh. Two keys may not share a name as a person reads it.

const SALE = { amountMinor: 3300, currency: 'SGD', method: 'merchant-qr' } as const;

describe('a register key is its id, not its name', () => {
  it('"POS A" revoked and made again sees nothing of the old key’s payments, and its replays start afresh', async () => {
    const till = await openRegisterTill({ keyNames: ['POS A'], refundsAllowed: true });
    const [old] = till.registers;
    const sale = await old!.post<{ referenceId: string }>('/payments', SALE, 'sale-0001');
    expect(sale.status).toBe(201);
    const { referenceId } = sale.body;

    await till.core.handlers['ecr.revokeKey']({ name: 'POS A' });
    const { key } = await till.core.handlers['ecr.createKey']({ name: 'POS A' });
    const again = new RegisterClient(till.baseUrl, key, till.ca);
    const stream = await fetch(`${till.baseUrl}/events`, { headers: { Authorization: `Bearer ${key}` } });
    const events = serverSentEvents(stream);

    expect(await again.get(`/payments/${referenceId}`)).toMatchObject({
      status: 404,
      body: { code: 'payment.not-found' },
    });
    expect(await again.get(`/payments/${referenceId}?waitSeconds=2`)).toMatchObject({ status: 404 });
    expect(await again.post(`/payments/${referenceId}/cancel`, {}, 'cancel-0001')).toMatchObject({ status: 404 });
    // The old key's sale holds the till: busy, without naming it.
    const busy = await again.post('/payments', SALE, 'sale-0001');
    expect(busy).toMatchObject({ status: 409, body: { code: 'ecr.busy' } });
    expect(JSON.stringify(busy.body)).not.toContain(referenceId);

    // The old sale is paid (the stream of the new key hears nothing of it); the new key cannot refund it.
    await consumer(till, '/consumer/confirm', { referenceId });
    await waitFor(async () => {
      const detail = await till.core.handlers['payments.get']({ referenceId });
      return detail.payment.displayStatus === 'paid' ? true : undefined;
    });
    expect(
      await again.post(`/payments/${referenceId}/refunds`, { amountMinor: 3300, reason: 'not mine' }, 'refund-0001'),
    ).toMatchObject({ status: 404 });
    expect((await till.core.handlers['payments.get']({ referenceId })).refunds).toEqual([]);

    // The old key's Idempotency-Key, the same body: a sale of its own, not a replay of the old one, paid.
    const fresh = await again.post<{ referenceId: string; status: string }>('/payments', SALE, 'sale-0001');
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.body.referenceId).not.toBe(referenceId);
    expect(fresh.body.status).toBe('waiting');
    await again.post(`/payments/${fresh.body.referenceId}/cancel`, {}, 'cancel-0002');

    // Its event stream carried its own sale only, to its end.
    for (;;) {
      const { value } = await events.next();
      const payment = JSON.parse(value!.data) as { referenceId: string; status: string };
      expect(payment.referenceId).toBe(fresh.body.referenceId);
      if (payment.status === 'cancelled') break;
    }
    await events.return();
  });

  it('refuses a name another key has as a person reads it: case, full width, a Greek or Cyrillic look-alike', async () => {
    const till = await openRegisterTill({ keyNames: ['POS A'] });
    for (const name of ['pos a', 'ＰＯＳ Ａ', 'POS \u0391', 'P\u041eS A', 'PO\u0405 A']) {
      const refused = await dispatch(till.core.handlers, 'ecr.createKey', { name });
      expect(refused, name).toMatchObject({ ok: false, error: { code: 'ecr.key-name-taken' } });
    }
    expect((await till.core.handlers['ecr.keys']({})).map((k) => k.name)).toEqual(['POS A']);
    // Another name is another key; a revoked name is free again.
    expect(await dispatch(till.core.handlers, 'ecr.createKey', { name: 'POS B' })).toMatchObject({ ok: true });
    await till.core.handlers['ecr.revokeKey']({ name: 'POS A' });
    expect(await dispatch(till.core.handlers, 'ecr.createKey', { name: 'pos a' })).toMatchObject({ ok: true });
  });
});
