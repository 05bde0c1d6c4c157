import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomerHandlers } from '../../../shared/contract.ts';
import { isStoppedReason, STOPPED_REASON_PREFIX, type LinkedCustomerDetail } from '../../../shared/domain.ts';
import { money } from '../../../shared/money.ts';
import type { RunningSandbox } from '../../sandbox/server.ts';
import { controlCall, startTestSandbox, waitFor } from '../../sandbox/testing.ts';
import { DEMO_TOKENIZED_CREDENTIALS } from '../../sandbox/tokenized/merchants.ts';
import { approveOnConsentPage, demoLogin, tokenizedCall } from '../../sandbox/tokenized/testing.ts';
import { openTestContext } from '../payments/payment-test-context.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { customerJournalFileIn, openCustomerJournal } from './journal.ts';
import { createCustomerModule, type CustomerModule, type CustomerModuleOptions } from './customer-module.ts';
import { ORDER_WEBHOOK_PATH } from './order-webhook-receiver.ts';
import { TOKEN_KEY_SECRET_NAME } from './token-cipher.ts';
import { PATHS } from '../tokenized/wire.ts';
import { caught } from '../pos-error.test-helper.ts';
import { localDayOf, systemTimeZone } from '../journal/local-time.ts';

// The linked-customer service over real sockets against the embedded sandbox, with a real SQLite journal and
// a development vault in a temp folder: linking through the consent page, charges, holds, webhooks, lost
// answers resolved without a new key, recovery after a restart, unlinking.

let sandbox: RunningSandbox;
let dataDir: string;
let running: { module: CustomerModule; h: CustomerHandlers; updates: LinkedCustomerDetail[]; close: () => Promise<void> } | null = null;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wallet-pos-customers-'));
  sandbox = await startTestSandbox({ webhookRetryBaseMs: 20 });
});

afterEach(async () => {
  await running?.close();
  running = null;
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(overrides: Partial<CustomerModuleOptions> = {}): Promise<NonNullable<typeof running>> {
  await running?.close();
  const test = await openTestContext({ dataDir, sandbox });
  const updates: LinkedCustomerDetail[] = [];
  const module = await createCustomerModule({
    vault: new DevelopmentFileVault(join(dataDir, 'vault.development.json')),
    emit: (_event, detail) => updates.push(detail),
    resolveDelaysMs: [20, 40, 80],
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    ...overrides,
  })(test.context);
  running = {
    module,
    h: module.handlers,
    updates,
    close: async () => {
      await module.close();
      await test.close();
    },
  };
  return running;
}

async function linked(h: CustomerHandlers, module: CustomerModule, merchantUserId = `cust-${randomUUID().slice(0, 8)}`): Promise<string> {
  const started = await h['customers.startLink']({ merchantUserId, phoneHint: '+65 9123 4567' });
  const request = module.consentRequest(started.linkToken);
  const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
  const customer = await h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: location.toString() });
  expect(customer.status).toBe('linked');
  return merchantUserId;
}

/**
 * What a till that stopped mid-send leaves behind: a hold or charge recorded (its key journalled) and marked
 * checking, whose request never reached the provider. `ageMs`: how long before the real now it was sent.
 */
function leaveUnansweredCreate(kind: 'hold' | 'charge', merchantUserId: string, merchantRef: string, ageMs = 0): string {
  const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir), now: () => Date.now() - ageMs });
  const idempotencyKey = randomUUID();
  journal.recordAttempt({ merchantRef, kind, merchantUserId, merchantId: 'MERCHANT_DEMO', amountMinor: 640, currency: 'SGD', useCashback: false, idempotencyKey, localDay: '2026-01-01' });
  journal.updateAttempt(merchantRef, { state: 'checking', unresolvedReason: 'network.timeout' });
  journal.close();
  return idempotencyKey;
}

const truth = async (what: 'pre-auths' | 'charges' | 'tokens') => {
  const body = (await controlCall(sandbox, 'GET', `/tokenized/${what}`)).body;
  return (body.preAuths ?? body.charges ?? body.tokens) as Record<string, unknown>[];
};

