import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePostgres } from '../../../testing/postgres.ts';
import { closeHeadOffice, openHeadOffice, type HeadOfficeDb } from './connection.ts';
import { dayEvent, tillState, JOURNAL_ID } from './head-office.test-helper.ts';
import { heartbeat, ingestBatch } from './ingest.ts';
import { migrate } from './migrate.ts';
import { chainDay, shopDay, shopTills } from './reads.ts';

describe("the shop's day and the shop's tills", () => {
  const postgres = usePostgres();
  let db: HeadOfficeDb;
  beforeEach(async () => {
    db = openHeadOffice(postgres.url);
    await migrate(db);
  });
  afterEach(async () => {
    await closeHeadOffice(db);
  });

  const till1 = tillState('shop-1', 'T1');
  const till2 = tillState('shop-1', 'T2');
  const till3 = tillState('shop-1', 'T3');
  const elsewhere = tillState('shop-2', 'T1');

  // The tests' days are in the past; a till counts for a day only when it was enrolled by then.
  async function enrolledLongAgo(): Promise<void> {
    await db.query(`update wallet_pos.tills set enrolled_at = '2026-01-01T00:00:00Z'`);
  }

  async function silentFor(tillId: string, seconds: number): Promise<void> {
    await db.query(`update wallet_pos.tills set last_seen_at = now() - make_interval(secs => $2) where till_id = $1`, [
      tillId,
      seconds,
    ]);
  }

  it("adds up the tills' own day summaries to the cent and lists a till that has not reported as missing", async () => {
    for (const till of [till1, till2, till3, elsewhere]) await heartbeat(db, till);
    await enrolledLongAgo();
    // Odd cents on purpose: the sum is of integers, never of rounded majors.
    await ingestBatch(db, till1, JOURNAL_ID, [
      dayEvent(1, { grossMinor: 1001, refundsMinor: 0, netMinor: 1001, payments: 1 }),
      dayEvent(2, { grossMinor: 33_333, refundsMinor: 1_111, netMinor: 32_222, payments: 7 }),
    ]);
    await ingestBatch(db, till2, JOURNAL_ID, [
      dayEvent(1, { grossMinor: 66_667, refundsMinor: 9, netMinor: 66_658, payments: 3 }),
    ]);
    await ingestBatch(db, elsewhere, JOURNAL_ID, [
      dayEvent(1, { grossMinor: 999_999, netMinor: 999_999, payments: 99 }),
    ]);
    // Another day of till3: not this one.
    await ingestBatch(db, till3, JOURNAL_ID, [dayEvent(1, { day: '2026-11-27', grossMinor: 500, netMinor: 500 })]);

    const day = await shopDay(db, 'shop-1', '2026-11-28');
    expect(day.day).toBe('2026-11-28');
    expect(day.currency).toBe('HKD');
    expect(day.tills.map((till) => [till.terminalReference, till.reported, till.grossMinor])).toEqual([
      ['T1', true, 33_333],
      ['T2', true, 66_667],
      ['T3', false, 0],
    ]);
    expect(day.totals).toEqual({ grossMinor: 100_000, refundsMinor: 1_120, netMinor: 98_880, payments: 10 });
    expect(day.tills.every((till) => till.online)).toBe(true);
  });

  it('does not count a till enrolled after the day as missing from it', async () => {
    await heartbeat(db, till1);
    expect((await shopDay(db, 'shop-1', '2020-01-01')).tills).toEqual([]);
  });

  it('shows a till heard from within 90 s as online and a silent one as offline', async () => {
    await heartbeat(db, { ...till1, signedIn: 'Mei', openShift: 3, unresolvedCount: 1, printerState: 'ready' });
    await heartbeat(db, till2);
    await enrolledLongAgo();
    await silentFor(till2.tillId, 91);
    const tills = await shopTills(db, 'shop-1');
    expect(tills).toEqual([
      {
        tillId: till1.tillId,
        terminalReference: 'T1',
        online: true,
        lastSeenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        version: '0.1.0',
        signedIn: 'Mei',
        openShift: 3,
        unresolvedCount: 1,
        printerState: 'ready',
      },
      expect.objectContaining({ terminalReference: 'T2', online: false }),
    ]);
    expect((await shopDay(db, 'shop-1', '2026-11-28')).tills.map((till) => till.online)).toEqual([true, false]);
    // It comes back: online again with its next heartbeat (or batch).
    await ingestBatch(db, till2, JOURNAL_ID, [dayEvent(1)]);
    expect((await shopTills(db, 'shop-1')).map((till) => till.online)).toEqual([true, true]);
  });

  it("sums every shop of the chain's day in one query", async () => {
    for (const till of [till1, till2, elsewhere]) await heartbeat(db, till);
    await enrolledLongAgo();
    await ingestBatch(db, till1, JOURNAL_ID, [dayEvent(1, { grossMinor: 100, netMinor: 100, payments: 1 })]);
    await ingestBatch(db, elsewhere, JOURNAL_ID, [dayEvent(1, { grossMinor: 7, netMinor: 7, payments: 1 })]);
    expect(await chainDay(db, '2026-11-28')).toEqual([
      expect.objectContaining({ shopId: 'shop-1', tills: 2, reported: 1, grossMinor: 100, currency: 'HKD' }),
      expect.objectContaining({ shopId: 'shop-2', tills: 1, reported: 1, grossMinor: 7 }),
    ]);
  });
});
