import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WireShape } from '../../sandbox/context.ts';
import { money } from '../../../shared/money.ts';
import { DEMO_LINK_CALLBACK_URL, DEMO_TOKENIZED_CREDENTIALS } from '../../sandbox/tokenized/merchants.ts';
import {
  approveOnConsentPage,
  startWebhookSink,
  type WebhookSink,
} from '../../sandbox/tokenized/tokenized.test-helper.ts';
import type { RunningSandbox } from '../../sandbox/server.ts';
import { controlCall, startTestSandbox, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { createTokenizedClient, type TokenizedClient, type TokenizedClientConfig } from './client.ts';
import type { TokenizedExchange } from './transport.ts';
import { resolveTokenizedProfile } from './wire.ts';
import { caught, sleep } from '../../testing/helpers.ts';

// The tokenized client against the embedded sandbox over real sockets: every endpoint, every error code of
// the document's table, the idempotency and retry rules, merchant re-login, and money at the edge.

let sandbox: RunningSandbox;
let sink: WebhookSink | null = null;
let offsetMs = 0;
let exchanges: TokenizedExchange[] = [];
/** Which published error shape the sandbox answers in (wire-details §3.2); the client must read both. */
let errorShape: WireShape = 'document';

afterEach(async () => {
  await sandbox?.close();
  await sink?.close();
  sink = null;
});

async function setup(overrides: Partial<TokenizedClientConfig> = {}): Promise<TokenizedClient> {
  offsetMs = 0;
  exchanges = [];
  sandbox = await startTestSandbox({
    now: () => Date.now() + offsetMs,
    webhookRetryBaseMs: 20,
    tokenizedErrorShape: errorShape,
  });
  return clientFor(overrides);
}

function clientFor(overrides: Partial<TokenizedClientConfig> = {}): TokenizedClient {
  return createTokenizedClient({
    profile: resolveTokenizedProfile({ environment: 'embedded-sandbox', embeddedBaseUrl: sandbox.tokenizedBaseUrl }),
    credentials: DEMO_TOKENIZED_CREDENTIALS,
    currency: 'SGD',
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    onExchange: (exchange) => exchanges.push(exchange),
    ...overrides,
  });
}

async function link(
  client: TokenizedClient,
  merchantUserId = `cust-${randomUUID().slice(0, 8)}`,
): Promise<{ merchantUserId: string; paymentToken: string }> {
  const state = randomUUID();
  const session = await client.createLinkSession({
    callbackUrl: DEMO_LINK_CALLBACK_URL,
    state,
    merchantUserId,
    userHint: { email: 'a***@example.com' },
  });
  const location = await approveOnConsentPage(session.redirectUrl, session.appToken, client.profile.appTokenHeader);
  expect(location.searchParams.get('state')).toBe(state);
  const { paymentToken } = await client.exchangeCode(location.searchParams.get('code')!);
  return { merchantUserId, paymentToken };
}

const sgd = (minor: number) => money(minor, 'SGD');
const opts = () => ({ idempotencyKey: randomUUID() });
const ref = () => `REF-${randomUUID()}`;
const sandboxPreAuths = async () =>
  (await controlCall(sandbox, 'GET', '/tokenized/pre-auths')).body.preAuths as Record<string, unknown>[];
const sandboxCharges = async () =>
  (await controlCall(sandbox, 'GET', '/tokenized/charges')).body.charges as Record<string, unknown>[];

describe('linking', () => {
  it('link session → consent page → code → payment token; the poll shows PENDING, CODE_ISSUED, COMPLETED', async () => {
    const client = await setup();
    const session = await client.createLinkSession({
      callbackUrl: DEMO_LINK_CALLBACK_URL,
      state: randomUUID(),
      merchantUserId: 'cust-1',
      userHint: { phone: '+65 ****0000' },
    });
    expect(session.redirectUrl.startsWith(sandbox.tokenizedBaseUrl)).toBe(true);
    expect((await client.getLinkSession(session.linkToken)).status).toBe('PENDING');
    const location = await approveOnConsentPage(session.redirectUrl, session.appToken, client.profile.appTokenHeader);
    const polled = await client.getLinkSession(session.linkToken);
    expect(polled).toMatchObject({ status: 'CODE_ISSUED', authCode: location.searchParams.get('code') });
    const { paymentToken } = await client.exchangeCode(polled.authCode!);
    expect(paymentToken).toMatch(/^ptk_/);
    expect((await client.getLinkSession(session.linkToken)).status).toBe('COMPLETED');
    // Tokens and codes never reach the audit log.
    const audit = JSON.stringify(exchanges);
    expect(audit).not.toContain(paymentToken);
    expect(audit).not.toContain(polled.authCode);
    expect(audit).not.toContain(session.appToken);
    expect(audit).not.toContain(DEMO_TOKENIZED_CREDENTIALS.secret);
  });

  it('refuses a bad link request before sending (short state, no hint, http callback elsewhere)', async () => {
    const client = await setup();
    for (const input of [
      { callbackUrl: DEMO_LINK_CALLBACK_URL, state: 'short', merchantUserId: 'u', userHint: { phone: '1' } },
      { callbackUrl: DEMO_LINK_CALLBACK_URL, state: randomUUID(), merchantUserId: 'u', userHint: {} },
      { callbackUrl: 'http://till.example/cb', state: randomUUID(), merchantUserId: 'u', userHint: { phone: '1' } },
    ]) {
      const error = await caught(client.createLinkSession(input));
      expect(error.code).toBe('request.invalid');
      expect(error.details?.attempts).toBe(0);
    }
    expect(exchanges.filter((e) => e.operation === 'link')).toHaveLength(0);
  });
});

describe('every endpoint', () => {
  it('cashback, hold, status, capture, void, charge, unlink: typed answers in minor units', async () => {
    const client = await setup();
    sink = await startWebhookSink();
    const customer = await link(client);
    expect(await client.cashbackBalance(customer.paymentToken)).toEqual(sgd(500));

    const hold = await client.createPreAuth(
      { ...customer, amount: sgd(1250), merchantRef: ref(), merchantMetadata: { till: 'TILL-01' } },
      opts(),
    );
    expect(hold).toMatchObject({
      status: 'AUTHORIZED',
      amount: sgd(1250),
      orderUuid: null,
      merchantMetadata: { till: 'TILL-01' },
      failureReason: null,
    });
    expect((await client.getPreAuth(hold.id)).status).toBe('AUTHORIZED');
    const capture = await client.capturePreAuth(hold.id, { callbackUrl: sink.url, useCashback: false });
    expect(capture).toMatchObject({
      uuid: hold.id,
      status: 'APPROVED',
      orderType: 'ONLINE',
      merchantRef: hold.merchantRef,
      failureReason: null,
    });
    expect((await client.getPreAuth(hold.id)).status).toMatch(/^(CAPTURE_INITIATED|CAPTURED)$/);
    await waitFor(async () => ((await client.getPreAuth(hold.id)).status === 'CAPTURED' ? true : undefined));
    await waitFor(() => (sink!.received.some((w) => w.body.order_uuid === capture.orderUuid) ? true : undefined));

    const second = await client.createPreAuth({ ...customer, amount: sgd(300), merchantRef: ref() }, opts());
    const voided = await client.voidPreAuth(second.id, { reason: 'Customer changed their mind' });
    expect(voided).toMatchObject({ id: second.id, status: 'VOIDED', record: { status: 'VOIDED', amount: sgd(300) } });

    const charge = await client.charge(
      { ...customer, amount: sgd(899), merchantRef: ref(), useCashback: true, callbackUrl: sink.url },
      opts(),
    );
    expect(charge).toMatchObject({ status: 'APPROVED', failureReason: null });
    expect(await client.cashbackBalance(customer.paymentToken)).toEqual(sgd(0));

    expect(await client.unlink(customer.paymentToken)).toEqual({ status: 'UNLINKED' });
  });

  it("a capture may carry merchantMetadata, which replaces the hold's", async () => {
    const client = await setup();
    const customer = await link(client);
    const hold = await client.createPreAuth(
      { ...customer, amount: sgd(700), merchantRef: ref(), merchantMetadata: { till: 'TILL-01' } },
      opts(),
    );
    await client.capturePreAuth(hold.id, { merchantMetadata: { till: 'TILL-02', receipt: 'R-1001' } });
    expect((await client.getPreAuth(hold.id)).merchantMetadata).toEqual({ till: 'TILL-02', receipt: 'R-1001' });
  });

  it('a REJECTED charge is an answer (201), not an error', async () => {
    const client = await setup();
    const customer = await link(client);
    const rejected = await client.charge({ ...customer, amount: sgd(1051), merchantRef: ref() }, opts());
    expect(rejected).toMatchObject({ status: 'REJECTED', failureReason: 'INSUFFICIENT_FUNDS' });
  });

  it('a PENDING hold (.53) is reported as PENDING and settles on a later poll', async () => {
    const client = await setup();
    const customer = await link(client);
    const hold = await client.createPreAuth({ ...customer, amount: sgd(2053), merchantRef: ref() }, opts());
    expect(hold.status).toBe('PENDING');
    await waitFor(async () => ((await client.getPreAuth(hold.id)).status === 'AUTHORIZED' ? true : undefined));
    expect((await caught(client.capturePreAuth(randomUUID()))).code).toBe('preauth.not-found');
  });
});

describe.each(['document', 'live'] as const)(
  'error codes of the document, mapped to ours (%s error shape)',
  (shape) => {
    beforeEach(() => {
      errorShape = shape;
    });
    afterAll(() => {
      errorShape = 'document';
    });

    it('bad-request → request.invalid (and a currency mismatch → currency.unsupported), with the provider code kept', async () => {
      const client = await setup();
      const customer = await link(client);
      const wrongUser = await caught(
        client.createPreAuth(
          { ...customer, merchantUserId: 'someone-else', amount: sgd(100), merchantRef: ref() },
          opts(),
        ),
      );
      expect(wrongUser).toMatchObject({
        code: 'request.invalid',
        details: { httpStatus: 400, providerCode: 'bad-request', outcomeUnknown: false },
      });
      // The till is set to HKD but the channel is SGD: the provider refuses.
      const hkdClient = clientFor({ currency: 'HKD' });
      const mismatch = await caught(
        hkdClient.charge({ ...customer, amount: money(100, 'HKD'), merchantRef: ref() }, opts()),
      );
      expect(mismatch).toMatchObject({ code: 'currency.unsupported', details: { providerCode: 'bad-request' } });
      // Our own check refuses before sending when the amount is not in the channel's currency.
      const local = await caught(client.charge({ ...customer, amount: money(100, 'HKD'), merchantRef: ref() }, opts()));
      expect(local).toMatchObject({ code: 'currency.unsupported', details: { attempts: 0 } });
    });

    it('link-session.not-found and auth-code.invalid → link.failed; auth-code.expired → link.expired; no retries', async () => {
      const client = await setup();
      expect(await caught(client.getLinkSession(randomUUID()))).toMatchObject({
        code: 'link.failed',
        details: { providerCode: 'link-session.not-found' },
      });
      expect(await caught(client.exchangeCode('NOT-A-CODE'))).toMatchObject({
        code: 'link.failed',
        details: { providerCode: 'auth-code.invalid', attempts: 1 },
      });
      const session = await client.createLinkSession({
        callbackUrl: DEMO_LINK_CALLBACK_URL,
        state: randomUUID(),
        merchantUserId: 'late',
        userHint: { phone: '1' },
      });
      const location = await approveOnConsentPage(session.redirectUrl, session.appToken);
      offsetMs = 61_000;
      expect(await caught(client.exchangeCode(location.searchParams.get('code')!))).toMatchObject({
        code: 'link.expired',
        details: { providerCode: 'auth-code.expired' },
      });
    });

    it('an auth-code exchange is never retried, even after a 5xx', async () => {
      const client = await setup();
      await client.cashbackBalance('ptk_warm-up').catch(() => undefined);
      await controlCall(sandbox, 'POST', '/faults', { fail5xxNext: 1, path: '/link-sessions/token' });
      const error = await caught(client.exchangeCode('ANY'));
      expect(error).toMatchObject({ code: 'provider.unavailable', details: { attempts: 1, outcomeUnknown: true } });
    });

    it('payment-token.invalid (401) is final: not retried, not a re-login', async () => {
      const client = await setup();
      await client.cashbackBalance('ptk_warm-up').catch(() => undefined);
      exchanges = [];
      const error = await caught(client.cashbackBalance('ptk_unknown'));
      expect(error).toMatchObject({
        code: 'payment-token.invalid',
        retryable: false,
        details: { httpStatus: 401, attempts: 1 },
      });
      expect(exchanges.map((e) => e.operation)).toEqual(['cashback']);
    });

    it('409s map to preauth.already-captured / already-voided / declined / expired and are not retried', async () => {
      const client = await setup();
      const customer = await link(client);
      const captured = await client.createPreAuth({ ...customer, amount: sgd(100), merchantRef: ref() }, opts());
      await client.capturePreAuth(captured.id);
      const voided = await client.createPreAuth({ ...customer, amount: sgd(100), merchantRef: ref() }, opts());
      await client.voidPreAuth(voided.id);
      const declined = await client.createPreAuth({ ...customer, amount: sgd(151), merchantRef: ref() }, opts());
      expect(declined).toMatchObject({ status: 'DECLINED', failureReason: 'INSUFFICIENT_FUNDS' });
      await controlCall(sandbox, 'POST', '/settings', { preAuthTtlMs: 30 });
      const expired = await client.createPreAuth({ ...customer, amount: sgd(100), merchantRef: ref() }, opts());
      await waitFor(async () => ((await client.getPreAuth(expired.id)).status === 'EXPIRED' ? true : undefined));
      exchanges = [];
      expect((await caught(client.capturePreAuth(captured.id))).code).toBe('preauth.already-captured');
      expect((await caught(client.capturePreAuth(voided.id))).code).toBe('preauth.already-voided');
      expect((await caught(client.voidPreAuth(declined.id))).code).toBe('preauth.declined');
      expect((await caught(client.capturePreAuth(expired.id))).code).toBe('preauth.expired');
      expect(exchanges).toHaveLength(4);
      expect(exchanges.every((e) => e.status === 409)).toBe(true);
    });

    it('unlink: 400 while a hold is open → unlink.blocked; 404 for an unlinked token → payment-token.invalid', async () => {
      const client = await setup();
      const customer = await link(client);
      const hold = await client.createPreAuth({ ...customer, amount: sgd(500), merchantRef: ref() }, opts());
      expect(await caught(client.unlink(customer.paymentToken))).toMatchObject({
        code: 'unlink.blocked',
        details: { httpStatus: 400 },
      });
      await client.voidPreAuth(hold.id);
      await client.unlink(customer.paymentToken);
      expect(await caught(client.unlink(customer.paymentToken))).toMatchObject({
        code: 'payment-token.invalid',
        details: { httpStatus: 404 },
      });
    });

    it('unauthorized: wrong credentials → auth.unauthorized after one login attempt; missing ones are refused before sending', async () => {
      await setup();
      const wrong = clientFor({
        credentials: { merchantId: DEMO_TOKENIZED_CREDENTIALS.merchantId, secret: 'TK_WRONG' },
      });
      expect(await caught(wrong.cashbackBalance('ptk_x'))).toMatchObject({
        code: 'auth.unauthorized',
        details: { providerCode: 'unauthorized' },
      });
      expect(exchanges.map((e) => e.operation)).toEqual(['login']);
      const none = clientFor({ credentials: { merchantId: '', secret: '' } });
      expect(await caught(none.cashbackBalance('ptk_x'))).toMatchObject({
        code: 'auth.missing',
        details: { attempts: 0 },
      });
      expect((await wrong.checkLogin()).ok).toBe(false);
      expect((await clientFor().checkLogin()).ok).toBe(true);
    });
  },
);

describe('merchant token', () => {
  it('is cached across calls, and a 401 unauthorized makes exactly one re-login and resend', async () => {
    const client = await setup();
    const customer = await link(client);
    await client.cashbackBalance(customer.paymentToken);
    expect(exchanges.filter((e) => e.operation === 'login')).toHaveLength(1);
    await controlCall(sandbox, 'POST', '/tokenized/merchant-tokens/revoke');
    exchanges = [];
    const hold = await client.createPreAuth({ ...customer, amount: sgd(700), merchantRef: ref() }, opts());
    expect(hold.status).toBe('AUTHORIZED');
    expect(exchanges.map((e) => `${e.operation}:${e.status}`)).toEqual(['pre-auth:401', 'login:200', 'pre-auth:201']);
    // The resend carried the same idempotency key.
    expect(exchanges[0]!.idempotencyKey).toBe(exchanges[2]!.idempotencyKey);
  });

  it('a token the provider considers expired is replaced by one re-login', async () => {
    const client = await setup();
    await client.checkLogin();
    exchanges = [];
    offsetMs = 8 * 3600_000 + 60_000; // the sandbox's clock is past the token's 8 hours; ours is not
    await client.cashbackBalance('ptk_x').catch(() => undefined);
    expect(exchanges.map((e) => `${e.operation}:${e.status}`)).toEqual(['cashback:401', 'login:200', 'cashback:401']);
    expect(JSON.parse(exchanges[2]!.responseBody!)).toMatchObject({ error: 'payment-token.invalid' });
  });

  it('is renewed shortly before its expiresAt, before the call leaves', async () => {
    let clientOffset = 0;
    const client = await setup({ now: () => Date.now() + clientOffset });
    await client.checkLogin();
    exchanges = [];
    clientOffset = 8 * 3600_000 - 6 * 60_000;
    await client.cashbackBalance('ptk_x').catch(() => undefined);
    expect(exchanges.map((e) => e.operation)).toEqual(['cashback']);
    clientOffset = 8 * 3600_000 - 4 * 60_000;
    await client.cashbackBalance('ptk_x').catch(() => undefined);
    expect(exchanges.map((e) => e.operation)).toEqual(['cashback', 'login', 'cashback']);
  });
});

describe('idempotency rules', () => {
  it('a hold whose answer was lost (connection dropped after the provider acted) is retried with the same key: one hold', async () => {
    const client = await setup();
    const customer = await link(client);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/pre-auths' });
    const key = randomUUID();
    const hold = await client.createPreAuth(
      { ...customer, amount: sgd(4200), merchantRef: ref() },
      { idempotencyKey: key },
    );
    expect(hold.status).toBe('AUTHORIZED');
    const attempts = exchanges.filter((e) => e.operation === 'pre-auth');
    expect(attempts.map((e) => e.idempotencyKey)).toEqual([key, key]);
    expect(attempts[0]!.status).toBeNull();
    expect(await sandboxPreAuths()).toHaveLength(1);
  });

  it('a charge that timed out after the provider acted is retried with the same key: one charge', async () => {
    const client = await setup();
    const customer = await link(client);
    await controlCall(sandbox, 'POST', '/faults', { delayAfterActMs: 400, path: '/charge' });
    const timed = clientFor({
      timeouts: { connectMs: 100, readMs: 100 },
      // Before the retry the provider recovers.
      sleep: async () => {
        await controlCall(sandbox, 'DELETE', '/faults');
      },
    });
    const result = await timed.charge({ ...customer, amount: sgd(1500), merchantRef: ref() }, opts());
    expect(result.status).toBe('APPROVED');
    expect(exchanges.filter((e) => e.operation === 'charge').map((e) => e.status)).toEqual([null, 201]);
    expect(await sandboxCharges()).toHaveLength(1);
  });

  it('when every attempt times out after acting, the error says outcomeUnknown and the provider has exactly one charge', async () => {
    const client = await setup();
    const customer = await link(client);
    await controlCall(sandbox, 'POST', '/faults', { delayAfterActMs: 300, path: '/charge' });
    const timed = clientFor({
      timeouts: { connectMs: 50, readMs: 50 },
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const error = await caught(timed.charge({ ...customer, amount: sgd(1500), merchantRef: ref() }, opts()));
    expect(error).toMatchObject({
      code: 'network.timeout',
      retryable: true,
      details: { outcomeUnknown: true, attempts: 2 },
    });
    await sleep(350);
    expect(await sandboxCharges()).toHaveLength(1);
  });

  it('5xx is retried with the same key and backoff, bounded by the policy', async () => {
    const client = await setup();
    const customer = await link(client);
    await controlCall(sandbox, 'POST', '/faults', { fail5xxNext: 2, path: '/pre-auths' });
    const hold = await client.createPreAuth({ ...customer, amount: sgd(100), merchantRef: ref() }, opts());
    expect(hold.status).toBe('AUTHORIZED');
    expect(exchanges.filter((e) => e.operation === 'pre-auth').map((e) => e.status)).toEqual([503, 503, 201]);
    await controlCall(sandbox, 'POST', '/faults', { fail5xxNext: 5, path: '/pre-auths' });
    const error = await caught(client.createPreAuth({ ...customer, amount: sgd(100), merchantRef: ref() }, opts()));
    expect(error).toMatchObject({
      code: 'provider.unavailable',
      retryable: true,
      details: { attempts: 3, outcomeUnknown: true },
    });
    expect(await sandboxPreAuths()).toHaveLength(1);
  });

  it('a deliberate new attempt after a decline uses a new key and gets a new hold', async () => {
    const client = await setup();
    const customer = await link(client);
    const declined = await client.createPreAuth({ ...customer, amount: sgd(951), merchantRef: ref() }, opts());
    expect(declined.status).toBe('DECLINED');
    const retry = await client.createPreAuth({ ...customer, amount: sgd(950), merchantRef: ref() }, opts());
    expect(retry.status).toBe('AUTHORIZED');
    expect(retry.id).not.toBe(declined.id);
  });
});

describe('in a real-environment profile (custom address, live header names)', () => {
  it('links through the consent page and charges, a lost answer resolved with the live idempotency header: one charge', async () => {
    exchanges = [];
    sandbox = await startTestSandbox({ headerPrefix: 'X-ShopBack-', webhookRetryBaseMs: 20 });
    // The profile a till configured for a custom address gets: the provider's own header names.
    const profile = resolveTokenizedProfile({ environment: 'custom', customBaseUrl: sandbox.tokenizedBaseUrl });
    expect(profile).toMatchObject({
      idempotencyHeader: 'X-ShopBack-Idempotent-Id',
      appTokenHeader: 'X-ShopBack-App-Token',
    });
    const client = clientFor({ profile });
    const customer = await link(client);

    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/charge' });
    const key = randomUUID();
    const charge = await client.charge({ ...customer, amount: sgd(1250), merchantRef: ref() }, { idempotencyKey: key });
    expect(charge.status).toBe('APPROVED');
    const attempts = exchanges.filter((e) => e.operation === 'charge');
    expect(attempts.map((e) => [e.idempotencyKey, e.status])).toEqual([
      [key, null],
      [key, 201],
    ]);
    expect(await sandboxCharges()).toHaveLength(1);
  });
});

describe('money at the edge', () => {
  it('sends exact major-unit decimals and reads them back as the same minor units', async () => {
    const client = await setup();
    const customer = await link(client);
    for (const minor of [1, 7, 10, 21, 99, 100, 1005, 123_456_789, 900_000_000_001]) {
      const hold = await client.createPreAuth({ ...customer, amount: sgd(minor), merchantRef: ref() }, opts());
      expect(hold.amount).toEqual(sgd(minor));
      const wire = exchanges.filter((e) => e.operation === 'pre-auth').at(-1)!;
      expect(wire.requestBody).toContain(`"amount":${(minor / 100).toFixed(2).replace(/\.?0+$/, '')}`);
      const truth = (await sandboxPreAuths()).find((p) => p.id === hold.id)!;
      expect(truth.amountMinor).toBe(minor);
    }
    expect((await caught(client.createPreAuth({ ...customer, amount: sgd(0), merchantRef: ref() }, opts()))).code).toBe(
      'amount.invalid',
    );
  });
});
