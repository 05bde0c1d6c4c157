import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePostgres } from '../../../testing/postgres.ts';
import { closeHeadOffice, openHeadOffice, type HeadOfficeDb } from './connection.ts';
import { dayEvent, paymentEvent, refundEvent, staffEvent, tillState, JOURNAL_ID } from './head-office.test-helper.ts';
import { ingestBatch } from './ingest.ts';
import { migrate } from './migrate.ts';
import { staffSince } from './reads.ts';

// Exactly once by (till_id, seq): whatever a till resends, in whatever overlap or order, no row doubles and no
// late event undoes a newer state.

describe('ingestBatch', () => {
  const postgres = usePostgres();
  let db: HeadOfficeDb;
  beforeEach(async () => {
    db = openHeadOffice(postgres.url);
    await migrate(db);
  });
  afterEach(async () => {
    await closeHeadOffice(db);
  });

  async function count(table: string): Promise<number> {
    const { rows } = await db.query<{ n: string }>(`select count(*) as n from wallet_pos.${table}`);
    return Number(rows[0]?.n);
  }

  const till = tillState('shop-1', 'T1');
  const batch = [
    paymentEvent(1, { status: 'PENDING', paidAt: null }),
    paymentEvent(2, { referenceId: 'ref-1', status: 'SUCCESS', updatedAt: '2026-11-28T09:00:09.000Z' }),
    refundEvent(3),
    dayEvent(4, { grossMinor: 1250, refundsMinor: 250, netMinor: 1000 }),
    { seq: 5, kind: 'cancel' as const, occurredAt: '2026-11-28T10:05:00.000Z', body: { referenceId: 'ref-9' } },
  ];

  it('stores every event, projects each row once with its newest state, and acknowledges the highest seq', async () => {
    expect(await ingestBatch(db, till, JOURNAL_ID, batch)).toEqual({ acknowledgedThroughSeq: 5, inserted: 5 });
    expect(await count('events')).toBe(5);
    const { rows: payments } = await db.query(
      'select reference_id, status, amount_minor::int as amount, day::text as day, paid_at from wallet_pos.payments',
    );
    expect(payments).toEqual([
      { reference_id: 'ref-1', status: 'SUCCESS', amount: 1250, day: '2026-11-28', paid_at: expect.any(Date) },
    ]);
    expect(await count('refunds')).toBe(1);
    const { rows: days } = await db.query(
      'select net_minor::int as net, refunds_minor::int as refunds from wallet_pos.till_days',
    );
    expect(days).toEqual([{ net: 1000, refunds: 250 }]);
    const { rows: tills } = await db.query('select last_seq::int as last_seq, shop_id from wallet_pos.tills');
    expect(tills).toEqual([{ last_seq: 5, shop_id: 'shop-1' }]);
  });

  it('changes nothing when the same batch is sent again (a lost answer, a crash before the acknowledgement)', async () => {
    await ingestBatch(db, till, JOURNAL_ID, batch);
    const snapshot = await db.query('select * from wallet_pos.payments');
    expect(await ingestBatch(db, till, JOURNAL_ID, batch)).toEqual({ acknowledgedThroughSeq: 5, inserted: 0 });
    expect(await ingestBatch(db, till, JOURNAL_ID, batch)).toEqual({ acknowledgedThroughSeq: 5, inserted: 0 });
    expect(await count('events')).toBe(5);
    expect(await count('payments')).toBe(1);
    expect(await count('refunds')).toBe(1);
    expect((await db.query('select * from wallet_pos.payments')).rows).toEqual(snapshot.rows);
  });

  it('files a journal started anew after the old one: its seq 1 is not taken for a resend, and its resends are', async () => {
    await ingestBatch(db, till, JOURNAL_ID, batch);
    // The admin started a new journal after a loss: it numbers from 1 again, under its own id.
    const anew = [paymentEvent(1, { referenceId: 'ref-new-1' }), paymentEvent(2, { referenceId: 'ref-new-2' })];
    expect(await ingestBatch(db, till, 'journal-2', anew)).toEqual({ acknowledgedThroughSeq: 2, inserted: 2 });
    expect(await ingestBatch(db, till, 'journal-2', anew)).toEqual({ acknowledgedThroughSeq: 2, inserted: 0 });
    expect(await ingestBatch(db, till, 'journal-2', [paymentEvent(3, { referenceId: 'ref-new-3' })])).toEqual({
      acknowledgedThroughSeq: 3,
      inserted: 1,
    });
    const { rows } = await db.query<{ seq: number; reference: string | null }>(
      "select seq::int as seq, body->>'referenceId' as reference from wallet_pos.events order by seq",
    );
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows.slice(5).map((row) => row.reference)).toEqual(['ref-new-1', 'ref-new-2', 'ref-new-3']);
    expect(await count('payments')).toBe(4);
    const { rows: tills } = await db.query(
      'select last_seq::int as last_seq, seq_base::int as base from wallet_pos.tills',
    );
    expect(tills).toEqual([{ last_seq: 8, base: 5 }]);
  });

  it('takes a till known from before schema 2 (no journal named) as the same journal going on', async () => {
    await ingestBatch(db, till, JOURNAL_ID, batch.slice(0, 3));
    await db.query('update wallet_pos.tills set journal_id = null');
    // seq 3 again (a resend the till never saw acknowledged), then 4 and 5: nothing doubles, nothing jumps.
    expect(await ingestBatch(db, till, JOURNAL_ID, batch.slice(2))).toEqual({ acknowledgedThroughSeq: 5, inserted: 2 });
    const { rows } = await db.query<{ seq: number }>('select seq::int as seq from wallet_pos.events order by seq');
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps an event it cannot project, names it with the reason, and lands the rest of the batch', async () => {
    const broken = paymentEvent(2, { referenceId: 'ref-broken', amountMinor: 'lots' as unknown as number });
    const result = await ingestBatch(db, till, JOURNAL_ID, [
      paymentEvent(1),
      broken,
      paymentEvent(3, { referenceId: 'ref-3' }),
    ]);
    expect(result).toEqual({ acknowledgedThroughSeq: 3, inserted: 3 });
    expect(await count('events')).toBe(3);
    const { rows: payments } = await db.query<{ reference_id: string }>(
      'select reference_id from wallet_pos.payments order by 1',
    );
    expect(payments.map((row) => row.reference_id)).toEqual(['ref-1', 'ref-3']);
    const { rows: aside } = await db.query<{ seq: number; reason: string }>(
      'select seq::int as seq, reason from wallet_pos.unprojected_events',
    );
    expect(aside).toEqual([{ seq: 2, reason: expect.stringContaining('bigint') }]);
    // The next batch goes on as usual.
    expect(await ingestBatch(db, till, JOURNAL_ID, [paymentEvent(4, { referenceId: 'ref-4' })])).toEqual({
      acknowledgedThroughSeq: 4,
      inserted: 1,
    });
    expect(await count('payments')).toBe(3);
  });

  it('takes a partly overlapping batch: only its new events are stored and applied', async () => {
    await ingestBatch(db, till, JOURNAL_ID, batch.slice(0, 3));
    // The till resends 2 and 3 with 4 and 5 (it never heard that 2 and 3 arrived), and 2 now claims another
    // state: the head office keeps what it stored the first time.
    const resent = [paymentEvent(2, { referenceId: 'ref-1', status: 'CHANGED' }), ...batch.slice(2)];
    expect(await ingestBatch(db, till, JOURNAL_ID, resent)).toEqual({ acknowledgedThroughSeq: 5, inserted: 2 });
    expect(await count('events')).toBe(5);
    const { rows } = await db.query('select status from wallet_pos.payments');
    expect(rows).toEqual([{ status: 'SUCCESS' }]);
  });

  it('never lets a late, older event undo the newer state of its row', async () => {
    // 7 (paid) arrives before 6 (pending) of the same payment, and 8 (the day) before 4 (an older day).
    await ingestBatch(db, till, JOURNAL_ID, [
      paymentEvent(7, { referenceId: 'ref-x', status: 'SUCCESS' }),
      dayEvent(8, { grossMinor: 5000, netMinor: 5000, payments: 4 }),
    ]);
    expect(
      await ingestBatch(db, till, JOURNAL_ID, [
        dayEvent(4, { grossMinor: 1000, netMinor: 1000, payments: 1 }),
        paymentEvent(6, { referenceId: 'ref-x', status: 'PENDING', paidAt: null }),
        paymentEvent(5, { referenceId: 'ref-y', status: 'SUCCESS' }),
      ]),
    ).toEqual({ acknowledgedThroughSeq: 6, inserted: 3 });
    const { rows: payments } = await db.query('select reference_id, status from wallet_pos.payments order by 1');
    expect(payments).toEqual([
      { reference_id: 'ref-x', status: 'SUCCESS' },
      { reference_id: 'ref-y', status: 'SUCCESS' },
    ]);
    const { rows: days } = await db.query('select gross_minor::int as gross from wallet_pos.till_days');
    expect(days).toEqual([{ gross: 5000 }]);
    const { rows: tills } = await db.query('select last_seq::int as last_seq from wallet_pos.tills');
    expect(tills).toEqual([{ last_seq: 8 }]);
  });

  it('keeps two tills apart: the same seq from each is two events', async () => {
    const other = tillState('shop-1', 'T2');
    await ingestBatch(db, till, JOURNAL_ID, [paymentEvent(1)]);
    await ingestBatch(db, other, JOURNAL_ID, [paymentEvent(1)]);
    expect(await count('events')).toBe(2);
    expect(await count('payments')).toBe(2);
  });

  it('gives every staff change a new revision, in the order the head office took them', async () => {
    const other = tillState('shop-1', 'T2');
    await ingestBatch(db, till, JOURNAL_ID, [
      staffEvent(1, { name: 'Mei' }),
      staffEvent(2, { personId: 'p-2', name: 'Ah Lok' }),
    ]);
    const first = await staffSince(db, 'shop-1', 0);
    expect(first.people.map((person) => person.name).sort()).toEqual(['Ah Lok', 'Mei']);
    // The other till renamed Mei while offline and sends it later: it is the newest change, at a new revision.
    await ingestBatch(db, other, JOURNAL_ID, [staffEvent(1, { name: 'Mei Ling' })]);
    const next = await staffSince(db, 'shop-1', first.revision);
    expect(next.people).toEqual([
      expect.objectContaining({ personId: 'p-1', name: 'Mei Ling', changedByTill: other.tillId, active: true }),
    ]);
    expect(next.revision).toBeGreaterThan(first.revision);
    expect((await staffSince(db, 'shop-1', next.revision)).people).toEqual([]);
    expect((await staffSince(db, 'shop-2', 0)).people).toEqual([]);
  });

  it('keeps a person’s PIN hash when a till that has none sends a change of them', async () => {
    const other = tillState('shop-1', 'T2');
    await ingestBatch(db, till, JOURNAL_ID, [staffEvent(1, { pinSalt: 'c2FsdA', pinHash: 'aGFzaA' })]);
    await ingestBatch(db, other, JOURNAL_ID, [staffEvent(1, { name: 'Mei Ling', pinSalt: null, pinHash: null })]);
    const [mei] = (await staffSince(db, 'shop-1', 0)).people;
    expect(mei).toMatchObject({ name: 'Mei Ling', pinSalt: 'c2FsdA', pinHash: 'aGFzaA' });
  });
});
