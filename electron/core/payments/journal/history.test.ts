import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../../shared/payments.ts';
import { PosError } from '../../../../shared/errors.ts';
import {
  seedLookedUp,
  seedPayment,
  tempJournal,
  type SeedPayment,
  type TestClock,
} from './journal-fixture.test-helper.ts';
import type { Journal } from './journal.ts';
import type { AttemptRow } from './rows.ts';

const OUTCOMES: NonNullable<SeedPayment['outcome']>[] = [
  'paid',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'waiting',
  'checking',
];

/** 3 local days × 20 payments; every third payment shares its timestamp with the one before (ties). */
function seedThreeDays(): { journal: Journal; rows: AttemptRow[]; clock: TestClock } {
  const { journal, clock } = tempJournal();
  const rows: AttemptRow[] = [];
  for (const [dayIndex, day] of ['2026-11-19', '2026-11-20', '2026-11-21'].entries()) {
    clock.set(`${day}T01:00:00.000Z`); // 09:00 in Singapore
    for (let i = 0; i < 20; i += 1) {
      if (i % 3 !== 2) clock.advance(60_000);
      const n = dayIndex * 20 + i;
      rows.push(
        seedPayment(journal, {
          method: n % 2 === 0 ? 'merchant-qr' : 'customer-qr',
          outcome: OUTCOMES[n % OUTCOMES.length],
          amountMinor: 100 + n,
          providerOrderId: `2211${String(dayIndex + 19).padStart(2, '0')}-${String(n).padStart(4, '0')}-ABCD`,
        }),
      );
    }
  }
  return { journal, rows, clock };
}

function newestFirst(rows: readonly AttemptRow[]): string[] {
  return [...rows]
    .sort(
      (a, b) =>
        b.createdAt - a.createdAt || (a.referenceId < b.referenceId ? 1 : a.referenceId > b.referenceId ? -1 : 0),
    )
    .map((row) => row.referenceId);
}

function allPages(
  journal: Journal,
  query: Parameters<Journal['history']>[0],
): { ids: string[]; pages: number; totals: number[] } {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor = query.cursor;
  let pages = 0;
  do {
    const page = journal.history({ ...query, cursor });
    ids.push(...page.items.map((item: PaymentView) => item.referenceId));
    totals.push(page.total);
    cursor = page.nextCursor ?? undefined;
    pages += 1;
  } while (cursor !== undefined && pages < 100);
  return { ids, pages, totals };
}

