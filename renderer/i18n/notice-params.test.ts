import { describe, expect, it } from 'vitest';
import { notice } from '../../shared/notices.ts';
import { noticeText } from './notices.ts';

// Parameters inside a translated sentence are written in the reader's language too: a duration ("2 min 5 s" is
// "2 分 5 秒"), and a list of fields, joined the language's way, never the core's English.

const missingAll = notice('auth.missing-for', {
  environment: 'Provider sandbox',
  missing: { list: [notice('field.access-key-id'), notice('field.access-key-secret'), notice('field.pos-id')] },
});

describe('notice parameters in the reader’s language', () => {
  it('a duration', () => {
    const behind = notice('provider.clock-behind', { duration: { durationMs: -125_000 } });
    expect(noticeText(behind, 'en')).toContain('2 min 5 s behind');
    expect(noticeText(behind, 'zh-HK')).toContain('慢 2 分 5 秒');
    expect(noticeText(behind, 'zh-HK')).not.toMatch(/min|\d s\b/);
    expect(noticeText(notice('provider.clock-ahead', { duration: { durationMs: 3_780_000 } }), 'zh-HK')).toContain(
      '1 小時 3 分鐘',
    );
  });

  it('the missing credentials, listed as each language lists', () => {
    expect(noticeText(missingAll, 'en')).toContain('access key id, access key secret, and terminal id (posId) missing');
    const chinese = noticeText(missingAll, 'zh-HK');
    expect(chinese).toContain('缺少 存取金鑰 ID、存取金鑰密鑰及終端機 ID（posId）');
    expect(chinese).not.toMatch(/access key|terminal id/);
  });
});
