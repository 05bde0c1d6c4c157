import { afterEach, describe, expect, it } from 'vitest';
import {
  closeOpenedTills,
  consumer,
  longPollUntil,
  newKey,
  openTill,
  startSale,
} from './one-register-till.test-helper.ts';

// A register writes words the till prints: a refund's reason on the slip, a sale's note. Words only — a reason
// holding ESC p would open the cash drawer as the slip prints, an LF would forge a line. The register's API
// refuses them as a body that does not fit (400 ecr.invalid-request, the field named), before anything is done.

afterEach(closeOpenedTills);

/** ESC p 0 25 250: a drawer pulse, as a register could slip it into a reason. */
const DRAWER_PULSE = '\x1bp\x00\x19\xfa';

describe('the register’s words carry no printer command', () => {
  it('refuses a refund whose reason holds ESC p, naming the field; nothing is refunded', async () => {
    const till = await openTill({ refundsAllowed: true });
    const paid = await startSale(till, { amountMinor: 2000, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: paid.referenceId });
    await longPollUntil(till, paid.referenceId, 'paid');
    const refused = await till.register.post<Record<string, unknown>>(
      `/payments/${paid.referenceId}/refunds`,
      { amountMinor: 500, reason: `returned${DRAWER_PULSE}` },
      newKey(),
    );
    expect(refused).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
    expect(refused.body['detail']).toMatch(/\breason: no control characters/);
    const truth = (await (await fetch(`${till.control}/orders/${paid.referenceId}`)).json()) as { refunds: unknown[] };
    expect(truth.refunds).toHaveLength(0);
    expect((await till.core.handlers['payments.get']({ referenceId: paid.referenceId })).refunds).toEqual([]);
  });

  it('refuses a sale whose note holds a line feed, naming the field', async () => {
    const till = await openTill();
    const refused = await till.register.post<Record<string, unknown>>(
      '/payments',
      { amountMinor: 300, currency: 'SGD', method: 'merchant-qr', note: 'table 4\nPAID IN CASH' },
      newKey(),
    );
    expect(refused).toMatchObject({ status: 400, body: { code: 'ecr.invalid-request' } });
    expect(refused.body['detail']).toMatch(/\bnote: no control characters/);
  });
});