describe('linking', () => {
  it('consent page → callback → code exchanged at once; the token is stored sealed, never in clear', async () => {
    const { h, module } = await start();
    const started = await h['customers.startLink']({ merchantUserId: 'cust-1', phoneHint: '+65 9123 4567', emailHint: 'jane.doe@example.com' });
    expect(started.callbackUrl).toBe('https://till.wallet-pos.invalid/link/callback');
    expect(JSON.stringify(started)).not.toMatch(/eyJ/); // the app token (a JWT) stays in main
    const request = module.consentRequest(started.linkToken);
    expect(Object.keys(request.headers)).toEqual(['X-Service-App-Token']);
    // Only redacted hints reached the provider.
    const session = (await controlCall(sandbox, 'GET', `/tokenized/link-sessions/${started.linkToken}`)).body;
    expect(session.userHint).toEqual({ phone: '+65 ****4567', email: 'j***@example.com' });

    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    const customer = await h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: location.toString() });
    expect(customer).toMatchObject({ merchantUserId: 'cust-1', status: 'linked', hint: 'j***@example.com' });

    const [token] = await truth('tokens');
    const paymentToken = token!.paymentToken as string;
    const db = new DatabaseSync(customerJournalFileIn(dataDir));
    const row = db.prepare('SELECT token_sealed FROM customers WHERE merchant_user_id = ?').get('cust-1')!;
    db.close();
    expect(String(row.token_sealed)).toMatch(/^v1\./);
    expect(String(row.token_sealed)).not.toContain(paymentToken);
    for (const file of ['linked-customers.sqlite3', 'linked-customers.sqlite3-wal']) {
      expect(readFileSync(join(dataDir, file)).includes(paymentToken)).toBe(false);
    }
    expect(JSON.parse(readFileSync(join(dataDir, 'vault.development.json'), 'utf8'))[TOKEN_KEY_SECRET_NAME]).toBeTruthy();
    // Completing again is harmless; the session is done.
    expect((await h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: location.toString() })).status).toBe('linked');
    expect((await h['customers.linkStatus']({ linkToken: started.linkToken })).state).toBe('linked');
  });

  it('refuses a redirect whose state does not match, or that lands elsewhere', async () => {
    const { h, module } = await start();
    const started = await h['customers.startLink']({ merchantUserId: 'cust-2', emailHint: 'a@b.co' });
    const request = module.consentRequest(started.linkToken);
    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    const elsewhere = new URL(location);
    elsewhere.host = 'evil.example';
    expect((await caught(h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: elsewhere.toString() }))).code).toBe('link.failed');
    const forged = new URL(location);
    forged.searchParams.set('state', 'forged');
    expect((await caught(h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: forged.toString() }))).code).toBe('link.failed');
    expect((await h['customers.linkStatus']({ linkToken: started.linkToken })).state).toBe('failed');
    expect(await truth('tokens')).toHaveLength(0);
  });

  it('linkStatus completes the link from the provider\'s poll when the redirect was never seen', async () => {
    const { h } = await start();
    const started = await h['customers.startLink']({ merchantUserId: 'cust-3', phoneHint: '91234567' });
    expect(await h['customers.linkStatus']({ linkToken: started.linkToken })).toEqual({ state: 'waiting', customer: null, message: null });
    await controlCall(sandbox, 'POST', `/tokenized/link-sessions/${started.linkToken}/approve`);
    const progress = await h['customers.linkStatus']({ linkToken: started.linkToken });
    expect(progress).toMatchObject({ state: 'linked', customer: { merchantUserId: 'cust-3', status: 'linked', hint: '****4567' } });
    await controlCall(sandbox, 'POST', '/tokenized/link-sessions/' + (await h['customers.startLink']({ merchantUserId: 'cust-4', phoneHint: '91234567' })).linkToken + '/expire');
    const list = await h['customers.list']({});
    expect(list.map((c) => c.merchantUserId)).toEqual(['cust-3']);
  });

  it('a link whose token cannot be stored fails with a reason the cashier can act on, and stops looking alive', async () => {
    // The key store cannot be written (here: the vault's folder is a plain file), as on a till without one.
    const blocker = join(dataDir, 'not-a-folder');
    writeFileSync(blocker, '');
    const { h, module } = await start({ vault: new DevelopmentFileVault(join(blocker, 'vault.json')) });
    const started = await h['customers.startLink']({ merchantUserId: 'cust-6', phoneHint: '91234567' });
    const request = module.consentRequest(started.linkToken);
    const location = await approveOnConsentPage(request.url, request.headers['X-Service-App-Token']!);
    const error = await caught(h['customers.completeLink']({ linkToken: started.linkToken, redirectedTo: location.toString() }));
    expect(error).toMatchObject({ code: 'vault.unavailable', message: expect.stringContaining('link the customer again') });
    // The provider's session is COMPLETED and its code spent: the poll must say so, not "waiting" until expiry.
    expect(await h['customers.linkStatus']({ linkToken: started.linkToken })).toMatchObject({ state: 'failed' });
    expect(await h['customers.list']({})).toEqual([]);
  });

  it('an expired session says so', async () => {
    const { h } = await start();
    const started = await h['customers.startLink']({ merchantUserId: 'cust-5', phoneHint: '91234567' });
    await controlCall(sandbox, 'POST', `/tokenized/link-sessions/${started.linkToken}/expire`);
    expect(await h['customers.linkStatus']({ linkToken: started.linkToken })).toMatchObject({ state: 'expired', message: expect.stringContaining('expired') });
  });
});

