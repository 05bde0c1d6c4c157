import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isStoppedReason } from '../../../shared/customers.ts';
import { noticeInEnglish } from '../../../shared/notices.ts';
import { controlCall, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { DEMO_TOKENIZED_CREDENTIALS } from '../../sandbox/tokenized/merchants.ts';
import { demoLogin, tokenizedCall } from '../../sandbox/tokenized/tokenized.test-helper.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { PATHS } from '../tokenized/wire.ts';
import { caught, sleep } from '../../testing/helpers.ts';
import {
  dataDir,
  linked,
  sandbox,
  setUpCustomerServiceTests,
  start,
  stopService,
  truth,
} from './customer-service.test-helper.ts';

// Lost answers resolved without a new key (re-sent with the same key, or settled by GET /pre-auths/{id}),
// recovery after a restart, and resolution that cannot succeed stopping with its reason.

setUpCustomerServiceTests();

describe('lost answers are resolved, never re-sent under a new key', () => {
  it('a charge whose answer was lost shows "checking", then the outcome; the provider has one charge', async () => {
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } } });
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/charge' });
    const charge = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 700,
      currency: 'SGD',
      useCashback: false,
    });
    expect(charge.displayStatus).toBe('checking');
    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus === 'approved' ? true : undefined,
    );
    expect(await truth('charges')).toHaveLength(1);
  });

  it("while a charge's outcome is unknown, a second charge, a hold or an unlink for that customer is refused; once settled, allowed", async () => {
    // Resolution waits a second, so the cashier's impatient second tap lands while the first is "checking".
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } }, resolveDelaysMs: [1_000] });
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/charge' });
    const first = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 700,
      currency: 'SGD',
      useCashback: false,
    });
    expect(first.displayStatus).toBe('checking');

    const again = await caught(
      h['customers.charge']({ merchantUserId: user, amountMinor: 700, currency: 'SGD', useCashback: false }),
    );
    expect(again.code).toBe('customer.outcome-unknown');
    expect(again.details).toMatchObject({ merchantRef: first.merchantRef, amountMinor: 700 });
    expect(
      (await caught(h['customers.placeHold']({ merchantUserId: user, amountMinor: 700, currency: 'SGD' }))).code,
    ).toBe('customer.outcome-unknown');
    const unlink = await caught(h['customers.unlink']({ merchantUserId: user }));
    expect(unlink).toMatchObject({ code: 'unlink.blocked', notice: { key: 'unlink.still-checking' } });
    expect(unlink.message).toContain('still being checked');
    expect(await truth('charges')).toHaveLength(1);
    expect((await h['customers.find']({ merchantUserId: user })).charges).toHaveLength(1);

    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus === 'approved' ? true : undefined,
    );
    const second = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 700,
      currency: 'SGD',
      useCashback: false,
    });
    expect(second.displayStatus).toBe('approved');
    expect(await truth('charges')).toHaveLength(2);
  });

  it('a hold whose answer was lost resolves to the one hold the provider placed', async () => {
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } } });
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/pre-auths' });
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' });
    expect(hold.displayStatus).toBe('checking');
    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'authorized' ? true : undefined,
    );
    expect(await truth('pre-auths')).toHaveLength(1);
  });

  it('a capture whose answer was lost is settled by GET /pre-auths/{id}: one capture', async () => {
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } } });
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' });
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/capture' });
    const capturing = await h['customers.capture']({ merchantRef: hold.merchantRef });
    expect(capturing).toMatchObject({
      displayStatus: 'capturing',
      unresolvedReason: { key: 'payments.error', params: { error: { code: 'network.unreachable' } } },
    });
    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'captured' ? true : undefined,
    );
    const [preAuth] = await truth('pre-auths');
    expect(preAuth!.capture).toMatchObject({
      orderUuid: (await h['customers.find']({ merchantUserId: user })).holds[0]!.orderUuid,
    });
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    const captureRequests = journal.eventsOf(hold.merchantRef).filter((e) => e.summary.startsWith('capture attempt'));
    journal.close();
    expect(captureRequests).toHaveLength(1);
  });

  it('a capture that never reached the provider (503) leaves the hold authorised for another try', async () => {
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } } });
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' });
    await controlCall(sandbox, 'POST', '/faults', { fail5xxNext: 1, path: '/capture' });
    // A 5xx may have acted (outcome unknown): the service checks, finds it still AUTHORIZED, and reopens it.
    expect((await h['customers.capture']({ merchantRef: hold.merchantRef })).displayStatus).toBe('capturing');
    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'authorized' ? true : undefined,
    );
    expect((await h['customers.capture']({ merchantRef: hold.merchantRef })).displayStatus).toBe('captured');
  });
});

