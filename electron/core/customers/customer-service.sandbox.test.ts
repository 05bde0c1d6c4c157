import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isStoppedReason } from '../../../shared/customers.ts';
import { money } from '../../../shared/money.ts';
import { controlCall, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { ORDER_WEBHOOK_PATH } from './order-webhook-receiver.ts';
import { localDayOf, systemTimeZone } from '../sqlite/local-time.ts';
import {
  leaveUnansweredCreate,
  linked,
  sandbox,
  setUpCustomerServiceTests,
  start,
  stopService,
} from './customer-service.test-helper.ts';

// The service's face to the rest of the core (the Unresolved list, the day summary) and its order webhook
// receiver, over the sandbox.

setUpCustomerServiceTests();

describe('the Unresolved list and the day summary see linked-customer rows', () => {
  it('a charge whose answer was lost is listed (customer, kind, amount, reason) and counted, then gone once settled', async () => {
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } }, resolveDelaysMs: [1_000] });
    const user = await linked(h, module);
    expect(await h['customers.unresolved']({})).toEqual([]);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/charge' });
    const charge = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 700,
      currency: 'SGD',
      useCashback: false,
    });
    expect(charge.displayStatus).toBe('checking');

    expect(await h['customers.unresolved']({})).toEqual([
      {
        merchantUserId: user,
        kind: 'charge',
        merchantRef: charge.merchantRef,
        amount: money(700, 'SGD'),
        displayStatus: 'checking',
        reason: charge.unresolvedReason,
        createdAt: charge.createdAt,
      },
    ]);
    expect(charge.unresolvedReason).toBeTruthy();
    expect(module.unresolvedCount()).toBe(1);

    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus === 'approved' ? true : undefined,
    );
    expect(await h['customers.unresolved']({})).toEqual([]);
    expect(module.unresolvedCount()).toBe(0);
  });

  it('a hold the till stopped checking stays listed with its "stopped" reason; a PENDING or authorised hold is not listed', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await stopService();
    leaveUnansweredCreate('hold', user, 'TILL-01-H20260101-STOPPED009');
    const { h, module } = await start({ resendWindowMs: 60 * 60_000, now: () => Date.now() + 2 * 60 * 60_000 });
    const listed = await waitFor(async () => {
      const rows = await h['customers.unresolved']({});
      return rows.length === 1 && isStoppedReason(rows[0]!.reason) ? rows : undefined;
    });
    expect(listed[0]).toMatchObject({
      merchantUserId: user,
      kind: 'hold',
      merchantRef: 'TILL-01-H20260101-STOPPED009',
      amount: money(640, 'SGD'),
      displayStatus: 'checking',
    });
    const authorised = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 800, currency: 'SGD' });
    expect(authorised.displayStatus).toBe('authorized');
    expect((await h['customers.unresolved']({})).map((row) => row.merchantRef)).toEqual([
      'TILL-01-H20260101-STOPPED009',
    ]);
    expect(module.unresolvedCount()).toBe(1);
  });

  it('takings of the day: approved charges and captured holds count; rejected charges, voided holds and other days do not', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    await h['customers.charge']({ merchantUserId: user, amountMinor: 1299, currency: 'SGD', useCashback: false });
    expect(
      (await h['customers.charge']({ merchantUserId: user, amountMinor: 851, currency: 'SGD', useCashback: false }))
        .displayStatus,
    ).toBe('rejected');
    const captured = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    expect((await h['customers.capture']({ merchantRef: captured.merchantRef })).displayStatus).toBe('captured');
    const voided = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 2000, currency: 'SGD' });
    await h['customers.void']({ merchantRef: voided.merchantRef, reason: 'order cancelled' });

    const today = localDayOf(Date.now(), systemTimeZone());
    expect(module.takingsOfDay(today, 'SGD')).toEqual({
      charges: { count: 1, total: money(1299, 'SGD') },
      captures: { count: 1, total: money(5000, 'SGD') },
    });
    expect(module.takingsOfDay('2020-01-01', 'SGD')).toEqual({
      charges: { count: 0, total: money(0, 'SGD') },
      captures: { count: 0, total: money(0, 'SGD') },
    });
    expect(module.takingsOfDay(today, 'HKD').charges.count).toBe(0);
  });
});

describe('order webhook receiver', () => {
  it('answers 200 at once, ignores unknown orders, refuses malformed bodies', async () => {
    const { module } = await start();
    const url = module.orderWebhookUrl()!;
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${ORDER_WEBHOOK_PATH}$`));
    const unknown = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        order_uuid: randomUUID(),
        order_status: 'SUCCESS',
        order_context_token: 'x',
        cart_id: null,
        webhook_url: url,
      }),
    });
    expect(unknown.status).toBe(200);
    const json = { 'Content-Type': 'application/json' };
    expect((await fetch(url, { method: 'POST', headers: json, body: '{nope' })).status).toBe(400);
    expect(
      (await fetch(url, { method: 'POST', headers: json, body: JSON.stringify({ order_status: 'SUCCESS' }) })).status,
    ).toBe(400);
    expect((await fetch(url)).status).toBe(405);
  });
});
