import type { JOURNAL_EN } from '../en/journal.ts';

// 繁體中文（香港）: the lost-journal screen and its status-bar item. Same keys as ../en/journal.ts.

export const JOURNAL_ZH_HANS: Readonly<Record<keyof typeof JOURNAL_EN, string>> = {
  'journal.status': '記錄檔有問題：已暫停收款',
  'journal.statusOpen': '啟動時有記錄檔被拒。開啟處理方法',
  'journal.title': '已暫停收款：記錄檔並非此收銀機所寫的那一份',
  'journal.name.payments': '付款記錄檔（店內付款）',
  'journal.name.customers': '已連結顧客記錄檔（扣款及預授權）',
  'journal.kind.missing': '檔案不見了。',
  'journal.kind.empty': '檔案是空的。',
  'journal.kind.replaced': '檔案是另一份記錄檔，並非此收銀機所寫的那一份。',
  'journal.kind.behind': '檔案是此收銀機記錄檔的舊副本。',
  'journal.kind.corrupt': '檔案已損壞。',
  'journal.kind.mark-unreadable': '無法讀取收銀機對此記錄檔的自身紀錄（旁邊的 .mark 檔案），因此無法核對記錄檔。',
  'journal.recorded': '此收銀機曾寫入 {writes} 項變更，最後一項在 {at}。',
  'journal.recordedNever': '此收銀機已建立此記錄檔，但尚未寫入。',
  'journal.found': '檔案內有 {writes} 項變更，最後一項在 {at}。',
  'journal.foundNone': '檔案內沒有此收銀機能辨認的變更。',
  'journal.missingSince':
    '檔案缺少 {missing} 項變更：{at} 之後記錄的付款、退款及預授權在此收銀機上不見了。支付商的商戶平台列出其收到的所有交易。',
  'journal.allMissing': '此收銀機在該處記錄的所有內容都已從這部電腦消失。支付商的商戶平台列出其收到的所有交易。',
  'journal.detail': 'SQLite 訊息：{detail}',
  'journal.file': '檔案：{path}',
  'journal.refused': '問題解決前，此收銀機不會在這方面收取任何款項：因為無法安全地記錄。',
  'journal.restoreHelp':
    '還原方法：把此記錄檔的備份複製到上述檔案（如備份有 -wal 檔案，一併複製），然後按「再次檢查」。',
  'journal.recheck': '再次檢查',
  'journal.accept': '保留此檔案現狀',
  'journal.acceptHelp': '現有檔案將成為此收銀機的記錄檔；其缺少的內容仍然缺少。此操作會記錄在記錄檔內。',
  'journal.startNew': '開始新記錄檔',
  'journal.startNewHelp':
    '現有檔案會被移到一旁（以今天日期重新命名，絕不刪除），並開始一份空白記錄檔。此操作會記錄在新記錄檔內。',
  'journal.confirmStartNew': '要開始一份新的空白記錄檔嗎？現有檔案會保留在一旁，但此收銀機將不會顯示其中的付款。',
  'journal.confirm': '是，開始新記錄檔',
  'journal.cancel': '取消',
  'journal.adminNeeded': '此操作須由管理員以管理員密碼確認。',
  'journal.unlockAndDo': '以管理員密碼確認',
  'journal.stillRefused': '已再次檢查：記錄檔仍然被拒。',
  'journal.resolved': '記錄檔已恢復正常，可以再次收款。',
};
