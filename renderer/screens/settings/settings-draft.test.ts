import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { buildPatch, fieldErrorsOf, messageFor, setPath } from './settings-draft.ts';

describe('settings draft helpers', () => {
  it('builds the smallest patch: changed top-level settings (groups whole) and typed secrets only', () => {
    const draft = setPath(setPath(DEFAULT_SETTINGS, 'scanner.maxInterKeyMs', 50), 'posId', 'POS-9');
    expect(buildPatch(DEFAULT_SETTINGS, draft, { accessKeySecret: 's3cret', adminPin: null })).toEqual({
      settings: { posId: 'POS-9', scanner: { ...DEFAULT_SETTINGS.scanner, maxInterKeyMs: 50 } },
      secrets: { accessKeySecret: 's3cret', adminPin: null },
    });
    expect(buildPatch(DEFAULT_SETTINGS, DEFAULT_SETTINGS, {})).toBeNull();
    expect(DEFAULT_SETTINGS.scanner.maxInterKeyMs).toBe(35);
  });

  it('spreads error details onto fields, falling back to the group a field belongs to', () => {
    const errors = fieldErrorsOf({
      code: 'settings.invalid',
      message: 'Some settings are not valid.',
      retryable: false,
      details: { currency: 'Not used in HK', amountLimits: 'The minimum amount is above the maximum', count: 2, 'bad key!': 'x' },
    });
    expect(errors).toEqual({ currency: 'Not used in HK', amountLimits: 'The minimum amount is above the maximum' });
    expect(messageFor(errors, 'amountLimits.minMinor')).toBe('The minimum amount is above the maximum');
    expect(messageFor(errors, 'posId')).toBeUndefined();
  });
});
