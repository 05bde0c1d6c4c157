import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { money } from '../../../shared/money.ts';
import { fromWireAmount, toWireAmount } from './amounts.ts';
import { DOCUMENTED_CODE_MAP, readErrorBody, tokenizedErrorFromResponse } from './errors.ts';
import { MerchantSession } from './merchant-session.ts';
import { resolveTokenizedProfile, TOKENIZED_ERROR_CODES } from './wire.ts';

// The pure edges of the tokenized client: money conversion, both published error shapes, the merchant
// token cache and the environment profiles. (Wire behaviour is tested against the sandbox in
// client.sandbox.test.ts.)

const context = { operation: 'charge', attempts: 1, earlierOutcomeUnknown: false };

describe('money at the edge', () => {
  it('minor units → exact major-unit JSON numbers', () => {
    expect(toWireAmount(money(1, 'SGD'))).toBe(0.01);
    expect(toWireAmount(money(10, 'SGD'))).toBe(0.1);
    expect(toWireAmount(money(1050, 'SGD'))).toBe(10.5);
    expect(toWireAmount(money(100, 'HKD'))).toBe(1);
    expect(JSON.stringify({ amount: toWireAmount(money(1999, 'SGD')) })).toBe('{"amount":19.99}');
    expect(JSON.stringify({ amount: toWireAmount(money(30, 'SGD')) })).toBe('{"amount":0.3}');
    expect(JSON.stringify({ amount: toWireAmount(money(123_456_789_012, 'SGD')) })).toBe('{"amount":1234567890.12}');
  });

  it('refuses zero, negative, and amounts a JSON number cannot carry exactly', () => {
    for (const minor of [0, -5]) expect(() => toWireAmount(money(minor, 'SGD'))).toThrow(PosError);
    expect(() => toWireAmount(money(Number.MAX_SAFE_INTEGER, 'SGD'))).toThrow(/too large/);
  });

  it('major-unit numbers → minor units by their decimal text, never by multiplying', () => {
    expect(fromWireAmount(0.07, 'SGD')).toEqual(money(7, 'SGD'));
    expect(fromWireAmount(19.99, 'SGD')).toEqual(money(1999, 'SGD'));
    expect(fromWireAmount(5, 'SGD')).toEqual(money(500, 'SGD'));
    expect(() => fromWireAmount(1.1 + 2.2 - 0.3, 'SGD')).toThrow(RangeError);
    expect(() => fromWireAmount(0.1 + 0.2, 'SGD')).toThrow(RangeError);
    expect(() => fromWireAmount(1.005, 'SGD')).toThrow(RangeError);
    expect(() => fromWireAmount(Number.NaN, 'SGD')).toThrow(RangeError);
  });
});

describe('error bodies', () => {
  it('reads both published shapes', () => {
    expect(readErrorBody('{"statusCode":409,"error":"pre-auth.expired","message":"expired"}')).toEqual({
      code: 'pre-auth.expired',
      message: 'expired',
    });
    expect(
      readErrorBody(
        '{"statusCode":401,"errorMessages":["Token is invalid"],"errorId":"e1","name":"Error","errorCode":1001,"code":"payment-token.invalid","helpUrl":"x"}',
      ),
    ).toEqual({ code: 'payment-token.invalid', message: 'Token is invalid' });
    expect(readErrorBody('{"statusCode":500,"errorCode":1001}')).toEqual({ code: '1001', message: null });
    expect(readErrorBody('<html>')).toBeNull();
    expect(readErrorBody('[1,2]')).toBeNull();
    expect(readErrorBody('')).toBeNull();
  });

  it('reads each field on its own: one field of an unexpected type loses only that field, never the code', () => {
    expect(readErrorBody('{"statusCode":401,"error":"payment-token.invalid","message":null}')).toEqual({
      code: 'payment-token.invalid',
      message: null,
    });
    expect(
      readErrorBody(
        '{"statusCode":401,"code":"payment-token.invalid","errorId":42,"errorMessages":["Token is invalid"]}',
      ),
    ).toEqual({
      code: 'payment-token.invalid',
      message: 'Token is invalid',
    });
    expect(
      readErrorBody(
        '{"statusCode":"409","error":"pre-auth.expired","message":{"en":"expired"},"errorMessages":"expired"}',
      ),
    ).toEqual({ code: 'pre-auth.expired', message: null });
    // A code of the wrong type is skipped for the next published place that has one.
    expect(readErrorBody('{"code":null,"error":"pre-auth.declined","errorMessages":[7,"declined"]}')).toEqual({
      code: 'pre-auth.declined',
      message: 'declined',
    });
    expect(readErrorBody('{"code":{"x":1},"errorCode":1001,"message":"m"}')).toEqual({ code: '1001', message: 'm' });
    expect(readErrorBody('{"error":"","message":""}')).toEqual({ code: null, message: null });
    // So a 401 whose body has a null message is still a token to relink, not a merchant login to redo.
    const relink = tokenizedErrorFromResponse(
      401,
      '{"statusCode":401,"error":"payment-token.invalid","message":null,"errorId":7}',
      'charge',
      context,
    );
    expect(relink).toMatchObject({
      code: 'payment-token.invalid',
      details: { providerCode: 'payment-token.invalid', providerMessage: null },
    });
    // A code named like an object's own property is just an unknown code.
    expect(tokenizedErrorFromResponse(400, '{"error":"constructor"}', 'charge', context).code).toBe('request.invalid');
  });

  it('maps every code of the document, whichever shape carries it', () => {
    expect(Object.keys(DOCUMENTED_CODE_MAP).sort()).toEqual([...TOKENIZED_ERROR_CODES].sort());
    for (const code of TOKENIZED_ERROR_CODES) {
      const status = code === 'unauthorized' || code === 'payment-token.invalid' ? 401 : 400;
      const documentShape = tokenizedErrorFromResponse(
        status,
        JSON.stringify({ statusCode: status, error: code, message: 'm' }),
        'charge',
        context,
      );
      const otherShape = tokenizedErrorFromResponse(
        status,
        JSON.stringify({ statusCode: status, code, errorMessages: ['m'] }),
        'charge',
        context,
      );
      expect(documentShape.code).toBe(DOCUMENTED_CODE_MAP[code].code);
      expect(otherShape.code).toBe(documentShape.code);
      expect(otherShape.details).toMatchObject({
        providerCode: code,
        providerMessage: 'm',
        httpStatus: status,
        outcomeUnknown: false,
      });
      expect(documentShape.message.length).toBeGreaterThan(10);
    }
  });

  it('falls back on the status: 5xx retryable and outcome unknown, unknown 404 a bad address, not "not found"', () => {
    const unavailable = tokenizedErrorFromResponse(503, '{"statusCode":503,"message":"busy"}', 'charge', context);
    expect(unavailable).toMatchObject({
      code: 'provider.unavailable',
      retryable: true,
      details: { outcomeUnknown: true },
    });
    expect(tokenizedErrorFromResponse(404, 'Not Found', 'pre-auth-status', context).code).toBe('provider.bad-response');
    expect(tokenizedErrorFromResponse(409, '{"error":"pre-auth.pending"}', 'capture', context).code).toBe(
      'preauth.pending',
    );
    // A 4xx after an attempt that may have acted keeps the outcome unknown.
    expect(
      tokenizedErrorFromResponse(400, '{"error":"bad-request"}', 'charge', { ...context, earlierOutcomeUnknown: true })
        .details?.outcomeUnknown,
    ).toBe(true);
  });
});

