import { describe, expect, it } from 'vitest';
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
});
