import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxMerchant } from '../server.ts';
import { createBody, DEMO, signedCall, startTestSandbox } from '../sandbox.test-helper.ts';
import { parseIsoDate } from './auth.ts';
import { PUBLISHED } from './messages.ts';

// The authentication pipeline over real sockets: each step's status and exact message, in the documented
// order (wire-details §2.2, §2.5).

const OTHER: SandboxMerchant = {
  name: 'Other Shop',
  accessKeyId: 'AK_OTHER',
  accessKeySecret: 'SK_OTHER',
  country: 'SG',
  posIds: ['POS-OTHER-1'],
  minAmountMinor: 100,
  maxAmountMinor: 50_000,
};
const DEMO_MERCHANT: SandboxMerchant = {
  name: 'Demo',
  accessKeyId: DEMO.accessKeyId,
  accessKeySecret: DEMO.accessKeySecret,
  country: 'SG',
  posIds: ['POS-DEMO-1', 'POS-DEMO-2'],
};
const CREATE = '/v1/instore/order/create';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ merchants: [DEMO_MERCHANT, OTHER] });
});
afterAll(() => sandbox.close());

const create = (body: Record<string, unknown> = createBody(), options: Parameters<typeof signedCall>[4] = {}) =>
  signedCall(sandbox.instoreBaseUrl, 'POST', CREATE, body, options);

function expectError(result: Awaited<ReturnType<typeof create>>, status: number, message: string): void {
  expect({ status: result.status, message: result.body.message }).toEqual({ status, message });
  expect(result.body.statusCode).toBe(status);
  expect(result.body.traceId).toMatch(UUID);
}

describe('authentication pipeline', () => {
  it('accepts a correctly signed create', async () => {
    const result = await create();
    expect(result.status).toBe(200);
    expect(result.body.traceId).toMatch(UUID);
  });

  it('1. refuses a request without Authorization', async () => {
    expectError(await create(createBody(), { authorization: null }), 401, PUBLISHED.missingAuthorization);
  });

  it('2. refuses an unknown scheme or a malformed Authorization', async () => {
    expectError(
      await create(createBody(), { authorization: `HMAC-SHA256 AK_DEMO:${'a'.repeat(64)}` }),
      401,
      PUBLISHED.invalidAuthHeader,
    );
    expectError(
      await create(createBody(), { authorization: 'SB1-HMAC-SHA256 AK_DEMO' }),
      401,
      PUBLISHED.invalidAuthHeader,
    );
    expectError(
      await create(createBody(), { authorization: `SB1-HMAC-SHA256  AK_DEMO:${'a'.repeat(64)}` }),
      401,
      PUBLISHED.invalidAuthHeader,
    );
  });

  it('3. refuses a Date that is not ISO 8601 (400)', async () => {
    expectError(await create(createBody(), { date: new Date().toUTCString() }), 400, PUBLISHED.invalidDate);
    expectError(await create(createBody(), { date: '2022-02-30T10:00:00.000Z' }), 400, PUBLISHED.invalidDate);
  });

  it('4. treats a non-Z offset or more than 60 s of skew as expired', async () => {
    const now = Date.now();
    const sgt = new Date(now + 8 * 3600_000).toISOString().replace('Z', '+08:00'); // the same instant, in SGT
    expectError(await create(createBody(), { date: sgt }), 401, PUBLISHED.expired);
    expectError(await create(createBody(), { date: new Date(now - 90_000).toISOString() }), 401, PUBLISHED.expired);
    expectError(await create(createBody(), { date: new Date(now + 90_000).toISOString() }), 401, PUBLISHED.expired);
    expect((await create(createBody(), { date: new Date(now - 45_000).toISOString() })).status).toBe(200);
  });

  it('5. refuses an unknown accessKeyId', async () => {
    expectError(
      await create(createBody(), { credentials: { accessKeyId: 'AK_PROD', accessKeySecret: 'x' } }),
      401,
      PUBLISHED.invalidAccessKeyId,
    );
  });

  it('6. refuses a right signature sent base64 instead of hex as a mismatch, not as an unreadable header', async () => {
    expectError(await create(createBody(), { base64Signature: true }), 401, PUBLISHED.invalidSignature);
  });

  it('6. refuses a signature made with the wrong secret', async () => {
    expectError(
      await create(createBody(), { credentials: { accessKeyId: 'AK_DEMO', accessKeySecret: 'not-the-secret' } }),
      401,
      PUBLISHED.invalidSignature,
    );
  });

  it('7. refuses a posId nobody has (404) and another merchant’s posId (401)', async () => {
    expectError(await create(createBody({ posId: 'POS-NOBODY' })), 404, PUBLISHED.unknownPosId);
    expectError(await create(createBody({ posId: 'POS-OTHER-1' })), 401, PUBLISHED.terminalAccessDenied);
    expect((await create(createBody({ posId: 'POS-DEMO-2' }))).status).toBe(200);
  });

  it('reports the earliest failing step when several are wrong', async () => {
    const badDate = 'yesterday';
    const stale = new Date(Date.now() - 600_000).toISOString();
    const unknownKey = { accessKeyId: 'AK_NOPE', accessKeySecret: 'x' };
    expectError(
      await create(createBody(), { authorization: null, date: badDate }),
      401,
      PUBLISHED.missingAuthorization,
    );
    expectError(
      await create(createBody(), { authorization: 'Bearer abc', date: badDate }),
      401,
      PUBLISHED.invalidAuthHeader,
    );
    expectError(await create(createBody(), { date: badDate, credentials: unknownKey }), 400, PUBLISHED.invalidDate);
    expectError(await create(createBody(), { date: stale, credentials: unknownKey }), 401, PUBLISHED.expired);
    expectError(
      await create(createBody({ posId: 'POS-NOBODY' }), { credentials: { ...DEMO, accessKeySecret: 'bad' } }),
      401,
      PUBLISHED.invalidSignature,
    );
  });
});

