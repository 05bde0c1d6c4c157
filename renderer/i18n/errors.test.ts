import { describe, expect, it } from 'vitest';
import { defaultMessage } from '../../shared/errors.ts';
import { errorMessage } from '../components/ErrorText.tsx';

// That every error code and notice key has its text in every language, with the same parameters:
// shared/locales/locales.test.ts.

describe('the renderer owns every word the core sends', () => {
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