describe('history', () => {
  it('pages newest first through every payment exactly once, ties included', () => {
    const { journal, rows } = seedThreeDays();
    const { ids, pages, totals } = allPages(journal, { limit: 7 });
    expect(ids).toEqual(newestFirst(rows));
    expect(new Set(ids).size).toBe(60);
    expect(pages).toBe(9);
    expect(new Set(totals)).toEqual(new Set([60]));
  });

  it('neither repeats nor skips when a payment is recorded while the clerk scrolls', () => {
    const { journal, rows, clock } = seedThreeDays();
    const first = journal.history({ limit: 10 });
    clock.advance(1_000);
    seedPayment(journal, { outcome: 'paid' }); // newer than everything: belongs before page 1, not in later pages
    const rest = allPages(journal, { limit: 10, cursor: first.nextCursor ?? undefined });
    const ids = [...first.items.map((item) => item.referenceId), ...rest.ids];
    expect(ids).toEqual(newestFirst(rows));
  });

  it('filters by day, status and method, together', () => {
    const { journal, rows } = seedThreeDays();
    const day = allPages(journal, { day: '2026-11-20', limit: 6 });
    expect(day.ids).toEqual(newestFirst(rows.slice(20, 40)));

    const paid = journal.history({ status: 'paid', limit: 200 });
    expect(paid.items.every((item) => item.displayStatus === 'paid')).toBe(true);
    expect(paid.total).toBe(rows.filter((_, n) => OUTCOMES[n % OUTCOMES.length] === 'paid').length);

    const combined = journal.history({ day: '2026-11-21', status: 'paid', method: 'customer-qr', limit: 200 });
    const expected = rows.filter(
      (row, n) =>
        row.localDay === '2026-11-21' && OUTCOMES[n % OUTCOMES.length] === 'paid' && row.method === 'customer-qr',
    );
    expect(combined.items.map((item) => item.referenceId)).toEqual(newestFirst(expected));
    expect(combined.total).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);

    expect(journal.history({ status: 'not-sent' })).toEqual({ items: [], nextCursor: null, total: 0 });
    expect(journal.history({ day: '2026-11-22' }).total).toBe(0);
  });

  it("filters by origin: this till's own payments, or the other terminals' it looked up and refunded", () => {
    const { journal, rows, clock } = seedThreeDays();
    clock.set('2026-11-21T05:00:00.000Z');
    const lookedUp = [
      seedLookedUp(journal, clock, { providerOrderId: '221121-9001-TILB' }),
      seedLookedUp(journal, clock, { createdAt: Date.parse('2026-11-20T05:00:00.000Z') }),
    ];
    // Its journal says why it is here, as a notice the detail screen renders in the cashier's language.
    expect(journal.eventsOf(lookedUp[0]!.referenceId).map((event) => event.notice)).toEqual([
      { key: 'event.looked-up' },
    ]);
    const refund = journal.recordRefund(lookedUp[0]!.referenceId, { amountMinor: 400, posId: 'POS-COUNTER' });
    journal.updateRefund(refund.refundId, { state: 'succeeded' });

    const theirs = allPages(journal, { origin: 'looked-up', limit: 1 });
    expect(theirs.ids).toEqual(newestFirst(lookedUp));
    expect(new Set(theirs.totals)).toEqual(new Set([2]));
    const ours = allPages(journal, { origin: 'taken-here', limit: 50 });
    expect(ours.ids).toEqual(newestFirst(rows));
    // With the other filters, and found by the provider order id like any payment; marked in the view.
    const today = journal.history({ origin: 'looked-up', day: '2026-11-21', status: 'paid' });
    expect(today.items.map((item) => [item.referenceId, item.origin, item.method, item.posId])).toEqual([
      [lookedUp[0]!.referenceId, 'looked-up', null, null],
    ]);
    expect(today.items[0]).toMatchObject({ refunded: { amountMinor: 400 }, refundable: { amountMinor: 1000 } });
    expect(journal.history({ search: '221121-9001', origin: 'looked-up' }).total).toBe(1);
    expect(journal.history({ search: '221121-9001', origin: 'taken-here' }).total).toBe(0);
    // A looked-up payment has no method: a method filter never lists it.
    expect(journal.history({ origin: 'looked-up', method: 'merchant-qr' }).total).toBe(0);
    expect(journal.history({ limit: 200 }).total).toBe(62);
    expect(() => journal.history({ origin: 'elsewhere' as never })).toThrow(
      expect.objectContaining({ code: 'request.invalid' }),
    );
  });

  it('filters the payments the shop’s register started, which are also taken here', () => {
    const { journal, rows } = seedThreeDays();
    const fromRegister = [
      seedPayment(journal, {
        register: { keyId: 'key_front-register', keyName: 'Front register', orderReference: 'POS-1042' },
      }),
      seedPayment(journal, {
        method: 'customer-qr',
        outcome: 'failed',
        register: { keyId: 'key_back-office', keyName: 'Back office', orderReference: null },
      }),
    ];
    const theirs = allPages(journal, { origin: 'from-register', limit: 1 });
    expect(theirs.ids).toEqual(newestFirst(fromRegister));
    expect(journal.history({ origin: 'from-register', status: 'failed' }).items.map((p) => p.fromRegister)).toEqual([
      { keyId: 'key_back-office', keyName: 'Back office', orderReference: null },
    ]);
    expect(allPages(journal, { origin: 'taken-here', limit: 50 }).ids).toEqual(newestFirst([...rows, ...fromRegister]));
  });

  it('finds a payment by our reference or the provider order id, whole or by prefix, any case', () => {
    const { journal, rows } = seedThreeDays();
    const target = rows[37];
    if (!target) throw new Error('seed too small');
    expect(journal.history({ search: target.referenceId }).items.map((item) => item.referenceId)).toEqual([
      target.referenceId,
    ]);
    expect(journal.history({ search: target.referenceId.toLowerCase() }).items.map((item) => item.referenceId)).toEqual(
      [target.referenceId],
    );
    expect(
      journal.history({ search: `  ${target.referenceId.slice(0, 20)} ` }).items.map((item) => item.referenceId),
    ).toContain(target.referenceId);

    const byOrder = journal.history({ search: '221120-0037-abcd' });
    expect(byOrder.items.map((item) => item.referenceId)).toEqual([target.referenceId]);
    expect(byOrder.items[0]?.providerOrderId).toBe('221120-0037-ABCD');

    const dayOfOrders = journal.history({ search: '221121-', limit: 200 });
    const withOrderId = rows.slice(40).filter((row) => row.providerOrderId !== null);
    expect(dayOfOrders.items.map((item) => item.referenceId)).toEqual(newestFirst(withOrderId));
    expect(dayOfOrders.total).toBe(withOrderId.length);
    // Reference prefix "TILL01-20261119" = the first day's 20 payments.
    expect(journal.history({ search: 'TILL01-20261119', limit: 200 }).total).toBe(20);
    expect(journal.history({ search: 'till01-20261119-', day: '2026-11-20' }).total).toBe(0);
    expect(journal.history({ search: 'no such thing' })).toEqual({ items: [], nextCursor: null, total: 0 });
    expect(journal.history({ search: 'ZZZZ' }).total).toBe(0);
  });

  it('gives the same pages for a search matching nearly everything (walked newest-first) as for no search', () => {
    const { journal, rows } = seedThreeDays();
    const broad = allPages(journal, { search: 'till01-2026', limit: 8 });
    expect(broad.ids).toEqual(newestFirst(rows));
    expect(new Set(broad.totals)).toEqual(new Set([60]));
    const broadPaid = allPages(journal, { search: 'TILL01', status: 'paid', limit: 5 });
    expect(broadPaid.ids).toEqual(allPages(journal, { status: 'paid', limit: 5 }).ids);
  });

  it('refuses a damaged cursor and a page size out of range', () => {
    const { journal } = seedThreeDays();
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ]) {
      expect(() => journal.history({ cursor })).toThrow(PosError);
    }
    expect(() => journal.history({ limit: 0 })).toThrow(expect.objectContaining({ code: 'request.invalid' }));
    expect(() => journal.history({ limit: 201 })).toThrow(expect.objectContaining({ code: 'request.invalid' }));
    expect(() => journal.history({ day: '2026-02-30' })).toThrow(expect.objectContaining({ code: 'request.invalid' }));
  });

  it('returns full payment views, refunds included', () => {
    const { journal, rows } = seedThreeDays();
    const paid = rows[0];
    if (!paid) throw new Error('seed too small');
    const refund = journal.recordRefund(paid.referenceId, { amountMinor: 40 });
    journal.updateRefund(refund.refundId, { state: 'succeeded' });
    journal.recordRefund(paid.referenceId, { amountMinor: 10 });
    const found = journal.history({ search: paid.referenceId }).items[0];
    expect(found).toMatchObject({
      displayStatus: 'paid',
      refunded: { amountMinor: 40 },
      refundable: { amountMinor: paid.amountMinor - 50 },
    });
  });
});
