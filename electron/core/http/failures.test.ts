import { describe, expect, it } from 'vitest';
import { classifyFetchFailure, networkError, timeoutError } from './failures.ts';

// Failures without a readable answer, as both provider clients classify them: what proves nothing was sent,
// and what leaves the outcome unknown.

const context = { operation: 'create', attempts: 1, earlierOutcomeUnknown: false };

describe('network failures', () => {
  const undiciFailure = (code: string) =>
    Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });

  it('connection refused and DNS failures prove nothing was sent', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH']) {
      const failure = classifyFetchFailure(undiciFailure(code));
      expect(failure).toMatchObject({ neverSent: true, code });
      const error = networkError(failure, context);
      expect(error.code).toBe('network.unreachable');
      expect(error.details).toMatchObject({ outcomeUnknown: false, networkCode: code, httpStatus: null });
      expect(error.notice).toBeUndefined();
    }
    const everyAddressRefused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(
        new AggregateError([
          Object.assign(new Error('a'), { code: 'ECONNREFUSED' }),
          Object.assign(new Error('b'), { code: 'ECONNREFUSED' }),
        ]),
        {},
      ),
    });
    expect(classifyFetchFailure(everyAddressRefused).neverSent).toBe(true);
  });

  it("recognises Electron net.fetch's Chromium errors", () => {
    expect(classifyFetchFailure(new Error('net::ERR_CONNECTION_REFUSED'))).toMatchObject({
      neverSent: true,
      code: 'net::ERR_CONNECTION_REFUSED',
    });
    expect(classifyFetchFailure(new Error('net::ERR_NAME_NOT_RESOLVED')).neverSent).toBe(true);
    expect(classifyFetchFailure(new Error('net::ERR_CERT_AUTHORITY_INVALID')).neverSent).toBe(true);
    expect(classifyFetchFailure(new Error('net::ERR_CONNECTION_RESET'))).toMatchObject({
      neverSent: false,
      code: 'net::ERR_CONNECTION_RESET',
    });
    expect(classifyFetchFailure(new Error('net::ERR_EMPTY_RESPONSE')).neverSent).toBe(false);
  });

  it('a dropped or reset connection leaves the outcome unknown', () => {
    for (const code of ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']) {
      const error = networkError(classifyFetchFailure(undiciFailure(code)), context);
      expect(error.details?.outcomeUnknown).toBe(true);
      expect(error.notice).toEqual({ key: 'provider.connection-dropped' });
      expect(error.message).toContain('being checked');
      expect(error.retryable).toBe(true);
    }
    expect(classifyFetchFailure(new TypeError('fetch failed')).neverSent).toBe(false);
    expect(classifyFetchFailure('weird').neverSent).toBe(false);
  });

  it('a refused connection after an earlier unknown attempt is still unknown', () => {
    const error = networkError(classifyFetchFailure(undiciFailure('ECONNREFUSED')), {
      ...context,
      attempts: 2,
      earlierOutcomeUnknown: true,
    });
    expect(error.details?.outcomeUnknown).toBe(true);
  });

  it('our own timeout always leaves the outcome unknown', () => {
    const error = timeoutError(context, 'headers', 30_000);
    expect(error.code).toBe('network.timeout');
    expect(error.details).toMatchObject({ outcomeUnknown: true, timeoutPhase: 'headers', timeoutMs: 30_000 });
  });
});
