import type { FIELD_SUPPORT_EN } from '../en/field.ts';

// 繁體中文（香港）: Settings → About (logs, support bundle) and the app's window titles and start-up box. Same keys as ../en/field.ts.

export const FIELD_SUPPORT_ZH_HK: Readonly<Record<keyof typeof FIELD_SUPPORT_EN, string>> = {
  'settings.tab.about': '關於',
  'about.logsTitle': '記錄檔',
  'about.logsWhere': '此收銀機把記錄檔寫入以下資料夾：',
  'about.logsHint': '每個記錄檔只保留最新的五個檔案，每個 5 MB。記錄檔從不寫入任何密鑰、PIN、金鑰或權杖。',
  'about.logsUnknown': '目前無法顯示記錄檔資料夾。',
  'about.bundleTitle': '支援資料包',
  'about.bundleHint':
    '一個 .zip 檔案，交給負責支援此收銀機的人員：包括記錄檔、不含密鑰的設定、付款紀錄的健康狀況及狀態列。當中不含任何密鑰，亦不含任何顧客姓名。',
  'about.saveBundle': '儲存支援資料包',
  'about.savingBundle': '正在儲存…',
  'about.bundleSaved': '已儲存支援資料包（{size}）：',
  'about.chainBroken': '本機的記錄與其審計鏈不相符。',
  'about.chainTitle': '可證明的記錄',
  'about.chainHint':
    '每筆付款、退款、取消及每更在寫入時即串連到付款記錄的審計鏈：事後被更改或刪除的記錄會在「檢查本機」中顯示。核數師可用 `npm run verify-journal -- --export 檔案` 及此金鑰檢查匯出檔。',
  'about.chainKey': '本機金鑰：',
  'about.chainHead': '最後一項：',
  'about.exportChain': '匯出給核數師',
  'about.exportingChain': '正在匯出…',
  'about.chainExported': '已儲存簽署的匯出檔（{entries} 項）：',
  'shell.window.cashier': 'Wallet POS',
  'shell.window.customerDisplay': 'Wallet POS — 顧客顯示屏',
  'shell.window.consent': '綁定顧客 — 電子錢包授權',
  'shell.startFailed.title': 'Wallet POS 無法啟動',
  'shell.startFailed.body': '付款核心未能啟動：{reason}',
};