describe('merchant session', () => {
  it('logs in once for concurrent callers, keeps the token until 5 minutes before expiry, and drops a refused one', async () => {
    let now = 0;
    let logins = 0;
    const session = new MerchantSession(
      async () => {
        logins += 1;
        return { token: `t${logins}`, expiresAtMs: now + 8 * 3600_000 };
      },
      () => now,
    );
    expect(await Promise.all([session.token(), session.token(), session.token()])).toEqual(['t1', 't1', 't1']);
    now = 8 * 3600_000 - 5 * 60_000 - 1;
    expect(await session.token()).toBe('t1');
    now += 2;
    expect(await session.token()).toBe('t2');
    session.invalidate('t1');
    expect(await session.token()).toBe('t2');
    session.invalidate('t2');
    expect(await session.token()).toBe('t3');
  });

  it('a failed login is not cached', async () => {
    let fail = true;
    const session = new MerchantSession(async () => {
      if (fail) throw new PosError('auth.unauthorized');
      return { token: 'ok', expiresAtMs: Date.now() + 60_000 };
    });
    await expect(session.token()).rejects.toThrow(PosError);
    fail = false;
    expect(await session.token()).toBe('ok');
  });
});

describe('environment profiles', () => {
  it('uses the published addresses and the right header prefix per environment', () => {
    expect(resolveTokenizedProfile({ environment: 'provider-sandbox' })).toMatchObject({
      baseUrl: 'https://integrations-sandbox.shopback.com/demo/merchant',
      idempotencyHeader: 'X-ShopBack-Idempotent-Id',
      appTokenHeader: 'X-ShopBack-App-Token',
    });
    expect(resolveTokenizedProfile({ environment: 'sg-production' }).baseUrl).toBe(
      'https://prod-merchant-service.hoolah.co/merchant',
    );
    expect(
      resolveTokenizedProfile({
        environment: 'embedded-sandbox',
        embeddedBaseUrl: 'http://127.0.0.1:9/demo/merchant/',
      }),
    ).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/demo/merchant',
      idempotencyHeader: 'X-Service-Idempotent-Id',
    });
    expect(() => resolveTokenizedProfile({ environment: 'embedded-sandbox' })).toThrow(PosError);
    expect(() => resolveTokenizedProfile({ environment: 'custom' })).toThrow(PosError);
  });

  it('custom: the typed gateway address (https, or http on loopback), without a trailing slash', () => {
    expect(
      resolveTokenizedProfile({ environment: 'custom', customBaseUrl: 'https://gateway.example.com/merchant/' }),
    ).toMatchObject({
      baseUrl: 'https://gateway.example.com/merchant',
      idempotencyHeader: 'X-ShopBack-Idempotent-Id',
      appTokenHeader: 'X-ShopBack-App-Token',
    });
    expect(
      resolveTokenizedProfile({ environment: 'custom', customBaseUrl: 'http://127.0.0.1:8787/demo/merchant' }).baseUrl,
    ).toBe('http://127.0.0.1:8787/demo/merchant');
    expect(() =>
      resolveTokenizedProfile({ environment: 'custom', customBaseUrl: 'http://gateway.example.com/merchant' }),
    ).toThrow(/https/);
  });
});
