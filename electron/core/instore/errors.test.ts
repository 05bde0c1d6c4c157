import { describe, expect, it } from 'vitest';
import { defaultMessage, PosError } from '../../../shared/errors.ts';
import { isOutcomeUnknown } from '../http/failures.ts';
import { durationNotice, noticeInEnglish } from '../../../shared/notices.ts';
import { clockSkewNotice, providerErrorFromResponse } from './errors.ts';

const context = { operation: 'create', attempts: 1, earlierOutcomeUnknown: false };
const body = (statusCode: number, message: string) =>
  JSON.stringify({ statusCode, message, traceId: '6f1c3c0e-0000-4000-8000-000000000001' });

// Every row of wire-details §2.5, verbatim.
const PUBLISHED = [
  [400, 'Missing required parameters.', 'request.invalid'],
  [400, 'Invalid Date Header. Date Header has to be ISO-8601 format.', 'request.invalid'],
  [400, 'Invalid country to currency pair. Currency is not supported in specified country.', 'currency.unsupported'],
  [401, 'Missing Authorization Header. Field is required in all requests.', 'auth.missing'],
  [401, 'Invalid Auth Header. Unable to recognize Auth Code.', 'auth.signature'],
  [401, 'Hmac signature has expired, please generate a new signature.', 'auth.clock-skew'],
  [401, 'Invalid accessKeyId provided.', 'auth.unknown-key'],
  [401, 'Invalid signature. Failed to match HMAC signatures.', 'auth.signature'],
  [401, 'Terminal Access Denied. Insufficient permissions to act on this terminal.', 'terminal.denied'],
  [404, 'Invalid posId. Unable to find matching posId.', 'pos.unknown'],
  [
    404,
    'Invalid referenceId. Unable to find an existing payment record with the referenceId provided.',
    'order.not-found',
  ],
  [
    409,
    'Invalid ReferenceId. ReferenceId provided is already assigned to an existing resource.',
    'order.duplicate-reference',
  ],
  [409, 'Order is not in captured state.', 'order.not-captured'],
  [400, 'Amount is lower than minimum amount.', 'amount.below-provider-minimum'],
  [400, 'Amount has exceeded maximum amount.', 'amount.above-provider-maximum'],
] as const;