describe('charges, holds, webhooks', () => {
  it('cashback, charge (approved, then its SUCCESS webhook recorded once even when duplicated), rejected charge', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    expect(await h['customers.cashback']({ merchantUserId: user })).toEqual({ balance: money(500, 'SGD') });
    await controlCall(sandbox, 'POST', '/faults', { webhookDuplicates: true });
    const charge = await h['customers.charge']({ merchantUserId: user, amountMinor: 1299, currency: 'SGD', useCashback: true });
    expect(charge).toMatchObject({ displayStatus: 'approved', amount: money(1299, 'SGD'), useCashback: true, orderUuid: expect.any(String) });
    expect(charge.merchantRef).toMatch(/^TILL-01-C\d{8}-[0-9A-Z]{10}$/);
    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).charges[0]!.orderOutcome === 'SUCCESS' ? true : undefined));
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    await waitFor(() => (journal.eventsOf(charge.merchantRef).some((e) => e.summary.startsWith('duplicate order webhook')) ? true : undefined));
    journal.close();
    expect(await h['customers.cashback']({ merchantUserId: user })).toEqual({ balance: money(0, 'SGD') });

    const rejected = await h['customers.charge']({ merchantUserId: user, amountMinor: 851, currency: 'SGD', useCashback: false });
    expect(rejected).toMatchObject({ displayStatus: 'rejected', failureReason: 'INSUFFICIENT_FUNDS' });
    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).charges[0]!.orderOutcome === 'FAILED' ? true : undefined));
    expect((await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus).toBe('rejected');
    expect(await truth('charges')).toHaveLength(2);
  });

  it('hold → capture (CAPTURED on the webhook); hold → void; unlink refused while a hold is open, then allowed', async () => {
    const { h, module, updates } = await start();
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    expect(hold).toMatchObject({ displayStatus: 'authorized', providerStatus: 'AUTHORIZED', canCapture: true, canVoid: true });
    expect(Date.parse(hold.expiresAt!) - Date.parse(hold.placedAt)).toBeGreaterThan(6 * 24 * 3600_000);
    expect(await caught(h['customers.unlink']({ merchantUserId: user }))).toMatchObject({ code: 'unlink.blocked' });

    const captured = await h['customers.capture']({ merchantRef: hold.merchantRef });
    expect(captured).toMatchObject({ displayStatus: 'captured', providerStatus: 'CAPTURE_INITIATED', orderUuid: expect.any(String), canCapture: false });
    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).holds[0]!.providerStatus === 'CAPTURED' ? true : undefined));
    // Capturing again is a no-op success; voiding it is refused.
    expect((await h['customers.capture']({ merchantRef: hold.merchantRef })).displayStatus).toBe('captured');
    expect((await caught(h['customers.void']({ merchantRef: hold.merchantRef, reason: 'x' }))).code).toBe('preauth.already-captured');

    const second = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 2000, currency: 'SGD' });
    const voided = await h['customers.void']({ merchantRef: second.merchantRef, reason: 'Customer changed their mind' });
    expect(voided).toMatchObject({ displayStatus: 'voided', voidReason: 'Customer changed their mind' });
    const unlinked = await h['customers.unlink']({ merchantUserId: user });
    expect(unlinked.status).toBe('unlinked');
    expect((await truth('tokens'))[0]!.status).toBe('UNLINKED');
    expect(await caught(h['customers.charge']({ merchantUserId: user, amountMinor: 100, currency: 'SGD', useCashback: true }))).toMatchObject({ code: 'payment-token.invalid' });
    expect(updates.some((u) => u.customer.merchantUserId === user && u.holds.length === 2)).toBe(true);
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
    expect(summaries).toContain('capture rejected (INSUFFICIENT_FUNDS); nothing taken; checking the hold with the provider');
    expect(summaries.some((x) => x.startsWith('captured'))).toBe(false);
    // It blocks unlinking like any open hold, and still reads capture-failed after the failed order's webhook
    // and a restart (the reason is in the journal, not in memory).
    expect(await caught(h['customers.unlink']({ merchantUserId: user }))).toMatchObject({ code: 'unlink.blocked' });
    await new Promise((resolve) => setTimeout(resolve, 120));
    const restarted = await start();
    const after = (await restarted.h['customers.find']({ merchantUserId: user })).holds[0]!;
    expect(after).toMatchObject({ displayStatus: 'capture-failed', captureFailureReason: 'INSUFFICIENT_FUNDS', providerStatus: 'AUTHORIZED' });

    const voided = await restarted.h['customers.void']({ merchantRef: hold.merchantRef, reason: 'Capture rejected' });
    expect(voided).toMatchObject({ displayStatus: 'voided', providerStatus: 'VOIDED', canCapture: false, canVoid: false, captureFailureReason: 'INSUFFICIENT_FUNDS' });
    expect((await truth('pre-auths'))[0]).toMatchObject({ status: 'VOIDED', orderUuid: null });
  });

  it('the FAILED order webhook of a capture answered REJECTED is known as that hold\'s (not an unknown order), recorded once, and changes nothing', async () => {
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
      expect.stringMatching(/^order webhook FAILED for the capture answered REJECTED \(order [0-9a-f-]{36}\): nothing taken, as answered$/),
      expect.stringMatching(/^duplicate order webhook for the rejected capture ignored/),
    ]);
    expect(lines.filter((line) => line.includes('unknown order'))).toEqual([]);
    expect((await h['customers.find']({ merchantUserId: user })).holds[0]).toMatchObject({ displayStatus: 'capture-failed', orderUuid: null, canVoid: true });
  });

  it('a declined hold is an answer; an expired one is found on refresh and refuses capture', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    const declined = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1051, currency: 'SGD' });
    expect(declined).toMatchObject({ displayStatus: 'declined', failureReason: 'INSUFFICIENT_FUNDS', canCapture: false });
    await controlCall(sandbox, 'POST', '/settings', { preAuthTtlMs: 60 });
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1000, currency: 'SGD' });
    await new Promise((resolve) => setTimeout(resolve, 120));
    const detail = await h['customers.find']({ merchantUserId: user });
    expect(detail.holds.find((x) => x.merchantRef === hold.merchantRef)).toMatchObject({ displayStatus: 'expired', providerStatus: 'EXPIRED' });
    expect((await caught(h['customers.capture']({ merchantRef: hold.merchantRef }))).code).toBe('preauth.expired');
  });

  it('a new hold or charge after a decline is a new attempt: its own merchantRef and idempotency key, journalled and sent', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    const declined = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1051, currency: 'SGD' });
    expect(declined.displayStatus).toBe('declined');
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1051 - 51, currency: 'SGD' });
    expect(hold.displayStatus).toBe('authorized');
    const rejected = await h['customers.charge']({ merchantUserId: user, amountMinor: 851, currency: 'SGD', useCashback: false });
    expect(rejected.displayStatus).toBe('rejected');
    const charge = await h['customers.charge']({ merchantUserId: user, amountMinor: 851, currency: 'SGD', useCashback: false });
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
    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'authorized' ? true : undefined));
  });

  it('while a hold of theirs is PENDING at the provider, a second hold for that customer is refused; once it settles, allowed', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/settings', { confirmDelayMs: 1_000 });
    const pending = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1053, currency: 'SGD' });
    expect(pending.displayStatus).toBe('pending');
    const again = await caught(h['customers.placeHold']({ merchantUserId: user, amountMinor: 1053, currency: 'SGD' }));
    expect(again).toMatchObject({ code: 'customer.hold-pending', retryable: true, details: { merchantRef: pending.merchantRef, amountMinor: 1053 } });
    expect(again.message).toContain('still being approved');
    expect(await truth('pre-auths')).toHaveLength(1);
    // A charge is another matter: the pending hold is a known request, not an unknown outcome.
    expect((await h['customers.charge']({ merchantUserId: user, amountMinor: 300, currency: 'SGD', useCashback: false })).displayStatus).toBe('approved');

    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'authorized' ? true : undefined), 5_000);
    expect((await h['customers.placeHold']({ merchantUserId: user, amountMinor: 1000, currency: 'SGD' })).displayStatus).toBe('authorized');
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

  it('refuses amounts over the till limit and in another currency before anything is sent', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    expect((await caught(h['customers.charge']({ merchantUserId: user, amountMinor: 2_000_000, currency: 'SGD', useCashback: true }))).code).toBe('amount.over-limit');
    expect((await caught(h['customers.placeHold']({ merchantUserId: user, amountMinor: 100, currency: 'HKD' }))).code).toBe('currency.unsupported');
    expect((await caught(h['customers.find']({ merchantUserId: 'nobody' }))).code).toBe('customer.not-found');
    expect(await truth('charges')).toHaveLength(0);
  });
});

