import { describe, expect, it } from 'vitest';
import { isStoppedReason } from '../../../shared/customers.ts';
import { notice, noticeInEnglish } from '../../../shared/notices.ts';
import { waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { DEMO_TOKENIZED_CREDENTIALS } from '../../sandbox/tokenized/merchants.ts';
import { demoLogin, tokenizedCall } from '../../sandbox/tokenized/tokenized.test-helper.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { PATHS } from '../tokenized/wire.ts';
import { caught, sleep } from '../../testing/helpers.ts';
import {
  dataDir,
  leaveUnansweredCreate,
  linked,
  sandbox,
  setUpCustomerServiceTests,
  start,
  stopService,
  truth,
} from './customer-service.test-helper.ts';

// Lost creates are re-sent only while the customer can still be at the counter; a stopped one never
// locks the customer out and is never sent again by itself.

setUpCustomerServiceTests();

describe('lost creates are re-sent only while the customer can still be at the counter', () => {
  it('by default a lost charge is re-sent up to 15 minutes after its first send; an older one is not re-sent (never a late charge) and stops, "check it with the provider"', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await stopService();
    // Both sends were lost in a crash; the till comes back (its clock, injected) 16 minutes after the first
    // and 14 minutes after the second.
    const tooOld = 'TILL-01-C20260101-OLDOLDOLD1';
    const recent = 'TILL-01-C20260101-RECENT0001';
    leaveUnansweredCreate('charge', user, tooOld);
    leaveUnansweredCreate('charge', user, recent, -2 * 60_000);
    const { h } = await start({ now: () => Date.now() + 16 * 60_000 });

    const charges = await waitFor(async () => {
      const detail = await h['customers.find']({ merchantUserId: user });
      const [old, fresh] = [tooOld, recent].map((ref) => detail.charges.find((c) => c.merchantRef === ref)!);
      return isStoppedReason(old!.unresolvedReason) && fresh!.displayStatus === 'approved'
        ? { old: old!, fresh: fresh! }
        : undefined;
    });
    expect(charges.old).toMatchObject({
      displayStatus: 'checking',
      unresolvedReason: { key: 'stopped.too-late', params: { minutes: 15 } },
    });
    expect(noticeInEnglish(charges.old.unresolvedReason!)).toMatch(
      /^not re-sent more than 15 minutes .*check it with the provider$/,
    );
    // The recent one was re-sent with its key and went through once; the old one never reached the provider.
    expect((await truth('charges')).map((c) => c.merchantRef)).toEqual([recent]);
    await sleep(200);
    expect((await truth('charges')).map((c) => c.merchantRef)).toEqual([recent]);
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    expect(journal.eventsOf(tooOld).filter((e) => e.summary.startsWith('charge attempt'))).toEqual([]);
    journal.close();
  });

  it('a charge and a hold whose checking STOPPED do not lock the customer out: they stay listed with the reason, and a new charge, hold and unlink go through', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await stopService();
    const charge = 'TILL-01-C20260101-STOPPED001';
    const hold = 'TILL-01-H20260101-STOPPED002';
    leaveUnansweredCreate('charge', user, charge);
    leaveUnansweredCreate('hold', user, hold);
    const { h } = await start({ resendWindowMs: 60 * 60_000, now: () => Date.now() + 2 * 60 * 60_000 });
    await waitFor(async () => {
      const detail = await h['customers.find']({ merchantUserId: user });
      return isStoppedReason(detail.charges[0]?.unresolvedReason) && isStoppedReason(detail.holds[0]?.unresolvedReason)
        ? detail
        : undefined;
    });

    expect(
      (await h['customers.charge']({ merchantUserId: user, amountMinor: 700, currency: 'SGD', useCashback: false }))
        .displayStatus,
    ).toBe('approved');
    const newHold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 800, currency: 'SGD' });
    expect(newHold.displayStatus).toBe('authorized');
    await h['customers.void']({ merchantRef: newHold.merchantRef, reason: 'test' });
    expect((await h['customers.unlink']({ merchantUserId: user })).status).toBe('unlinked');

    const detail = await h['customers.find']({ merchantUserId: user });
    expect(detail.charges.find((c) => c.merchantRef === charge)).toMatchObject({
      displayStatus: 'checking',
      unresolvedReason: { key: 'stopped.too-late' },
    });
    expect(detail.holds.find((x) => x.merchantRef === hold)).toMatchObject({
      displayStatus: 'checking',
      unresolvedReason: { key: 'stopped.too-late' },
    });
    expect(await truth('charges')).toHaveLength(1);
  });

  it('a create whose checking stopped is never sent again by itself, not even after a restart inside the re-send window', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await stopService();
    // Stopped moments ago (say its re-send was refused): the customer is free to pay another way now.
    const charge = 'TILL-01-C20260101-STOPPED003';
    leaveUnansweredCreate('charge', user, charge);
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    journal.updateAttempt(charge, {
      unresolvedReason: notice('stopped.resend-refused', { error: { code: 'request.invalid' } }),
    });
    journal.close();

    const { h } = await start();
    // Recovery has had every resolve delay (20, 40, 80 ms) several times over.
    await sleep(600);
    expect(await truth('charges')).toHaveLength(0);
    const [row] = (await h['customers.find']({ merchantUserId: user })).charges;
    expect(row).toMatchObject({
      merchantRef: charge,
      displayStatus: 'checking',
      unresolvedReason: { key: 'stopped.resend-refused', params: { error: { code: 'request.invalid' } } },
    });
  });

  it('an unlink the provider refuses because of a hold the till stopped checking says to check it with the provider', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await stopService();
    // The hold did reach the provider (its answer was lost), and stays authorised there.
    const hold = 'TILL-01-H20260101-STOPPED003';
    const key = leaveUnansweredCreate('hold', user, hold);
    const [tokenTruth] = await truth('tokens');
    const placed = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.preAuths,
      { paymentToken: tokenTruth!.paymentToken, merchantUserId: user, amount: 6.4, currency: 'SGD', merchantRef: hold },
      { token: await demoLogin(sandbox, DEMO_TOKENIZED_CREDENTIALS), idempotencyKey: key },
    );
    expect(placed.body.status).toBe('AUTHORIZED');
    const { h } = await start({ now: () => Date.now() + 16 * 60_000 });
    await waitFor(async () =>
      isStoppedReason((await h['customers.find']({ merchantUserId: user })).holds[0]?.unresolvedReason)
        ? true
        : undefined,
    );

    const refused = await caught(h['customers.unlink']({ merchantUserId: user }));
    expect(refused).toMatchObject({
      code: 'unlink.blocked',
      notice: { key: 'unlink.hold-elsewhere' },
      message: expect.stringContaining('Check it with the provider'),
    });
    expect((await h['customers.find']({ merchantUserId: user })).customer.status).toBe('linked');
  });
});
