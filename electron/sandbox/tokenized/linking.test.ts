import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_PATH, PATHS } from '../../core/tokenized/wire.ts';
import type { RunningSandbox } from '../server.ts';
import { controlCall, startTestSandbox } from '../sandbox.test-helper.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { DEMO_LINK_CALLBACK_URL, DEMO_TOKENIZED_CREDENTIALS, SECOND_TOKENIZED_MERCHANT } from './merchants.ts';
import { approveOnConsentPage, demoLogin, linkCustomer, tokenizedCall } from './tokenized.test-helper.ts';

// Merchant login, link sessions, the consent page and payment tokens, over real sockets.

let sandbox: RunningSandbox;
let clock = Date.now();
afterEach(async () => {
  await sandbox?.close();
});

async function start(): Promise<string> {
  clock = Date.now();
  sandbox = await startTestSandbox({ now: () => clock });
  return demoLogin(sandbox);
}

function linkBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    callbackUrl: DEMO_LINK_CALLBACK_URL,
    state: `state-${randomUUID()}`,
    merchantUserId: 'cust-42',
    userHint: { phone: '+65 ****1234' },
    ...overrides,
  };
}

describe('POST /auth/login', () => {
  it('gives an 8-hour bearer token for the demo merchant and refuses a wrong secret with 401 unauthorized', async () => {
    sandbox = await startTestSandbox();
    const ok = await tokenizedCall(sandbox, 'POST', LOGIN_PATH, {
      username: DEMO_TOKENIZED_CREDENTIALS.merchantId,
      password: DEMO_TOKENIZED_CREDENTIALS.secret,
    });
    expect(ok.status).toBe(200);
    expect(DEMO_TOKENIZED_CREDENTIALS.secret).toMatch(/^TK_/);
    expect(Math.abs(Date.parse(ok.body.expiresAt as string) - (Date.now() + 8 * 3600_000))).toBeLessThan(5_000);
    const bad = await tokenizedCall(sandbox, 'POST', LOGIN_PATH, {
      username: DEMO_TOKENIZED_CREDENTIALS.merchantId,
      password: 'TK_WRONG',
    });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ statusCode: 401, error: 'unauthorized', message: expect.any(String) });
    const missing = await tokenizedCall(sandbox, 'POST', LOGIN_PATH, { username: 'MERCHANT_DEMO' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('bad-request');
  });

  it("answers refusals in the live shape when switched to it, and back in the document's after a settings change", async () => {
    sandbox = await startTestSandbox({ tokenizedErrorShape: 'live' });
    const wrong = { username: DEMO_TOKENIZED_CREDENTIALS.merchantId, password: 'TK_WRONG' };
    const live = await tokenizedCall(sandbox, 'POST', LOGIN_PATH, wrong);
    expect(live.body).toEqual({
      statusCode: 401,
      errorMessages: [expect.any(String)],
      errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'UnauthorizedError',
      errorCode: 'unauthorized',
      code: 'unauthorized',
      helpUrl: expect.stringMatching(/^https:\/\//),
    });
    expect((await controlCall(sandbox, 'POST', '/settings', { tokenizedErrorShape: 'document' })).status).toBe(200);
    expect((await tokenizedCall(sandbox, 'POST', LOGIN_PATH, wrong)).body).toEqual({
      statusCode: 401,
      error: 'unauthorized',
      message: expect.any(String),
    });
    expect((await controlCall(sandbox, 'POST', '/settings', { tokenizedErrorShape: 'json' })).status).toBe(400);
  });

  it('every endpoint refuses a missing, forged or revoked token with 401 unauthorized', async () => {
    const token = await start();
    expect((await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody())).body).toMatchObject({
      statusCode: 401,
      error: 'unauthorized',
    });
    const forged = `${token.slice(0, -3)}abc`;
    expect((await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody(), { token: forged })).status).toBe(401);
    expect((await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody(), { token })).status).toBe(200);
    await controlCall(sandbox, 'POST', '/tokenized/merchant-tokens/revoke');
    expect((await tokenizedCall(sandbox, 'GET', PATHS.preAuth('x'), undefined, { token })).body.error).toBe(
      'unauthorized',
    );
    // An expired token (8 h later) is refused too.
    const fresh = await demoLogin(sandbox);
    clock += 8 * 3600_000 + 1_000;
    expect((await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody(), { token: fresh })).status).toBe(401);
  });
});

