import { describe, expect, it } from 'vitest';
import { providerAnswered } from './provider-answers.ts';

describe('providerAnswered', () => {
  it('a 2xx or a 4xx is an answer; no response or a 5xx is not', () => {
    expect(providerAnswered({ status: 200, error: null })).toBe(true);
    expect(providerAnswered({ status: 404, error: null })).toBe(true);
    expect(providerAnswered({ status: 401, error: { code: 'auth.signature', message: '', networkCode: null } })).toBe(
      true,
    );
    expect(
      providerAnswered({ status: 503, error: { code: 'provider.unavailable', message: '', networkCode: null } }),
    ).toBe(false);
    expect(
      providerAnswered({
        status: null,
        error: { code: 'network.unreachable', message: '', networkCode: 'ECONNREFUSED' },
      }),
    ).toBe(false);
  });
});
