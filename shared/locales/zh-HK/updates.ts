import type { UPDATES_EN } from '../en/updates.ts';

// 更新及此電腦的文字（設定 → 更新）。展開於 screens.ts。

export const UPDATES_ZH_HK: Readonly<Record<keyof typeof UPDATES_EN, string>> = {
  'settings.tab.updates': '更新',
  'settings.section.updates': '更新',
  'settings.section.machine': '此電腦',
  'updates.running': '此收銀機正在執行版本 {version}。',
  'updates.phase.off': '未設定更新來源：此收銀機不會檢查更新。',
  'updates.phase.unavailable': '更新只會在應用程式中安裝，在瀏覽器中執行時不會安裝。',
  'updates.phase.idle': '已是最新版本。',
  'updates.phase.checking': '正在檢查更新…',
  'updates.phase.downloading': '正在背景下載版本 {version}。付款照常進行。',
  'updates.phase.installing': '正在重新啟動以安裝版本 {version}…',
  'updates.notInRollout': '版本 {version} 會先推出給部分收銀機；此收銀機會在稍後階段收到。',
  'updates.waiting': '版本 {version} 已下載並通過檢查。',
  'updates.installAt': '它會在 {time}（維護時段）自動安裝，前提是當時沒有未完成的付款。',
  'updates.installNowInWindow': '現在是維護時段：一旦沒有未完成的付款，便會自動安裝。',
  'updates.held.payment-open': '等待中：仍有一筆付款未完成。',
  'updates.held.payment-in-doubt': '等待中：仍在向支付商確認一筆付款的結果。',
  'updates.held.outside-window': '等待維護時段。',
  'updates.checked': '上次檢查：{time}。下次檢查：{next}。',
  'updates.notChecked': '尚未檢查。',
  'updates.problem.feed': '無法讀取或理解更新來源（{time}）。此收銀機會繼續執行版本 {running}，並在下次檢查時再試。',
  'updates.problem.download':
    '下載版本 {version} 失敗（{time}）。此收銀機會繼續執行版本 {running}，並在下次檢查時再試。',
  'updates.problem.verify':
    '已拒絕版本 {version}（{time}）：下載的檔案與更新來源的校驗碼或簽署不符。此收銀機會繼續執行版本 {running}。',
  'updates.problem.install':
    '安裝版本 {version} 失敗（{time}）。此收銀機會繼續執行版本 {running}。請按「重新啟動以更新」再試。',
  'updates.restart': '重新啟動以更新',
  'updates.restarting': '正在重新啟動…',
  'updates.restartHint': '立即安裝版本 {version}：收銀機會關閉後再開啟。有付款未完成或正在確認時不可進行。',
  'settings.updates.feedUrl': '更新來源地址',
  'settings.updates.feedUrlHint': '貴公司 IT 發佈 Wallet POS 更新的 https 資料夾（內有 latest.yml）。留空：不更新。',
  'settings.updates.windowStart': '維護時段開始（本地時間）',
  'settings.updates.windowEnd': '維護時段結束',
  'settings.updates.windowHint':
    '更新只會在此時段內自動安裝，並且絕不會在付款未完成時安裝。時段可跨越午夜（例如 22:00 至 04:00）。',
  'settings.machine.launchAtLogin': '有人登入此電腦時啟動 Wallet POS',
  'settings.machine.keepDisplayAwake': 'Wallet POS 在最前時保持螢幕開啟',
  'settings.machine.hint':
    '兩者只在應用程式中生效。登入時啟動適用於 Windows 及 macOS；Linux 請使用桌面環境的自動啟動。',
};
