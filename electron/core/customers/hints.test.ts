import { describe, expect, it } from 'vitest';
import { caught } from '../../testing/helpers.ts';
import { redactEmailHint, redactPhoneHint } from './hints.ts';

// The hints a cashier types: redacted before they leave the till, and a wrong one refused naming its field
// and what is wrong with it (as a notice: the screen says it in the till's language).

const refusal = (run: () => string) => caught(Promise.resolve().then(run));

describe('link hints', () => {
  it('keeps only the last four digits of a phone number and the first letter and domain of an e-mail', () => {
    expect(redactPhoneHint('+65 9123 4567')).toBe('+65 ****4567');
    expect(redactEmailHint('lee@example.com')).toBe('l***@example.com');
    expect(redactPhoneHint('****4567')).toBe('****4567');
  });

  it('refuses a short phone number, a malformed e-mail and an over-long redacted hint, naming the field', async () => {
    expect(await refusal(() => redactPhoneHint('1234'))).toMatchObject({
      code: 'request.invalid',
      notice: { key: 'link.phone-hint-invalid' },
      details: { field: 'phoneHint', outcomeUnknown: false },
    });
    expect(await refusal(() => redactEmailHint('lee at example'))).toMatchObject({
      code: 'request.invalid',
      notice: { key: 'link.email-hint-invalid' },
      details: { field: 'emailHint' },
    });
    expect(await refusal(() => redactPhoneHint(`*${'9'.repeat(40)}`))).toMatchObject({
      notice: { key: 'settings.too-long', params: { maximum: 30 } },
      details: { field: 'phoneHint' },
    });
  });
});
