import { describe, expect, it } from 'vitest';
import { money } from '../../../shared/money.ts';
import { controlCall, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { caught, sleep } from '../../testing/helpers.ts';
import { dataDir, linked, sandbox, setUpCustomerServiceTests, start, truth } from './customer-service.test-helper.ts';

// Charges, holds, captures and voids over the sandbox, with their order webhooks; refusals before
// anything is sent.

setUpCustomerServiceTests();

describe('charges, holds, webhooks', () => {
  it('cashback, charge (approved; its SUCCESS webhook, even duplicated, only noted as a hint), rejected charge', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    expect(await h['customers.cashback']({ merchantUserId: user })).toEqual({ balance: money(500, 'SGD') });
    await controlCall(sandbox, 'POST', '/faults', { webhookDuplicates: true });
    const charge = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 1299,
      currency: 'SGD',
      useCashback: true,
    });
    expect(charge).toMatchObject({
      displayStatus: 'approved',
      amount: money(1299, 'SGD'),
      useCashback: true,
      orderUuid: expect.any(String),
    });
    expect(charge.merchantRef).toMatch(/^TILL-01-C\d{8}-[0-9A-Z]{10}$/);
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    const hints = () =>
      journal
        .eventsOf(charge.merchantRef)
        .filter((e) => e.summary.startsWith('order webhook SUCCESS (a hint, not an outcome)'));
    // The duplicate within the hint interval is folded into one more lookup at its end: two notes at most.
    await waitFor(() => (hints().length === 2 ? true : undefined));
    journal.close();
    expect((await h['customers.find']({ merchantUserId: user })).charges[0]).toMatchObject({
      displayStatus: 'approved',
      orderOutcome: null,
    });
    expect(await h['customers.cashback']({ merchantUserId: user })).toEqual({ balance: money(0, 'SGD') });

    const rejected = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 851,
      currency: 'SGD',
      useCashback: false,
    });
    expect(rejected).toMatchObject({ displayStatus: 'rejected', failureReason: 'INSUFFICIENT_FUNDS' });
    const events = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    await waitFor(() =>
      events
        .eventsOf(rejected.merchantRef)
        .some(
          (e) =>
            e.summary ===
            "order webhook FAILED (a hint, not an outcome): the charge's outcome is its answer (REJECTED), which stands",
        )
        ? true
        : undefined,
    );
    events.close();
    expect((await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus).toBe('rejected');
    expect(await truth('charges')).toHaveLength(2);
  });

  it('hold → capture (CAPTURED once the webhook has the till look it up); hold → void; unlink refused while a hold is open, then allowed', async () => {
    const { h, module, updates } = await start();
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    expect(hold).toMatchObject({
      displayStatus: 'authorized',
      providerStatus: 'AUTHORIZED',
      canCapture: true,
      canVoid: true,
    });
    expect(Date.parse(hold.expiresAt!) - Date.parse(hold.placedAt)).toBeGreaterThan(6 * 24 * 3600_000);
    expect(await caught(h['customers.unlink']({ merchantUserId: user }))).toMatchObject({ code: 'unlink.blocked' });

    const captured = await h['customers.capture']({ merchantRef: hold.merchantRef });
    expect(captured).toMatchObject({
      displayStatus: 'captured',
      providerStatus: 'CAPTURE_INITIATED',
      orderUuid: expect.any(String),
      canCapture: false,
    });
    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).holds[0]!.providerStatus === 'CAPTURED' ? true : undefined,
    );
    // Capturing again is a no-op success; voiding it is refused.
    expect((await h['customers.capture']({ merchantRef: hold.merchantRef })).displayStatus).toBe('captured');
    expect((await caught(h['customers.void']({ merchantRef: hold.merchantRef, reason: 'x' }))).code).toBe(
      'preauth.already-captured',
    );

    const second = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 2000, currency: 'SGD' });
    const voided = await h['customers.void']({
      merchantRef: second.merchantRef,
      reason: 'Customer changed their mind',
    });
    expect(voided).toMatchObject({ displayStatus: 'voided', voidReason: 'Customer changed their mind' });
    const unlinked = await h['customers.unlink']({ merchantUserId: user });
    expect(unlinked.status).toBe('unlinked');
    expect((await truth('tokens'))[0]!.status).toBe('UNLINKED');
    expect(
      await caught(
        h['customers.charge']({ merchantUserId: user, amountMinor: 100, currency: 'SGD', useCashback: true }),
      ),
    ).toMatchObject({ code: 'payment-token.invalid' });
    expect(updates.some((u) => u.customer.merchantUserId === user && u.holds.length === 2)).toBe(true);
  });

  it('an unlink refused for open holds says one in the code’s own words, and counts several', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    await h['customers.placeHold']({ merchantUserId: user, amountMinor: 500, currency: 'SGD' });
    const oneOpen = await caught(h['customers.unlink']({ merchantUserId: user }));
    expect(oneOpen).toMatchObject({ code: 'unlink.blocked', details: { openHolds: 1 } });
    expect(oneOpen.notice).toBeUndefined();
    await h['customers.placeHold']({ merchantUserId: user, amountMinor: 300, currency: 'SGD' });
    expect(await caught(h['customers.unlink']({ merchantUserId: user }))).toMatchObject({
      code: 'unlink.blocked',
      notice: { key: 'unlink.open-holds', params: { count: 2 } },
      details: { openHolds: 2 },
    });
    expect((await h['customers.find']({ merchantUserId: user })).customer.status).toBe('linked');
  });

  it('a capture answered 201 REJECTED (.56) is shown capture-failed with its reason, never captured; the provider has no captured order and the hold can be released', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1056, currency: 'SGD' });
    expect(hold.displayStatus).toBe('authorized');

    const failed = await h['customers.capture']({ merchantRef: hold.merchantRef });
    expect(failed).toMatchObject({
      displayStatus: 'capture-failed',
      captureFailureReason: 'INSUFFICIENT_FUNDS',
      failureReason: 'INSUFFICIENT_FUNDS',
      // Confirmed by GET /pre-auths/{id}: the hold is still there, so it can be released (or tried again).
      providerStatus: 'AUTHORIZED',
      orderUuid: null,
      canCapture: true,
      canVoid: true,
    });
    const [preAuth] = await truth('pre-auths');
    expect(preAuth).toMatchObject({ status: 'AUTHORIZED', orderUuid: null, orderStatus: null, cashbackUsedMinor: 0 });
    expect(preAuth!.history).not.toContainEqual(expect.objectContaining({ status: 'CAPTURE_INITIATED' }));
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    const summaries = journal.eventsOf(hold.merchantRef).map((e) => e.summary);
    journal.close();
    expect(summaries).toContain(
      'capture rejected (INSUFFICIENT_FUNDS); nothing taken; checking the hold with the provider',
    );
    expect(summaries.some((x) => x.startsWith('captured'))).toBe(false);
    // It blocks unlinking like any open hold, and still reads capture-failed after the failed order's webhook
    // and a restart (the reason is in the journal, not in memory).
    expect(await caught(h['customers.unlink']({ merchantUserId: user }))).toMatchObject({ code: 'unlink.blocked' });
    await sleep(120);
    const restarted = await start();
    const after = (await restarted.h['customers.find']({ merchantUserId: user })).holds[0]!;
    expect(after).toMatchObject({
      displayStatus: 'capture-failed',
      captureFailureReason: 'INSUFFICIENT_FUNDS',
      providerStatus: 'AUTHORIZED',
    });

    const voided = await restarted.h['customers.void']({ merchantRef: hold.merchantRef, reason: 'Capture rejected' });
    expect(voided).toMatchObject({
      displayStatus: 'voided',
      providerStatus: 'VOIDED',
      canCapture: false,
      canVoid: false,
      captureFailureReason: 'INSUFFICIENT_FUNDS',
    });
    expect((await truth('pre-auths'))[0]).toMatchObject({ status: 'VOIDED', orderUuid: null });
  });

  it("the FAILED order webhook of a capture answered REJECTED is known as that hold's (not an unknown order), recorded once, and changes nothing", async () => {
    const lines: string[] = [];
    const { h, module } = await start({ log: (line) => lines.push(line) });
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/faults', { webhookDuplicates: true });
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1056, currency: 'SGD' });
    expect((await h['customers.capture']({ merchantRef: hold.merchantRef })).displayStatus).toBe('capture-failed');

    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    const webhooks = await waitFor(() => {
      const events = journal.eventsOf(hold.merchantRef).filter((e) => e.kind === 'webhook');
      return events.length >= 2 ? events : undefined;
    });
    journal.close();
    expect(webhooks.map((e) => e.summary)).toEqual([
      expect.stringMatching(
        /^order webhook FAILED for the capture answered REJECTED \(order [0-9a-f-]{36}\): nothing taken, as answered$/,
      ),
      expect.stringMatching(/^duplicate order webhook for the rejected capture ignored/),
    ]);
    expect(lines.filter((line) => line.includes('unknown order'))).toEqual([]);
    expect((await h['customers.find']({ merchantUserId: user })).holds[0]).toMatchObject({
      displayStatus: 'capture-failed',
      orderUuid: null,
      canVoid: true,
    });
  });

  it('a declined hold is an answer; an expired one is found on refresh and refuses capture', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    const declined = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1051, currency: 'SGD' });
    expect(declined).toMatchObject({
      displayStatus: 'declined',
      failureReason: 'INSUFFICIENT_FUNDS',
      canCapture: false,
    });
    await controlCall(sandbox, 'POST', '/settings', { preAuthTtlMs: 60 });
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1000, currency: 'SGD' });
    await sleep(120);
    const detail = await h['customers.find']({ merchantUserId: user });
    expect(detail.holds.find((x) => x.merchantRef === hold.merchantRef)).toMatchObject({
      displayStatus: 'expired',
      providerStatus: 'EXPIRED',
    });
    expect((await caught(h['customers.capture']({ merchantRef: hold.merchantRef }))).code).toBe('preauth.expired');
  });

  it('a new hold or charge after a decline is a new attempt: its own merchantRef and idempotency key, journalled and sent', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    const declined = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1051, currency: 'SGD' });
    expect(declined.displayStatus).toBe('declined');
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1051 - 51, currency: 'SGD' });
    expect(hold.displayStatus).toBe('authorized');
    const rejected = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 851,
      currency: 'SGD',
      useCashback: false,
    });
    expect(rejected.displayStatus).toBe('rejected');
    const charge = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 851,
      currency: 'SGD',
      useCashback: false,
    });
    expect(charge.displayStatus).toBe('rejected');

    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    const sentKeys = (merchantRef: string) =>
      journal
        .eventsOf(merchantRef)
        .filter((e) => e.kind === 'response')
        .map((e) => (e.data as { idempotencyKey: string | null }).idempotencyKey);
    for (const [first, again] of [
      [declined, hold],
      [rejected, charge],
    ] as const) {
      expect(again.merchantRef).not.toBe(first.merchantRef);
      const [firstRow, againRow] = [journal.getAttempt(first.merchantRef)!, journal.getAttempt(again.merchantRef)!];
      expect(againRow.idempotencyKey).not.toBe(firstRow.idempotencyKey);
      // The key each request carried is the one recorded for it before it left.
      expect(sentKeys(first.merchantRef)).toEqual([firstRow.idempotencyKey]);
      expect(sentKeys(again.merchantRef)).toEqual([againRow.idempotencyKey]);
    }
    journal.close();
    expect(await truth('pre-auths')).toHaveLength(2);
    expect(await truth('charges')).toHaveLength(2);
  });

  it('a PENDING hold (.53) becomes authorised by itself', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1053, currency: 'SGD' });
    expect(hold.displayStatus).toBe('pending');
    expect((await caught(h['customers.capture']({ merchantRef: hold.merchantRef }))).code).toBe('preauth.pending');
    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'authorized' ? true : undefined,
    );
  });

  it('while a hold of theirs is PENDING at the provider, a second hold for that customer is refused; once it settles, allowed', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 1_000 });
    const pending = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1053, currency: 'SGD' });
    expect(pending.displayStatus).toBe('pending');
    const again = await caught(h['customers.placeHold']({ merchantUserId: user, amountMinor: 1053, currency: 'SGD' }));
    expect(again).toMatchObject({
      code: 'customer.hold-pending',
      retryable: true,
      details: { merchantRef: pending.merchantRef, amountMinor: 1053 },
    });
    expect(again.message).toContain('still being approved');
    expect(await truth('pre-auths')).toHaveLength(1);
    // A charge is another matter: the pending hold is a known request, not an unknown outcome.
    expect(
      (await h['customers.charge']({ merchantUserId: user, amountMinor: 300, currency: 'SGD', useCashback: false }))
        .displayStatus,
    ).toBe('approved');

    await waitFor(
      async () =>
        (await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'authorized'
          ? true
          : undefined,
      5_000,
    );
    expect(
      (await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1000, currency: 'SGD' })).displayStatus,
    ).toBe('authorized');
    expect(await truth('pre-auths')).toHaveLength(2);
  });

  it('a token the provider revoked marks the customer relink-needed', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    const [token] = await truth('tokens');
    await controlCall(sandbox, 'POST', '/tokenized/tokens/revoke', { paymentToken: token!.paymentToken });
    expect((await caught(h['customers.cashback']({ merchantUserId: user }))).code).toBe('payment-token.invalid');
    expect((await h['customers.find']({ merchantUserId: user })).customer.status).toBe('relink-needed');
    // Linking again brings back the same token and the customer works again.
    await linked(h, module, user);
    expect((await h['customers.cashback']({ merchantUserId: user })).balance).toEqual(money(500, 'SGD'));
  });

  it('refuses amounts over the till limit and in another currency before anything is sent, saying the limit and the currency', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    // The same notices as an in-store payment's, with the figures a cashier needs (in their language on screen).
    expect(
      await caught(
        h['customers.charge']({ merchantUserId: user, amountMinor: 2_000_000, currency: 'SGD', useCashback: true }),
      ),
    ).toMatchObject({
      code: 'amount.over-limit',
      notice: { key: 'amount.above-limit', params: { max: money(1_000_000, 'SGD') } },
    });
    expect(
      await caught(h['customers.placeHold']({ merchantUserId: user, amountMinor: 100, currency: 'HKD' })),
    ).toMatchObject({
      code: 'currency.unsupported',
      notice: { key: 'currency.terminal-only', params: { currency: 'SGD' } },
    });
    expect((await caught(h['customers.find']({ merchantUserId: 'nobody' }))).code).toBe('customer.not-found');
    expect(await truth('charges')).toHaveLength(0);
  });
});