describe('lost answers are resolved, never re-sent under a new key', () => {
  it('a charge whose answer was lost shows "checking", then the outcome; the provider has one charge', async () => {
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } } });
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/charge' });
    const charge = await h['customers.charge']({ merchantUserId: user, amountMinor: 700, currency: 'SGD', useCashback: false });
    expect(charge.displayStatus).toBe('checking');
    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus === 'approved' ? true : undefined));
    expect(await truth('charges')).toHaveLength(1);
  });

  it('while a charge\'s outcome is unknown, a second charge, a hold or an unlink for that customer is refused; once settled, allowed', async () => {
    // Resolution waits a second, so the cashier's impatient second tap lands while the first is "checking".
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } }, resolveDelaysMs: [1_000] });
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/charge' });
    const first = await h['customers.charge']({ merchantUserId: user, amountMinor: 700, currency: 'SGD', useCashback: false });
    expect(first.displayStatus).toBe('checking');

    const again = await caught(h['customers.charge']({ merchantUserId: user, amountMinor: 700, currency: 'SGD', useCashback: false }));
    expect(again.code).toBe('customer.outcome-unknown');
    expect(again.details).toMatchObject({ merchantRef: first.merchantRef, amountMinor: 700 });
    expect((await caught(h['customers.placeHold']({ merchantUserId: user, amountMinor: 700, currency: 'SGD' }))).code).toBe('customer.outcome-unknown');
    const unlink = await caught(h['customers.unlink']({ merchantUserId: user }));
    expect(unlink.code).toBe('unlink.blocked');
    expect(unlink.message).toContain('still being checked');
    expect(await truth('charges')).toHaveLength(1);
    expect((await h['customers.find']({ merchantUserId: user })).charges).toHaveLength(1);

    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus === 'approved' ? true : undefined));
    const second = await h['customers.charge']({ merchantUserId: user, amountMinor: 700, currency: 'SGD', useCashback: false });
    expect(second.displayStatus).toBe('approved');
    expect(await truth('charges')).toHaveLength(2);
  });

  it('a hold whose answer was lost resolves to the one hold the provider placed', async () => {
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } } });
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/pre-auths' });
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' });
    expect(hold.displayStatus).toBe('checking');
    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'authorized' ? true : undefined));
    expect(await truth('pre-auths')).toHaveLength(1);
  });

  it('a capture whose answer was lost is settled by GET /pre-auths/{id}: one capture', async () => {
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } } });
    const user = await linked(h, module);
    const hold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' });
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/capture' });
    const capturing = await h['customers.capture']({ merchantRef: hold.merchantRef });
    expect(capturing).toMatchObject({ displayStatus: 'capturing', unresolvedReason: 'network.unreachable' });
    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'captured' ? true : undefined));
    const [preAuth] = await truth('pre-auths');
    expect(preAuth!.capture).toMatchObject({ orderUuid: (await h['customers.find']({ merchantUserId: user })).holds[0]!.orderUuid });
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
    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).holds[0]!.displayStatus === 'authorized' ? true : undefined));
    expect((await h['customers.capture']({ merchantRef: hold.merchantRef })).displayStatus).toBe('captured');
  });
});

