import { describe, expect, it } from 'vitest';
import { money } from './money.ts';
import { fillTemplate, isNoticeKey, noticeInEnglish } from './notices.ts';

describe('notices', () => {
  it('fills text, numbers and money (formatted for the locale); an unknown name stays visible', () => {
    expect(fillTemplate('Only {left} of {count} left{gone}', { left: money(123456, 'HKD'), count: 3 }, 'en')).toBe(
      'Only HK$1,234.56 of 3 left{gone}',
    );
    expect(fillTemplate('no parameters', undefined, 'en')).toBe('no parameters');
  });

  it('writes the core’s English for logs from the same template the screens use', () => {
    expect(noticeInEnglish({ key: 'refund.reason-missing' })).toBe('Enter a reason for the refund.');
    expect(isNoticeKey('refund.reason-missing')).toBe(true);
    expect(isNoticeKey('toString')).toBe(false);
  });
});
