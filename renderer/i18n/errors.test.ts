import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors.ts';
import { errorMessage } from '../components/ErrorText.tsx';
import { ERRORS_ZH_HK } from './errors.zh-HK.ts';

describe('error messages on a Traditional Chinese till', () => {
  it('every error code the core can send has its zh-HK text', () => {
    expect(ERROR_CODES.filter((code) => !ERRORS_ZH_HK[code])).toEqual([]);
  });

  it('zh-HK shows the translation; English keeps the core’s specific message', () => {
    const error = { code: 'currency.unsupported', message: 'This terminal takes payments in SGD only.', retryable: false } as const;
    expect(errorMessage(error, 'zh-HK')).toBe('此終端不接受這種貨幣。請在「設定」檢查國家及貨幣。');
    expect(errorMessage(error, 'en')).toBe('This terminal takes payments in SGD only.');
  });
});