describe('recovery after a restart', () => {
  it('resumes a charge and a capture that were in flight when the till stopped', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    const hold = await first.h['customers.placeHold']({ merchantUserId: user, amountMinor: 3000, currency: 'SGD' });
    await running!.close();
    running = null;

    // What the provider did while the till was down: it received a charge and a capture, but no answer was recorded.
    const token = await demoLogin(sandbox, DEMO_TOKENIZED_CREDENTIALS);
    const [tokenTruth] = await truth('tokens');
    const chargeKey = randomUUID();
    const chargeRef = 'TILL-01-C20260101-AAAAAAAAAA';
    await tokenizedCall(sandbox, 'POST', PATHS.charge, { paymentToken: tokenTruth!.paymentToken, merchantUserId: user, amount: 4.2, currency: 'SGD', merchantRef: chargeRef }, { token, idempotencyKey: chargeKey });
    const holdRow = (() => {
      const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
      const row = journal.getAttempt(hold.merchantRef)!;
      journal.recordAttempt({ merchantRef: chargeRef, kind: 'charge', merchantUserId: user, merchantId: 'MERCHANT_DEMO', amountMinor: 420, currency: 'SGD', useCashback: true, idempotencyKey: chargeKey, localDay: '2026-01-01' });
      journal.updateAttempt(hold.merchantRef, { state: 'capturing', opKey: randomUUID() });
      journal.close();
      return row;
    })();
    await tokenizedCall(sandbox, 'POST', PATHS.capture(holdRow.providerId!), {}, { token });

    const { h } = await start();
    await waitFor(async () => {
      const detail = await h['customers.find']({ merchantUserId: user });
      return detail.charges[0]?.displayStatus === 'approved' && detail.holds[0]?.displayStatus === 'captured' ? detail : undefined;
    });
    expect(await truth('charges')).toHaveLength(1);
    expect((await truth('pre-auths'))[0]!.status).toMatch(/^(CAPTURE_INITIATED|CAPTURED)$/);
  });

  it('a re-send that fails before it is processed leaves a possibly-made charge "checking", never "not sent"', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await running!.close();
    running = null;

    // The provider charged before the till stopped; the journal only knows the charge was being sent.
    const token = await demoLogin(sandbox, DEMO_TOKENIZED_CREDENTIALS);
    const [tokenTruth] = await truth('tokens');
    const chargeKey = randomUUID();
    const chargeRef = 'TILL-01-C20260101-BBBBBBBBBB';
    await tokenizedCall(sandbox, 'POST', PATHS.charge, { paymentToken: tokenTruth!.paymentToken, merchantUserId: user, amount: 5.1, currency: 'SGD', merchantRef: chargeRef }, { token, idempotencyKey: chargeKey });
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    journal.recordAttempt({ merchantRef: chargeRef, kind: 'charge', merchantUserId: user, merchantId: 'MERCHANT_DEMO', amountMinor: 510, currency: 'SGD', useCashback: true, idempotencyKey: chargeKey, localDay: '2026-01-01' });
    journal.close();

    // The clocks disagree by 9 h: every merchant login comes back already expired, so the re-send never leaves.
    await controlCall(sandbox, 'POST', '/faults', { clockOffsetMs: -9 * 60 * 60 * 1000 });
    const { h } = await start();
    const stuck = await waitFor(async () => {
      const [charge] = (await h['customers.find']({ merchantUserId: user })).charges;
      return charge && charge.displayStatus !== 'sending' ? charge : undefined;
    });
    expect(stuck).toMatchObject({ displayStatus: 'checking', unresolvedReason: 'provider.bad-response' });

    // Once the clocks agree, the same key learns the one charge the provider made.
    await controlCall(sandbox, 'POST', '/faults', { clockOffsetMs: 0 });
    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).charges[0]?.displayStatus === 'approved' ? true : undefined));
    expect(await truth('charges')).toHaveLength(1);
  });
});

