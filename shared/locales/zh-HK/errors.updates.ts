import type { UPDATE_ERRORS_EN } from '../en/errors.updates.ts';

// 更新的錯誤文字（electron/core/updates/），展開於 ./errors.ts 末尾。

export const UPDATE_ERRORS_ZH_HK: Readonly<Record<keyof typeof UPDATE_ERRORS_EN, string>> = {
  'updates.payment-open': '此收銀機仍有一筆付款未完成。完成後便會安裝更新；屆時請再按「重新啟動以更新」。',
  'updates.payment-in-doubt':
    '仍在向支付商確認一筆付款的結果（未確定）。確認後便會安裝更新；屆時請再按「重新啟動以更新」。',
  'updates.nothing-waiting': '沒有已下載並等待安裝的更新。',
  'updates.not-available': '在瀏覽器中執行時，此收銀機無法安裝更新。更新只會在應用程式中安裝。',
  'updates.signature-invalid':
    '更新來源沒有 Wallet POS 發行者的簽署（沒有簽署、簽署錯誤或由其他金鑰簽署），因此沒有下載或安裝任何內容。請 IT 人員檢查更新來源。',
};
