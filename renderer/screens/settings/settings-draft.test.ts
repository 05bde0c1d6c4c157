import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { buildPatch, fieldErrorsOf, messageFor, withField, withGroupField } from './settings-draft.ts';

describe('settings draft helpers', () => {
  it('builds the smallest patch: changed top-level settings (groups whole) and typed secrets only', () => {
    const draft = withField(withGroupField(DEFAULT_SETTINGS, 'scanner', 'maxInterKeyMs', 50), 'posId', 'POS-9');
    expect(buildPatch(DEFAULT_SETTINGS, draft, { accessKeySecret: 's3cret', adminPin: null })).toEqual({
      settings: { posId: 'POS-9', scanner: { ...DEFAULT_SETTINGS.scanner, maxInterKeyMs: 50 } },
      secrets: { accessKeySecret: 's3cret', adminPin: null },
    });
    expect(buildPatch(DEFAULT_SETTINGS, DEFAULT_SETTINGS, {})).toBeNull();
    expect(DEFAULT_SETTINGS.scanner.maxInterKeyMs).toBe(35);
  });

  it('puts the refused field’s message on that field, or on the group a field belongs to', () => {
    const amountLimits = fieldErrorsOf(
      {
        code: 'settings.invalid',
        message: 'core English, for the log',
        notice: { key: 'settings.min-above-max' },
        retryable: false,
        details: { field: 'amountLimits' },
      },
      'en',
    );
    expect(amountLimits).toEqual({ amountLimits: 'The minimum amount is above the maximum.' });
    expect(messageFor(amountLimits, 'amountLimits.minMinor')).toBe('The minimum amount is above the maximum.');
    expect(messageFor(amountLimits, 'posId')).toBeUndefined();
    expect(
      fieldErrorsOf(
        { code: 'vault.unavailable', message: 'No key store.', retryable: false, details: { field: 'x' } },
        'en',
      ),
    ).toEqual({});
    expect(fieldErrorsOf({ code: 'settings.invalid', message: 'Invalid.', retryable: false }, 'en')).toEqual({});
  });
});
