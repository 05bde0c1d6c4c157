import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { journalFileIn } from '../payments/journal/index.ts';
import { registerKeyIdNamed } from './key-store.ts';
import { consumer, longPollUntil, newKey, openRegisterTill, startSale } from './register-till.test-helper.ts';

// A register's refund and cancel (issue 38): its key authorised them, so nobody at the till refunded or cancelled
// (a cashier's no-approval cap is not charged), and the journal keeps both the key and whoever was signed in at the
// till when it asked, on the refund and the cancel themselves (the register's requests are pruned after a month).

describe("a register's refund and cancel", () => {
  it('record the register key and whoever was signed in at the till', async () => {
    const till = await openRegisterTill({ refundsAllowed: true });
    const [register] = till.registers;
    const { id } = await till.core.handlers['staff.save']({ name: 'Mei Ling', role: 'cashier', pin: '2468' });
    await till.core.handlers['session.signIn']({ pin: '2468' });
    const keyId = registerKeyIdNamed(till.dir, 'Front register');
    expect(keyId).toMatch(/\S/);

    const paid = await startSale(register!, { amountMinor: 2000, currency: 'SGD', method: 'merchant-qr' });
    await consumer(till, '/consumer/confirm', { referenceId: paid.referenceId });
    await longPollUntil(register!, paid.referenceId, 'paid');
    const refund = await register!.post(
      `/payments/${paid.referenceId}/refunds`,
      { amountMinor: 500, reason: 'returned' },
      newKey(),
    );
    expect(refund.status).toBe(201);

    const open = await startSale(register!, { amountMinor: 700, currency: 'SGD', method: 'merchant-qr' });
    const cancel = await register!.post(`/payments/${open.referenceId}/cancel`, {}, newKey());
    expect(cancel.status).toBe(200);

    const db = new DatabaseSync(journalFileIn(till.dir), { readOnly: true });
    try {
      const columns = 'register_key_id, signed_in_id, signed_in_name';
      expect(
        db
          .prepare(`SELECT ${columns}, refunded_by_id, approved_by_id FROM refunds WHERE reference_id = ?`)
          .all(paid.referenceId),
      ).toEqual([
        {
          register_key_id: keyId,
          signed_in_id: id,
          signed_in_name: 'Mei Ling',
          refunded_by_id: null,
          approved_by_id: null,
        },
      ]);
      expect(
        db.prepare(`SELECT ${columns}, cancelled_by_id FROM cancels WHERE reference_id = ?`).all(open.referenceId),
      ).toEqual([{ register_key_id: keyId, signed_in_id: id, signed_in_name: 'Mei Ling', cancelled_by_id: null }]);
    } finally {
      db.close();
    }
  });
});