describe('resolution that cannot succeed stops', () => {
  it('a capture whose hold the provider no longer knows (404) stops being checked, with the reason', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    const hold = await first.h['customers.placeHold']({ merchantUserId: user, amountMinor: 900, currency: 'SGD' });
    await running!.close();
    running = null;
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    journal.updateAttempt(hold.merchantRef, { state: 'capturing', opKey: randomUUID() });
    journal.close();
    // The provider behind the till no longer has this pre-auth (as after switching environment).
    await controlCall(sandbox, 'POST', '/reset');

    const { h } = await start();
    const stopped = await waitFor(async () => {
      const [row] = (await h['customers.find']({ merchantUserId: user })).holds;
      return row?.unresolvedReason?.startsWith('stopped:') ? row : undefined;
    });
    expect(stopped).toMatchObject({ displayStatus: 'capturing', unresolvedReason: expect.stringContaining('does not know this hold') });
    const asked = () => {
      const reader = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
      const count = reader.eventsOf(hold.merchantRef).filter((e) => e.summary.startsWith('pre-auth-status attempt')).length;
      reader.close();
      return count;
    };
    const before = asked();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked()).toBe(before);
  });
});

describe('the Unresolved list and the day summary see linked-customer rows', () => {
  it('a charge whose answer was lost is listed (customer, kind, amount, reason) and counted, then gone once settled', async () => {
    const { h, module } = await start({ client: { retry: { maxAttempts: 1 } }, resolveDelaysMs: [1_000] });
    const user = await linked(h, module);
    expect(await h['customers.unresolved']({})).toEqual([]);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/charge' });
    const charge = await h['customers.charge']({ merchantUserId: user, amountMinor: 700, currency: 'SGD', useCashback: false });
    expect(charge.displayStatus).toBe('checking');

    expect(await h['customers.unresolved']({})).toEqual([
      { merchantUserId: user, kind: 'charge', merchantRef: charge.merchantRef, amount: money(700, 'SGD'), displayStatus: 'checking', reason: charge.unresolvedReason, createdAt: charge.createdAt },
    ]);
    expect(charge.unresolvedReason).toBeTruthy();
    expect(module.unresolvedCount()).toBe(1);

    await waitFor(async () => ((await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus === 'approved' ? true : undefined));
    expect(await h['customers.unresolved']({})).toEqual([]);
    expect(module.unresolvedCount()).toBe(0);
  });

  it('a hold the till stopped checking stays listed with its "stopped" reason; a PENDING or authorised hold is not listed', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await running!.close();
    running = null;
    leaveUnansweredCreate('hold', user, 'TILL-01-H20260101-STOPPED009');
    const { h, module } = await start({ resendWindowMs: 60 * 60_000, now: () => Date.now() + 2 * 60 * 60_000 });
    const listed = await waitFor(async () => {
      const rows = await h['customers.unresolved']({});
      return rows.length === 1 && isStoppedReason(rows[0]!.reason) ? rows : undefined;
    });
    expect(listed[0]).toMatchObject({ merchantUserId: user, kind: 'hold', merchantRef: 'TILL-01-H20260101-STOPPED009', amount: money(640, 'SGD'), displayStatus: 'checking' });
    const authorised = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 800, currency: 'SGD' });
    expect(authorised.displayStatus).toBe('authorized');
    expect((await h['customers.unresolved']({})).map((row) => row.merchantRef)).toEqual(['TILL-01-H20260101-STOPPED009']);
    expect(module.unresolvedCount()).toBe(1);
  });

  it('takings of the day: approved charges and captured holds count; rejected charges, voided holds and other days do not', async () => {
    const { h, module } = await start();
    const user = await linked(h, module);
    await h['customers.charge']({ merchantUserId: user, amountMinor: 1299, currency: 'SGD', useCashback: false });
    expect((await h['customers.charge']({ merchantUserId: user, amountMinor: 851, currency: 'SGD', useCashback: false })).displayStatus).toBe('rejected');
    const captured = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 5000, currency: 'SGD' });
    expect((await h['customers.capture']({ merchantRef: captured.merchantRef })).displayStatus).toBe('captured');
    const voided = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 2000, currency: 'SGD' });
    await h['customers.void']({ merchantRef: voided.merchantRef, reason: 'order cancelled' });

    const today = localDayOf(Date.now(), systemTimeZone());
    expect(module.takingsOfDay(today, 'SGD')).toEqual({ charges: { count: 1, total: money(1299, 'SGD') }, captures: { count: 1, total: money(5000, 'SGD') } });
    expect(module.takingsOfDay('2020-01-01', 'SGD')).toEqual({ charges: { count: 0, total: money(0, 'SGD') }, captures: { count: 0, total: money(0, 'SGD') } });
    expect(module.takingsOfDay(today, 'HKD').charges.count).toBe(0);
  });
});

