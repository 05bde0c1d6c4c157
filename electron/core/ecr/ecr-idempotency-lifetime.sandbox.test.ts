import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { journalFileIn } from '../payments/journal/index.ts';
import { consumer, longPollUntil, openRegisterTill, type RegisterTill } from './register-till.test-helper.ts';

// A register whose order counter starts again each day sends "sale-0001" with the same body weeks later. It
// must never be answered the old sale, paid (the cashier would hand the goods over unpaid): an Idempotency-Key
// is answered for 24 hours, refused 422 after that, and forgotten after 30 days. A replay says when its request
// was first made. Time passes by ageing the journal's own record (a second SQLite connection, as a day would).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SALE = { amountMinor: 1250, currency: 'SGD', method: 'merchant-qr' } as const;

/** Moves the request recorded under `idempotencyKey` back in time by `ms`. */
function age(till: RegisterTill, idempotencyKey: string, ms: number): void {
  const db = new DatabaseSync(journalFileIn(till.dir));
  try {
    const changed = db
      .prepare('UPDATE register_requests SET created_at = created_at - ? WHERE idempotency_key = ?')
      .run(ms, idempotencyKey);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

function requestCount(till: RegisterTill, idempotencyKey: string): number {
  const db = new DatabaseSync(journalFileIn(till.dir), { readOnly: true });
  try {
    const row = db.prepare('SELECT COUNT(*) AS n FROM register_requests WHERE idempotency_key = ?').get(idempotencyKey);
    return Number(row?.['n']);
  } finally {
    db.close();
  }
}

describe('an Idempotency-Key is answered for 24 hours', () => {
  it('replays within 24 h saying when; refuses the key 422 after; forgets it after 30 days', async () => {
    const till = await openRegisterTill({ network: 'shop-network' });
    const [register] = till.registers;
    const before = Date.now();
    const first = await register!.post<{ referenceId: string; status: string }>('/payments', SALE, 'sale-0001');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    await consumer(till, '/consumer/confirm', { referenceId: first.body.referenceId });
    await longPollUntil(register!, first.body.referenceId, 'paid');

    // The answer was lost; the register asks again an hour later: the same sale, paid, and when it was made.
    age(till, 'sale-0001', HOUR);
    const replay = await register!.post('/payments', SALE, 'sale-0001');
    expect(replay).toMatchObject({ status: 201, body: { referenceId: first.body.referenceId, status: 'paid' } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const recordedAt = Date.parse(replay.headers.get('idempotent-recorded-at') ?? '');
    expect(recordedAt).toBeGreaterThanOrEqual(before - HOUR);
    expect(recordedAt).toBeLessThanOrEqual(Date.now() - HOUR);

    // The next day the counter starts again: "sale-0001", the same body. Not the old sale, paid: refused.
    age(till, 'sale-0001', DAY);
    const nextDay = await register!.post('/payments', SALE, 'sale-0001');
    expect(nextDay).toMatchObject({ status: 422, body: { code: 'ecr.idempotency-key-expired' } });
    expect(JSON.stringify(nextDay.body)).not.toContain(first.body.referenceId);
    expect((await till.core.handlers['payments.history']({ origin: 'from-register' })).total).toBe(1);

    // A month on, the journal has forgotten it (pruned when the next request is recorded): a new sale.
    age(till, 'sale-0001', 30 * DAY);
    const other = await register!.post<{ referenceId: string }>('/payments', SALE, 'sale-0002');
    expect(other.status).toBe(201);
    expect(requestCount(till, 'sale-0001')).toBe(0);
    await register!.post(`/payments/${other.body.referenceId}/cancel`, {}, 'cancel-0002');
    const fresh = await register!.post<{ referenceId: string; status: string }>('/payments', SALE, 'sale-0001');
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.body.referenceId).not.toBe(first.body.referenceId);
    expect(fresh.body.status).toBe('waiting');
  });

  it('documents the lifetime and the replay header in the OpenAPI document', async () => {
    const till = await openRegisterTill();
    const document = JSON.stringify(await till.registers[0]!.document());
    expect(document).toContain('Idempotent-Recorded-At');
    expect(document).toContain('ecr.idempotency-key-expired');
    expect(document).toMatch(/For 24 hours after its request/);
  });
});
