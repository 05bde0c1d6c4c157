import { describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { liveCredentialProblems, refuseIfAny, secretProblems, settingsProblems } from './settings-problems.ts';

// A refused save names every field to fix at once (it used to name the first one, one attempt at a time).

const candidate = (change: Record<string, unknown>): Record<string, unknown> => ({
  ...structuredClone(DEFAULT_SETTINGS),
  ...change,
});

describe('settings problems', () => {
  it('finds every problem in one pass, each in plain words', () => {
    const { settings, problems } = settingsProblems(
      candidate({
        merchantName: '',
        statusRequestsPerSecond: 99,
        webhookUrl: 'http://example.com/hook',
        scanner: { maxInterKeyMs: 1, minLength: 8, terminator: 'Enter' },
      }),
    );
    expect(settings).toBeNull();
    expect(problems).toEqual({
      merchantName: { key: 'settings.required' },
      statusRequestsPerSecond: { key: 'settings.at-most', params: { maximum: 20 } },
      'scanner.maxInterKeyMs': { key: 'settings.at-least', params: { minimum: 5 } },
      webhookUrl: { key: 'settings.https-or-empty' },
    });
  });

  it('passes valid settings through', () => {
    expect(settingsProblems(candidate({ merchantName: 'Harbour Bakery' }))).toMatchObject({
      settings: { merchantName: 'Harbour Bakery' },
      problems: {},
    });
  });

  it('asks a real environment for its key, secret and posId; the demo for nothing', () => {
    expect(liveCredentialProblems(candidate({}), false)).toEqual({});
    expect(
      Object.keys(liveCredentialProblems(candidate({ environment: 'hk-production', accessKeyId: ' ' }), false)),
    ).toEqual(['accessKeyId', 'accessKeySecret', 'posId']);
    expect(
      liveCredentialProblems(candidate({ environment: 'hk-production', accessKeyId: 'AK', posId: 'P1' }), true),
    ).toEqual({});
  });

  it('checks typed secrets and PINs', () => {
    expect(
      Object.keys(
        secretProblems({
          adminPin: '12',
          supervisorPin: '2468',
          accessKeySecret: ' x ',
          tokenizedMerchantSecret: null,
        }),
      ),
    ).toEqual(['accessKeySecret', 'adminPin']);
  });

  it('refuses with all of them, the first also as the error’s own notice', () => {
    let thrown: unknown = null;
    try {
      refuseIfAny({ posId: { key: 'settings.required-for-live' }, merchantName: { key: 'settings.required' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PosError);
    expect((thrown as PosError).toAppError()).toMatchObject({
      code: 'settings.invalid',
      details: { field: 'posId', count: 2 },
      notice: { key: 'settings.required-for-live' },
    });
    expect(Object.keys((thrown as PosError).toAppError().fieldNotices ?? {})).toEqual(['posId', 'merchantName']);
  });
});