describe('lost creates are re-sent only while the customer can still be at the counter', () => {
  it('by default a lost charge is re-sent up to 15 minutes after its first send; an older one is not re-sent (never a late charge) and stops, "check it with the provider"', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await running!.close();
    running = null;
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
      return isStoppedReason(old!.unresolvedReason) && fresh!.displayStatus === 'approved' ? { old: old!, fresh: fresh! } : undefined;
    });
    expect(charges.old).toMatchObject({ displayStatus: 'checking', unresolvedReason: expect.stringMatching(/^stopped: not re-sent more than 15 minutes .*check it with the provider$/) });
    // The recent one was re-sent with its key and went through once; the old one never reached the provider.
    expect((await truth('charges')).map((c) => c.merchantRef)).toEqual([recent]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await truth('charges')).map((c) => c.merchantRef)).toEqual([recent]);
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    expect(journal.eventsOf(tooOld).filter((e) => e.summary.startsWith('charge attempt'))).toEqual([]);
    journal.close();
  });

  it('a charge and a hold whose checking STOPPED do not lock the customer out: they stay listed with the reason, and a new charge, hold and unlink go through', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await running!.close();
    running = null;
    const charge = 'TILL-01-C20260101-STOPPED001';
    const hold = 'TILL-01-H20260101-STOPPED002';
    leaveUnansweredCreate('charge', user, charge);
    leaveUnansweredCreate('hold', user, hold);
    const { h } = await start({ resendWindowMs: 60 * 60_000, now: () => Date.now() + 2 * 60 * 60_000 });
    await waitFor(async () => {
      const detail = await h['customers.find']({ merchantUserId: user });
      return isStoppedReason(detail.charges[0]?.unresolvedReason) && isStoppedReason(detail.holds[0]?.unresolvedReason) ? detail : undefined;
    });

    expect((await h['customers.charge']({ merchantUserId: user, amountMinor: 700, currency: 'SGD', useCashback: false })).displayStatus).toBe('approved');
    const newHold = await h['customers.placeHold']({ merchantUserId: user, amountMinor: 800, currency: 'SGD' });
    expect(newHold.displayStatus).toBe('authorized');
    await h['customers.void']({ merchantRef: newHold.merchantRef, reason: 'test' });
    expect((await h['customers.unlink']({ merchantUserId: user })).status).toBe('unlinked');

    const detail = await h['customers.find']({ merchantUserId: user });
    expect(detail.charges.find((c) => c.merchantRef === charge)).toMatchObject({ displayStatus: 'checking', unresolvedReason: expect.stringMatching(/^stopped: /) });
    expect(detail.holds.find((x) => x.merchantRef === hold)).toMatchObject({ displayStatus: 'checking', unresolvedReason: expect.stringMatching(/^stopped: /) });
    expect(await truth('charges')).toHaveLength(1);
  });

  it('a create whose checking stopped is never sent again by itself, not even after a restart inside the re-send window', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await running!.close();
    running = null;
    // Stopped moments ago (say its re-send was refused): the customer is free to pay another way now.
    const charge = 'TILL-01-C20260101-STOPPED003';
    leaveUnansweredCreate('charge', user, charge);
    const journal = openCustomerJournal({ filePath: customerJournalFileIn(dataDir) });
    journal.updateAttempt(charge, { unresolvedReason: `${STOPPED_REASON_PREFIX}the provider refused the re-send; check it with the provider` });
    journal.close();

    const { h } = await start();
    // Recovery has had every resolve delay (20, 40, 80 ms) several times over.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await truth('charges')).toHaveLength(0);
    const [row] = (await h['customers.find']({ merchantUserId: user })).charges;
    expect(row).toMatchObject({ merchantRef: charge, displayStatus: 'checking', unresolvedReason: expect.stringMatching(/^stopped: the provider refused/) });
  });

  it('an unlink the provider refuses because of a hold the till stopped checking says to check it with the provider', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await running!.close();
    running = null;
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
    await waitFor(async () => (isStoppedReason((await h['customers.find']({ merchantUserId: user })).holds[0]?.unresolvedReason) ? true : undefined));

    const refused = await caught(h['customers.unlink']({ merchantUserId: user }));
    expect(refused).toMatchObject({ code: 'unlink.blocked', message: expect.stringContaining('Check it with the provider') });
    expect((await h['customers.find']({ merchantUserId: user })).customer.status).toBe('linked');
  });
});

describe('order webhook receiver', () => {
  it('answers 200 at once, ignores unknown orders, refuses malformed bodies', async () => {
    const { module } = await start();
    const url = module.orderWebhookUrl()!;
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${ORDER_WEBHOOK_PATH}$`));
    const unknown = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ order_uuid: randomUUID(), order_status: 'SUCCESS', order_context_token: 'x', cart_id: null, webhook_url: url }) });
    expect(unknown.status).toBe(200);
    expect((await fetch(url, { method: 'POST', body: '{nope' })).status).toBe(400);
    expect((await fetch(url, { method: 'POST', body: JSON.stringify({ order_status: 'SUCCESS' }) })).status).toBe(400);
    expect((await fetch(url)).status).toBe(405);
  });
});
