import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePostgres } from '../../../testing/postgres.ts';
import { closeHeadOffice, openHeadOffice, type HeadOfficeDb } from './connection.ts';
import { paymentEvent, refundEvent, tillState, JOURNAL_ID } from './head-office.test-helper.ts';
import { heartbeat, ingestBatch } from './ingest.ts';
import { migrate } from './migrate.ts';
import { shopPaymentsFound } from './reads.ts';

// payments.find across the shop (issue 38): the other tills' payments that took money, by the order id the
// customer's wallet shows or by who took them on a day, each with the till that took it.

describe("the shop's payments found without a receipt", () => {
  const postgres = usePostgres();
  let db: HeadOfficeDb;
  beforeEach(async () => {
    db = openHeadOffice(postgres.url);
    await migrate(db);
  });
  afterEach(async () => {
    await closeHeadOffice(db);
  });

  it('finds by order id (any case) and by who took it on a day, at the other tills only, naming the till', async () => {
    const [here, there, elsewhere] = [tillState('shop-1', 'T1'), tillState('shop-1', 'T2'), tillState('shop-2', 'T9')];
    for (const till of [here, there, elsewhere]) await heartbeat(db, till);
    const paid = { status: 'CAPTURED', takenById: 'p-ann', day: '2026-11-28' };
    await ingestBatch(db, here, JOURNAL_ID, [
      paymentEvent(1, { ...paid, referenceId: 'r-here', providerOrderId: '221128-0001-AAAA' }),
    ]);
    await ingestBatch(db, there, JOURNAL_ID, [
      paymentEvent(1, { ...paid, referenceId: 'r-there', providerOrderId: '221128-0002-BBBB' }),
      paymentEvent(2, { ...paid, referenceId: 'r-open', providerOrderId: '221128-0003-CCCC', status: 'PENDING' }),
      paymentEvent(3, { ...paid, referenceId: 'r-other-day', providerOrderId: 'X', day: '2026-11-27' }),
      refundEvent(4, { referenceId: 'r-there', foundWithoutReceipt: true }),
    ]);
    await ingestBatch(db, elsewhere, JOURNAL_ID, [
      paymentEvent(1, { ...paid, referenceId: 'r-elsewhere', providerOrderId: 'Y' }),
    ]);

    const byOrder = await shopPaymentsFound(db, 'shop-1', here.tillId, { providerOrderId: ' 221128-0002-bbbb ' }, 50);
    expect(byOrder.map((found) => [found.referenceId, found.terminalReference, found.amountMinor])).toEqual([
      ['r-there', 'T2', 1250],
    ]);
    expect(await shopPaymentsFound(db, 'shop-1', here.tillId, { providerOrderId: '221128-0001-AAAA' }, 50)).toEqual([]);
    const byPerson = await shopPaymentsFound(db, 'shop-1', here.tillId, { takenBy: 'p-ann', day: '2026-11-28' }, 50);
    expect(byPerson.map((found) => found.referenceId)).toEqual(['r-there']);

    const refunds = await db.query<{ found_without_receipt: boolean }>(
      'select found_without_receipt from wallet_pos.refunds where till_id = $1',
      [there.tillId],
    );
    expect(refunds.rows).toEqual([{ found_without_receipt: true }]);
  });
});