describe('link sessions', () => {
  it('creates a session with a consent URL, a JWT app token carrying the linkToken and a 20-minute expiry', async () => {
    const token = await start();
    const created = await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody(), { token });
    expect(created.status).toBe(200);
    const { linkToken, redirectUrl, appToken, expiresAt } = created.body as Record<string, string>;
    expect(linkToken).toMatch(/^[0-9a-f-]{36}$/);
    // The consent page's base address: no token in it, the page learns the session from the app token.
    expect(redirectUrl).toBe(`${sandbox.tokenizedBaseUrl}/consent`);
    const [header, payload] = appToken!
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part!, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload!.linkToken).toBe(linkToken);
    expect(Date.parse(expiresAt!) - clock).toBe(20 * 60_000);
    const polled = await tokenizedCall(sandbox, 'GET', PATHS.linkStatus(linkToken!), undefined, { token });
    expect(polled.body).toEqual({ linkToken, status: 'PENDING', expiresAt, authCode: null, authCodeExpiresAt: null });
  });

  it('refuses bad link requests with 400 bad-request: callback not allowlisted, no hint, hint too long, missing state', async () => {
    const token = await start();
    const cases = [
      linkBody({ callbackUrl: 'https://evil.example/cb' }),
      linkBody({ callbackUrl: 'http://till.wallet-pos.invalid/link/callback' }),
      linkBody({ userHint: {} }),
      linkBody({ userHint: { phone: '1'.repeat(31) } }),
      linkBody({ userHint: { email: `${'a'.repeat(250)}@x.io` } }),
      linkBody({ state: undefined }),
      linkBody({ merchantUserId: '' }),
    ];
    for (const body of cases) {
      const result = await tokenizedCall(sandbox, 'POST', PATHS.link, body, { token });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.error).toBe('bad-request');
    }
    // Loopback http (the till's own listener, the preview host) is accepted.
    expect(
      (
        await tokenizedCall(
          sandbox,
          'POST',
          PATHS.link,
          linkBody({ callbackUrl: 'http://127.0.0.1:5173/link/callback' }),
          { token },
        )
      ).status,
    ).toBe(200);
  });

  it("polling an unknown session, or another merchant's, is 404 link-session.not-found", async () => {
    const token = await start();
    const created = await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody(), { token });
    const other = await demoLogin(sandbox, {
      merchantId: SECOND_TOKENIZED_MERCHANT.merchantId,
      secret: SECOND_TOKENIZED_MERCHANT.secret,
    });
    for (const [linkToken, who] of [
      [randomUUID(), token],
      [created.body.linkToken as string, other],
    ] as const) {
      const result = await tokenizedCall(sandbox, 'GET', PATHS.linkStatus(linkToken), undefined, { token: who });
      expect(result.status).toBe(404);
      expect(result.body.error).toBe('link-session.not-found');
    }
  });

  it('consent page: needs the app token header; Approve posts the form and redirects 302 to callbackUrl with state and code', async () => {
    const token = await start();
    const state = `state-${randomUUID()}`;
    const created = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.link,
      linkBody({ state, callbackUrl: `${DEMO_LINK_CALLBACK_URL}?till=1` }),
      { token },
    );
    const { redirectUrl, appToken, linkToken } = created.body as Record<string, string>;

    const without = await fetch(redirectUrl!);
    expect(without.status).toBe(401);
    expect(await without.text()).toContain('data-consent-state="no-app-token"');
    const wrongToken = await fetch(redirectUrl!, { headers: { 'X-Service-App-Token': token } });
    expect(wrongToken.status).toBe(401);

    const page = await fetch(redirectUrl!, { headers: { 'X-Service-App-Token': appToken! } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://till.wallet-pos.invalid");
    const html = await page.text();
    expect(html).toContain('+65 ****1234');
    expect(html).not.toContain('<script');
    // The page's forms carry the token in a hidden field: a browser does not resend the header on submit.
    const forms = [...html.matchAll(/<form method="post">(.*?)<\/form>/g)].map((m) => m[1]!);
    expect(forms).toHaveLength(2);
    const fields = (form: string) =>
      new URLSearchParams(
        [...form.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
          m[1]!,
          m[2]!.replaceAll('&amp;', '&'),
        ]),
      );
    const approve = fields(forms.find((f) => f.includes('value="approve"'))!);
    expect(approve.get('appToken')).toBe(appToken);

    const posted = await fetch(redirectUrl!, { method: 'POST', body: approve, redirect: 'manual' });
    expect(posted.status).toBe(302);
    const location = new URL(posted.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(DEMO_LINK_CALLBACK_URL);
    expect(location.searchParams.get('till')).toBe('1');
    expect(location.searchParams.get('state')).toBe(state);
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9A-Z]{32}$/);

    const polled = await tokenizedCall(sandbox, 'GET', PATHS.linkStatus(linkToken!), undefined, { token });
    expect(polled.body).toMatchObject({ status: 'CODE_ISSUED', authCode: code });
    expect(Date.parse(polled.body.authCodeExpiresAt as string) - clock).toBe(60_000);

    const exchanged = await tokenizedCall(sandbox, 'POST', PATHS.exchange, { code }, { token });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.paymentToken).toMatch(/^ptk_/);
    expect(
      (await tokenizedCall(sandbox, 'GET', PATHS.linkStatus(linkToken!), undefined, { token })).body,
    ).toMatchObject({ status: 'COMPLETED', authCode: null });
    // Single use.
    const again = await tokenizedCall(sandbox, 'POST', PATHS.exchange, { code }, { token });
    expect(again.body).toMatchObject({ statusCode: 400, error: 'auth-code.invalid' });
    // The page now says so instead of asking again.
    expect(await (await fetch(redirectUrl!, { headers: { 'X-Service-App-Token': appToken! } })).text()).toContain(
      'data-consent-state="done"',
    );
  });

  it('Decline leaves the session PENDING (the consumer may still approve before it expires)', async () => {
    const token = await start();
    const created = await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody(), { token });
    const { redirectUrl, appToken, linkToken } = created.body as Record<string, string>;
    const declined = await fetch(redirectUrl!, {
      method: 'POST',
      body: new URLSearchParams({ appToken: appToken!, decision: 'decline' }),
      redirect: 'manual',
    });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('data-consent-state="declined"');
    expect((await tokenizedCall(sandbox, 'GET', PATHS.linkStatus(linkToken!), undefined, { token })).body.status).toBe(
      'PENDING',
    );
    const approved = await fetch(redirectUrl!, {
      method: 'POST',
      body: new URLSearchParams({ appToken: appToken!, decision: 'approve' }),
      redirect: 'manual',
    });
    expect(approved.status).toBe(302);
  });

  it('an auth code older than 60 s is auth-code.expired; a superseded or unknown one is auth-code.invalid', async () => {
    const token = await start();
    const created = await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody(), { token });
    const linkToken = created.body.linkToken as string;
    const first = (await controlCall(sandbox, 'POST', `/tokenized/link-sessions/${linkToken}/approve`)).body
      .code as string;
    const second = (await controlCall(sandbox, 'POST', `/tokenized/link-sessions/${linkToken}/approve`)).body
      .code as string;
    expect(second).not.toBe(first);
    expect((await tokenizedCall(sandbox, 'POST', PATHS.exchange, { code: first }, { token })).body.error).toBe(
      'auth-code.invalid',
    );
    expect((await tokenizedCall(sandbox, 'POST', PATHS.exchange, { code: 'NOPE' }, { token })).body.error).toBe(
      'auth-code.invalid',
    );
    clock += 61_000;
    const late = await tokenizedCall(sandbox, 'POST', PATHS.exchange, { code: second }, { token });
    expect(late.body).toMatchObject({ statusCode: 400, error: 'auth-code.expired' });
    // Another merchant cannot use this merchant's code.
    const third = (await controlCall(sandbox, 'POST', `/tokenized/link-sessions/${linkToken}/approve`)).body
      .code as string;
    const other = await demoLogin(sandbox, {
      merchantId: SECOND_TOKENIZED_MERCHANT.merchantId,
      secret: SECOND_TOKENIZED_MERCHANT.secret,
    });
    expect((await tokenizedCall(sandbox, 'POST', PATHS.exchange, { code: third }, { token: other })).body.error).toBe(
      'auth-code.invalid',
    );
  });

  it('a session is EXPIRED 20 minutes after creation: the page says so and its code no longer works', async () => {
    const token = await start();
    const created = await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody(), { token });
    const { linkToken, redirectUrl, appToken } = created.body as Record<string, string>;
    clock += 19 * 60_000 + 30_000;
    const code = (await controlCall(sandbox, 'POST', `/tokenized/link-sessions/${linkToken}/approve`)).body
      .code as string;
    clock += 31_000;
    const polled = await tokenizedCall(sandbox, 'GET', PATHS.linkStatus(linkToken!), undefined, { token });
    expect(polled.body).toMatchObject({ status: 'EXPIRED', authCode: null });
    expect((await tokenizedCall(sandbox, 'POST', PATHS.exchange, { code }, { token })).body.error).toBe(
      'auth-code.expired',
    );
    expect((await fetch(redirectUrl!, { headers: { 'X-Service-App-Token': appToken! } })).status).toBe(410);
  });
});

