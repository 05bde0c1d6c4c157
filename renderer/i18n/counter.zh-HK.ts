import type { COUNTER_EN } from './counter.en.ts';

// 繁體中文（香港）: the counter's harder moments. Same keys as counter.en.ts.

export const COUNTER_ZH_HK: Readonly<Record<keyof typeof COUNTER_EN, string>> = {
  'sale.staleAmount': '這是上次的金額：輸入數字開始新金額，或按 Enter 以此金額收款。',
  'sale.overMaximum': '本終端機最高收款金額為 {amount}：剛才的數字未有加入。',
  'payment.tryAgain': '再試一次',
  'payment.otherMethodScan': '改為掃描顧客付款碼',
  'payment.otherMethodQr': '改為顯示收款二維碼',
  'payment.done': '完成',
  'payment.retrying': '重新開始…',
  'payment.outage': '錢包服務沒有回應；收銀機會繼續嘗試 — 你可以取消這次付款。',
  'payment.cancelAttempt': '取消這次付款',
  'payment.cancelAttemptRequested':
    '正在取消這次付款：錢包服務一有回應，收銀機便會取消該筆付款，不會扣款。你可以開始下一宗交易。',
  'openPayment.banner': '仍有一筆 {amount} 的付款未完成（{reference}）：顧客仍可付款。',
  'openPayment.showQr': '顯示二維碼',
  'openPayment.cancel': '取消付款',
  'scan.typeCode': '付款碼損壞或無法讀取？請在此輸入',
  'scan.typeCodeSubmit': '以此付款碼收款',
  'scan.typedTooSlow': '這是手動輸入，不是掃描：掃描器輸入速度快得多 — 請使用下面的欄位。',
  'detail.showQr': '顯示二維碼',
  'paymentType.PAY': '電子錢包付款',
  'paymentType.PAYLATER': '先買後付',
  'refund.noPin': '此收銀機未設定主管密碼，因此無法在此批准退款。請由管理員在「設定 → 主管密碼」設定。',
  'refund.paidAt': '付款時間',
  'refund.confirmQuestion': '退款 {amount} 到顧客的電子錢包？',
  'refund.confirmYes': '確定退款 {amount}',
  'refund.confirmBack': '返回',
  'refund.doneTitle': '退款 {amount}',
  'refund.newLookup': '為另一筆付款退款',
  'refund.backToPayment': '返回該筆付款',
  'refund.more': '為這筆付款再退款',
};