describe('signature recipe as the server applies it', () => {
  it('recomputes the digest from the parsed body, so wire key order does not matter', async () => {
    const body = createBody({
      partner: { merchantTradingName: 'Test Merchant', merchantId: 'M00001', merchantCategoryCode: 5411 },
    });
    // Keys deliberately unsorted on the wire, with spaces; the signature covers the canonical form.
    const raw = JSON.stringify(
      {
        qrType: body.qrType,
        referenceId: body.referenceId,
        amount: body.amount,
        currency: 'SGD',
        country: 'SG',
        posId: body.posId,
        partner: body.partner,
      },
      null,
      2,
    );
    const result = await create(body, { rawBody: raw });
    expect(result.status).toBe(200);
    expect(result.body.partner).toEqual(body.partner);
  });

  it('rejects a digest over unsorted nested keys (the published negative case)', async () => {
    const body = createBody({ partner: { merchantTradingName: 'Test Merchant', merchantId: 'M00001' } });
    const unsorted = JSON.stringify(body);
    expectError(await create(body, { signCanonical: unsorted }), 401, PUBLISHED.invalidSignature);
  });

  it('covers the full URL including the query string and the host', async () => {
    const path = '/v1/instore/order/none?posId=POS-DEMO-1';
    const signedWithoutQuery = await signedCall(sandbox.instoreBaseUrl, 'GET', path, undefined, {
      signUrl: `${sandbox.instoreBaseUrl}/v1/instore/order/none`,
    });
    expectError(signedWithoutQuery, 401, PUBLISHED.invalidSignature);
    const right = await signedCall(sandbox.instoreBaseUrl, 'GET', path);
    expectError(right, 404, PUBLISHED.unknownReferenceId);
    const otherHost = await signedCall(sandbox.instoreBaseUrl, 'GET', path, undefined, {
      signUrl: `${sandbox.instoreBaseUrl.replace('127.0.0.1', 'localhost')}${path}`,
    });
    expectError(otherHost, 401, PUBLISHED.invalidSignature);
  });

  it('checks a posId given in the query of a GET', async () => {
    expectError(
      await signedCall(sandbox.instoreBaseUrl, 'GET', '/v1/instore/order/none?posId=POS-OTHER-1'),
      401,
      PUBLISHED.terminalAccessDenied,
    );
  });

  it('signs the Content-Type: a request without application/json fails the signature', async () => {
    expectError(await create(createBody(), { contentType: null }), 401, PUBLISHED.invalidSignature);
    expectError(await create(createBody(), { contentType: 'text/plain' }), 401, PUBLISHED.invalidSignature);
  });

  it('verifies against publicOrigin when a proxy sits in front', async () => {
    const proxied = await startSandbox({ publicOrigin: 'https://pos-proxy.example.com/' });
    try {
      const publicBase = 'https://pos-proxy.example.com/posi-sandbox';
      const viaProxy = await signedCall(proxied.instoreBaseUrl, 'POST', CREATE, createBody(), {
        signUrl: publicBase + CREATE,
      });
      expect(viaProxy.status).toBe(200);
      expectError(
        await signedCall(proxied.instoreBaseUrl, 'POST', CREATE, createBody()),
        401,
        PUBLISHED.invalidSignature,
      );
    } finally {
      await proxied.close();
    }
  });
});