describe('the live header names (headerPrefix X-ShopBack-)', () => {
  it("the consent page takes the app token only as X-ShopBack-App-Token, the documents' name being ignored", async () => {
    sandbox = await startTestSandbox({ headerPrefix: 'X-ShopBack-' });
    const token = await demoLogin(sandbox);
    const created = await tokenizedCall(sandbox, 'POST', PATHS.link, linkBody(), { token });
    expect(created.status).toBe(200);
    const { redirectUrl, appToken } = created.body as Record<string, string>;

    const documents = await fetch(redirectUrl!, { headers: { 'X-Service-App-Token': appToken! } });
    expect(documents.status).toBe(401);
    expect(await documents.text()).toContain('data-consent-state="no-app-token"');
    const live = await fetch(redirectUrl!, { headers: { 'X-ShopBack-App-Token': appToken! } });
    expect(live.status).toBe(200);
    expect(await live.text()).toContain('data-consent-state="ask"');

    // The page's own forms then carry it on (a browser does not resend the header): approved, with a code.
    const location = await approveOnConsentPage(redirectUrl!, appToken!, 'X-ShopBack-App-Token');
    expect(location.searchParams.get('code')).toMatch(/^[0-9A-Z]{32}$/);
  });
});

describe('payment tokens', () => {
  it('relinking the same user returns the same token, LINKED again after an unlink', async () => {
    const token = await start();
    const first = await linkCustomer(sandbox, token, 'cust-same');
    const unlinked = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.unlink,
      { paymentToken: first.paymentToken },
      { token },
    );
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toEqual({ paymentToken: first.paymentToken, status: 'UNLINKED' });
    const balance = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.cashback,
      { paymentToken: first.paymentToken },
      { token },
    );
    expect(balance.body).toMatchObject({ statusCode: 401, error: 'payment-token.invalid' });
    const second = await linkCustomer(sandbox, token, 'cust-same');
    expect(second.paymentToken).toBe(first.paymentToken);
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.cashback, { paymentToken: first.paymentToken }, { token })).status,
    ).toBe(200);
  });

  it("unlinking an unknown or already unlinked token is 404; another merchant's token is invalid for it", async () => {
    const token = await start();
    const customer = await linkCustomer(sandbox, token);
    expect((await tokenizedCall(sandbox, 'POST', PATHS.unlink, { paymentToken: 'ptk_nope' }, { token })).status).toBe(
      404,
    );
    const other = await demoLogin(sandbox, {
      merchantId: SECOND_TOKENIZED_MERCHANT.merchantId,
      secret: SECOND_TOKENIZED_MERCHANT.secret,
    });
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.cashback, { paymentToken: customer.paymentToken }, { token: other }))
        .body.error,
    ).toBe('payment-token.invalid');
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.unlink, { paymentToken: customer.paymentToken }, { token: other }))
        .status,
    ).toBe(404);
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.unlink, { paymentToken: customer.paymentToken }, { token })).status,
    ).toBe(200);
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.unlink, { paymentToken: customer.paymentToken }, { token })).status,
    ).toBe(404);
  });

  it('a token revoked by the service stops working', async () => {
    const token = await start();
    const customer = await linkCustomer(sandbox, token);
    await controlCall(sandbox, 'POST', '/tokenized/tokens/revoke', { paymentToken: customer.paymentToken });
    const result = await tokenizedCall(
      sandbox,
      'POST',
      PATHS.cashback,
      { paymentToken: customer.paymentToken },
      { token },
    );
    expect(result.body.error).toBe('payment-token.invalid');
  });

  it('cashback: 5.00 by default, 0 for "nocash…" users, settable through the control API', async () => {
    const token = await start();
    const rich = await linkCustomer(sandbox, token, 'cust-rich');
    const none = await linkCustomer(sandbox, token, 'nocash-1');
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.cashback, { paymentToken: rich.paymentToken }, { token })).body,
    ).toEqual({ cashbackBalance: 5, currency: 'SGD' });
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.cashback, { paymentToken: none.paymentToken }, { token })).body,
    ).toEqual({ cashbackBalance: 0, currency: 'SGD' });
    await controlCall(sandbox, 'POST', '/tokenized/cashback', { merchantUserId: 'cust-rich', balance: '12.34' });
    expect(
      (await tokenizedCall(sandbox, 'POST', PATHS.cashback, { paymentToken: rich.paymentToken }, { token })).body
        .cashbackBalance,
    ).toBe(12.34);
  });
});

describe('JWT helper', () => {
  it('verifies only what it signed with the same key, untampered', () => {
    const token = signJwt({ linkToken: 'x', exp: 1 }, 'key-1');
    expect(verifyJwt(token, 'key-1')).toEqual({ linkToken: 'x', exp: 1 });
    expect(verifyJwt(token, 'key-2')).toBeNull();
    const [header, , sig] = token.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ linkToken: 'y', exp: 1 })).toString('base64url')}.${sig}`;
    expect(verifyJwt(tampered, 'key-1')).toBeNull();
    expect(verifyJwt('a.b.c', 'key-1')).toBeNull();
  });
});
