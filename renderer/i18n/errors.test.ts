import { describe, expect, it } from 'vitest';
import { defaultMessage, ERROR_CODES } from '../../shared/errors.ts';
import { NOTICES_EN, type NoticeKey } from '../../shared/notices.ts';
import { errorMessage } from '../components/ErrorText.tsx';
import { ERRORS_ZH_HK } from './errors.zh-HK.ts';
import { NOTICES_ZH_HK } from './notices.ts';

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('the renderer owns every word the core sends', () => {
  it('every error code has its text in English and Traditional Chinese', () => {
    expect(ERROR_CODES.filter((code) => !defaultMessage(code))).toEqual([]);
    expect(ERROR_CODES.filter((code) => !ERRORS_ZH_HK[code])).toEqual([]);
  });

  it('every notice key has its text in both languages, with the same parameters', () => {
    for (const key of Object.keys(NOTICES_EN) as NoticeKey[]) {
      expect(NOTICES_ZH_HK[key], key).toBeTruthy();
      expect(placeholders(NOTICES_ZH_HK[key]), key).toEqual(placeholders(NOTICES_EN[key]));
    }
  });

  it('an error shows its notice when it has one, else its code’s text — never the core’s English message', () => {
    const error = {
      code: 'request.invalid',
      message: 'core English for the log',
      retryable: false,
      notice: { key: 'refund.reason-missing' },
    } as const;
    expect(errorMessage(error, 'en')).toBe('Enter a reason for the refund.');
    expect(errorMessage(error, 'zh-HK')).toBe('請輸入退款原因。');
    const plain = { code: 'currency.unsupported', message: 'core English for the log', retryable: false } as const;
    expect(errorMessage(plain, 'en')).toBe(defaultMessage('currency.unsupported'));
    expect(errorMessage(plain, 'zh-HK')).toBe('此終端機不接受這種貨幣。請在「設定」檢查國家及貨幣。');
  });
});