describe('request validation after authentication', () => {
  it('reports missing required fields with the provider message', async () => {
    for (const field of ['posId', 'country', 'amount', 'currency', 'referenceId', 'qrType']) {
      const body = createBody();
      delete body[field];
      expectError(await create(body), 400, PUBLISHED.missingParameters);
    }
    expectError(
      await create(createBody({ partner: { merchantTradingName: 'No id' } })),
      400,
      PUBLISHED.missingParameters,
    );
  });

  it('refuses a country/currency pair that does not exist', async () => {
    expectError(await create(createBody({ currency: 'HKD' })), 400, PUBLISHED.invalidCurrencyPair);
    expectError(await create(createBody({ country: 'XX' })), 400, PUBLISHED.invalidCurrencyPair);
  });

  it('refuses amounts that are not positive integers of minor units, with a clear message', async () => {
    for (const amount of [0, -5, 12.5, '1234']) {
      const result = await create(createBody({ amount }));
      expect(result.status).toBe(400);
      expect(result.body.message).toMatch(/positive integer in the smallest currency unit/);
    }
  });

  it("refuses amounts outside the merchant's limits with the published texts (default 1 to 1,000,000 minor units)", async () => {
    expect((await create(createBody({ amount: 1_000_000 }))).status).toBe(200);
    expectError(await create(createBody({ amount: 1_000_001 })), 400, PUBLISHED.amountAboveMaximum);
    const other = { credentials: { accessKeyId: OTHER.accessKeyId, accessKeySecret: OTHER.accessKeySecret } };
    const body = (amount: number) => createBody({ posId: 'POS-OTHER-1', amount });
    expectError(await create(body(99), other), 400, PUBLISHED.amountBelowMinimum);
    expect((await create(body(100), other)).status).toBe(200);
    expect((await create(body(50_000), other)).status).toBe(200);
    expectError(await create(body(50_001), other), 400, PUBLISHED.amountAboveMaximum);
  });

  it('refuses a valid pair in a country these credentials are not onboarded for', async () => {
    const result = await create(createBody({ country: 'HK', currency: 'HKD' }));
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/not onboarded for HK/);
  });

  it('checks orderMetadata references (5–36 letters, digits, hyphens) and the qrType', async () => {
    const bad = await create(createBody({ orderMetadata: { terminalReference: 'T1' } }));
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/orderMetadata\.terminalReference/)]);
    const qr = await create(createBody({ qrType: 'svg' }));
    expect([qr.status, qr.body.message]).toEqual([400, expect.stringMatching(/qrType/)]);
  });
});

describe('parseIsoDate', () => {
  it('parses UTC and offset forms and rejects impossible dates', () => {
    expect(parseIsoDate('2022-08-22T02:29:33.123Z')).toEqual({
      epochMs: Date.UTC(2022, 7, 22, 2, 29, 33, 123),
      utc: true,
    });
    expect(parseIsoDate('2022-08-22T10:29:33+08:00')).toEqual({
      epochMs: Date.UTC(2022, 7, 22, 2, 29, 33),
      utc: false,
    });
    expect(parseIsoDate('2022-08-22 02:29:33Z')).toBeNull();
    expect(parseIsoDate('2022-08-22T02:29:33')).toBeNull();
    expect(parseIsoDate('2022-13-01T00:00:00Z')).toBeNull();
  });
});