describe('recovery after a restart', () => {
  it('resumes a charge and a capture that were in flight when the till stopped', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    const hold = await first.h['customers.placeHold']({ merchantUserId: user, amountMinor: 3000, currency: 'SGD' });
    await stopService();

    // What the provider did while the till was down: it received a charge and a capture, but no answer was recorded.
    const token = await demoLogin(sandbox, DEMO_TOKENIZED_CREDENTIALS);
    const [tokenTruth] = await truth('tokens');
    const chargeKey = randomUUID();
    const chargeRef = 'TILL-01-C20260101-AAAAAAAAAA';
    await tokenizedCall(
      sandbox,
      'POST',
      PATHS.charge,
      {
        paymentToken: tokenTruth!.paymentToken,
        merchantUserId: user,
        amount: 4.2,
        currency: 'SGD',
        merchantRef: chargeRef,
      },
      { token, idempotencyKey: chargeKey },
    );
    const holdRow = (() => {
      const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
      const row = journal.getAttempt(hold.merchantRef)!;
      journal.recordAttempt({
        merchantRef: chargeRef,
        kind: 'charge',
        merchantUserId: user,
        merchantId: 'MERCHANT_DEMO',
        amountMinor: 420,
        currency: 'SGD',
        useCashback: true,
        idempotencyKey: chargeKey,
        localDay: '2026-01-01',
      });
      journal.updateAttempt(hold.merchantRef, { state: 'capturing', opKey: randomUUID() });
      journal.close();
      return row;
    })();
    await tokenizedCall(sandbox, 'POST', PATHS.capture(holdRow.providerId!), {}, { token });

    const { h } = await start();
    await waitFor(async () => {
      const detail = await h['customers.find']({ merchantUserId: user });
      return detail.charges[0]?.displayStatus === 'approved' && detail.holds[0]?.displayStatus === 'captured'
        ? detail
        : undefined;
    });
    expect(await truth('charges')).toHaveLength(1);
    expect((await truth('pre-auths'))[0]!.status).toMatch(/^(CAPTURE_INITIATED|CAPTURED)$/);
  });

  it('a re-send that fails before it is processed leaves a possibly-made charge "checking", never "not sent"', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await stopService();

    // The provider charged before the till stopped; the journal only knows the charge was being sent.
    const token = await demoLogin(sandbox, DEMO_TOKENIZED_CREDENTIALS);
    const [tokenTruth] = await truth('tokens');
    const chargeKey = randomUUID();
    const chargeRef = 'TILL-01-C20260101-BBBBBBBBBB';
    await tokenizedCall(
      sandbox,
      'POST',
      PATHS.charge,
      {
        paymentToken: tokenTruth!.paymentToken,
        merchantUserId: user,
        amount: 5.1,
        currency: 'SGD',
        merchantRef: chargeRef,
      },
      { token, idempotencyKey: chargeKey },
    );
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    journal.recordAttempt({
      merchantRef: chargeRef,
      kind: 'charge',
      merchantUserId: user,
      merchantId: 'MERCHANT_DEMO',
      amountMinor: 510,
      currency: 'SGD',
      useCashback: true,
      idempotencyKey: chargeKey,
      localDay: '2026-01-01',
    });
    journal.close();

    // The clocks disagree by 9 h: every merchant login comes back already expired, so the re-send never leaves.
    await controlCall(sandbox, 'POST', '/faults', { clockOffsetMs: -9 * 60 * 60 * 1000 });
    const { h } = await start();
    const stuck = await waitFor(async () => {
      const [charge] = (await h['customers.find']({ merchantUserId: user })).charges;
      return charge && charge.displayStatus !== 'sending' ? charge : undefined;
    });
    expect(stuck).toMatchObject({
      displayStatus: 'checking',
      unresolvedReason: {
        key: 'payments.error',
        params: { error: { code: 'provider.bad-response', notice: { key: 'provider.login-expired' } } },
      },
    });

    // Once the clocks agree, the same key learns the one charge the provider made.
    await controlCall(sandbox, 'POST', '/faults', { clockOffsetMs: 0 });
    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).charges[0]?.displayStatus === 'approved' ? true : undefined,
    );
    expect(await truth('charges')).toHaveLength(1);
  });
});

describe('resolution that cannot succeed stops', () => {
  it('a capture whose hold the provider no longer knows (404) stops being checked, with the reason', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    const hold = await first.h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' });
    await stopService();
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    journal.updateAttempt(hold.merchantRef, { state: 'capturing', opKey: randomUUID() });
    journal.close();
    // The provider behind the till no longer has this pre-auth (as after switching environment).
    await controlCall(sandbox, 'POST', '/reset');

    const { h } = await start();
    const stopped = await waitFor(async () => {
      const [row] = (await h['customers.find']({ merchantUserId: user })).holds;
      return isStoppedReason(row?.unresolvedReason) ? row : undefined;
    });
    expect(stopped).toMatchObject({ displayStatus: 'capturing', unresolvedReason: { key: 'stopped.hold-unknown' } });
    expect(noticeInEnglish(stopped.unresolvedReason!)).toContain('does not know this hold');
    const asked = () => {
      const reader = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
      const count = reader
        .eventsOf(hold.merchantRef)
        .filter((e) => e.summary.startsWith('pre-auth-status attempt')).length;
      reader.close();
      return count;
    };
    const before = asked();
    await sleep(300);
    expect(asked()).toBe(before);
  });
});