describe('provider error mapping', () => {
  it.each(PUBLISHED)('%i "%s" → %s, not processed, not retryable', (status, message, code) => {
    const error = providerErrorFromResponse(status, body(status, message), context);
    expect(error).toBeInstanceOf(PosError);
    expect(error.code).toBe(code);
    expect(error.retryable).toBe(false);
    expect(error.details).toMatchObject({
      outcomeUnknown: false,
      httpStatus: status,
      providerMessage: message,
      traceId: '6f1c3c0e-0000-4000-8000-000000000001',
      attempts: 1,
      operation: 'create',
    });
    // Cashier-readable: never the raw provider sentence, never empty.
    expect(error.message.length).toBeGreaterThan(20);
    expect(error.message).not.toContain('HMAC');
  });

  it('reads "Order is not in captured state." by operation: on a cancel it means too late to cancel', () => {
    const text = body(409, 'Order is not in captured state.');
    expect(providerErrorFromResponse(409, text, { ...context, operation: 'cancel' }).code).toBe(
      'order.not-cancellable',
    );
    expect(providerErrorFromResponse(409, text, { ...context, operation: 'refund' }).code).toBe('order.not-captured');
  });

  it("maps our sandbox's unpublished over-refund and cancel-after-confirmation sentences", () => {
    expect(
      providerErrorFromResponse(409, body(409, 'Refund amount exceeds the refundable amount of the order.'), context)
        .code,
    ).toBe('refund.exceeds-refundable');
    expect(
      providerErrorFromResponse(400, body(400, 'Amount is more than the remaining refundable amount.'), context).code,
    ).toBe('refund.exceeds-refundable');
    expect(
      providerErrorFromResponse(
        409,
        body(409, 'Order cannot be cancelled once the customer has confirmed payment.'),
        context,
      ).code,
    ).toBe('order.not-cancellable');
    expect(
      providerErrorFromResponse(
        400,
        body(400, 'Invalid consumerQrPayload. The consumer QR code has already been used.'),
        context,
      ).code,
    ).toBe('consumer-code.already-used');
    expect(
      providerErrorFromResponse(
        400,
        body(400, 'Invalid consumerQrPayload. The consumer QR code has expired; ask the customer to refresh the code.'),
        context,
      ).code,
    ).toBe('consumer-code.expired');
    expect(
      providerErrorFromResponse(
        400,
        body(400, 'Invalid consumerQrPayload. The consumer QR code is not recognised.'),
        context,
      ).code,
    ).toBe('consumer-code.invalid');
    expect(
      providerErrorFromResponse(400, body(400, 'Invalid amount. Amount must be a positive integer.'), context).code,
    ).toBe('amount.invalid');
    const country = providerErrorFromResponse(
      400,
      body(400, 'Invalid country. These credentials are not onboarded for MY.'),
      context,
    );
    expect(country.code).toBe('request.invalid');
    expect(country.notice).toEqual({ key: 'provider.not-onboarded' });
    expect(country.message).toContain('Check the country in Settings');
  });

  it('does not read a 404 without the referenceId sentence as "no such order"', () => {
    const error = providerErrorFromResponse(404, '<html>Cannot GET /posi/v1/instore/order/x</html>', context);
    expect(error.code).toBe('provider.bad-response');
    expect(error.notice).toEqual({ key: 'provider.address-not-found' });
    expect(error.message).toContain('Check the environment');
    expect(error.details).toMatchObject({ outcomeUnknown: false, providerMessage: null, traceId: null });
  });

  it('falls back by status for unknown sentences', () => {
    expect(providerErrorFromResponse(400, body(400, 'Something new.'), context).code).toBe('request.invalid');
    expect(providerErrorFromResponse(401, body(401, 'Something new.'), context).code).toBe('auth.signature');
    const limited = providerErrorFromResponse(429, '', context);
    expect(limited.code).toBe('provider.unavailable');
    expect(limited.retryable).toBe(true);
    expect(limited.details?.outcomeUnknown).toBe(false);
  });

  it('a 5xx leaves the outcome unknown', () => {
    const error = providerErrorFromResponse(503, body(503, 'Service Unavailable'), { ...context, attempts: 3 });
    expect(error.code).toBe('provider.unavailable');
    expect(error.retryable).toBe(true);
    expect(error.details).toMatchObject({ outcomeUnknown: true, attempts: 3, httpStatus: 503 });
  });

  it('a 4xx after an attempt with unknown outcome keeps the outcome unknown', () => {
    const error = providerErrorFromResponse(409, body(409, PUBLISHED[11][1]), {
      ...context,
      attempts: 2,
      earlierOutcomeUnknown: true,
    });
    expect(error.code).toBe('order.duplicate-reference');
    expect(error.details?.outcomeUnknown).toBe(true);
    expect(isOutcomeUnknown(error)).toBe(true);
  });

  it('clock skew carries the measured skew and says which way the clock is off', () => {
    const ahead = providerErrorFromResponse(401, body(401, PUBLISHED[5][1]), { ...context, skewMs: 125_000 });
    expect(ahead.details?.skewMs).toBe(125_000);
    expect(ahead.notice).toEqual({ key: 'provider.clock-ahead', params: { duration: { durationMs: 125_000 } } });
    expect(ahead.message).toBe(
      "This till's clock is 2 min 5 s ahead of the provider's. Fix the system time, then try again.",
    );
    const behind = providerErrorFromResponse(401, body(401, PUBLISHED[5][1]), { ...context, skewMs: -90_000 });
    expect(behind.notice).toEqual({ key: 'provider.clock-behind', params: { duration: { durationMs: 90_000 } } });
    expect(behind.message).toContain('1 min 30 s behind');
    const unmeasured = providerErrorFromResponse(401, body(401, PUBLISHED[5][1]), context);
    expect(unmeasured.details?.skewMs).toBeNull();
    expect(unmeasured.notice).toBeUndefined();
    expect(unmeasured.message).toBe(defaultMessage('auth.clock-skew'));
  });

  it('survives an unreadable error body', () => {
    for (const text of ['', 'not json', '{"statusCode":400}', 'null', '[1,2]']) {
      const error = providerErrorFromResponse(400, text, context);
      expect(error.code).toBe('request.invalid');
      expect(error.details?.providerMessage).toBeNull();
    }
  });
});

describe('clock skew messages', () => {
  it('describes durations for people', () => {
    const inEnglish = (ms: number) => noticeInEnglish(durationNotice(ms));
    expect(durationNotice(-125_000)).toEqual({ key: 'duration.minutes-seconds', params: { m: 2, s: 5 } });
    expect(inEnglish(45_400)).toBe('45 s');
    expect(inEnglish(-125_000)).toBe('2 min 5 s');
    expect(inEnglish(120_000)).toBe('2 min');
    expect(inEnglish(3_780_000)).toBe('1 h 3 min');
    expect(clockSkewNotice(400)).toBeUndefined();
  });
});
