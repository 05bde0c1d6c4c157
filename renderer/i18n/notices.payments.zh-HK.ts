import type { PaymentNoticeKey } from '../../shared/notices.ts';

// Traditional Chinese for the in-store payment side's notices (English: shared/notices/payments.en.ts).
// A full record: a key without its text here does not compile.

export const PAYMENT_NOTICES_ZH_HK: Readonly<Record<PaymentNoticeKey, string>> = {
  'payments.error': '{error}',
  'payments.reason-recorded': '{text}',
  'payments.reasons-joined': '{first} {rest}',

  'amount.below-minimum': '本終端接受的最低金額為 {min}。',
  'amount.above-limit': '此金額超過本終端設定的上限 {max}。',
  'currency.terminal-only': '本終端只接受 {currency} 付款。',
  'payments.other-terminal': '此付款於終端 {paymentPosId} 收取；收銀機現設定為 {currentPosId}。請在「設定」改回原終端以完成處理。',
  'payments.lookup-failed': '查詢付款狀態失敗。',

  'unresolved.checking': '正在向支付商核實：{reason}',
  'unresolved.exists-not-found': '支付商表示此付款存在，但暫未顯示；會繼續查詢直至顯示。',
  'unresolved.not-found-yet': '支付商暫時沒有此付款的記錄；較慢的請求仍可能送達。正在再次查詢。',
  'unresolved.resending': '支付商沒有此付款的記錄；正在重新發送（第 {count} 次，共 {max} 次）。',
  'unresolved.already-exists': '支付商已有此付款；正在讀取其狀態。',
  'unresolved.refused': '支付商拒絕了此付款（{error}）；正在確認沒有扣款。',
  'unresolved.refund-checking': '{amount} 的退款正在核實：{reason}',
  'unresolved.refund-confirming': '支付商正在確認 {amount} 的退款。',
  'unresolved.cancel-checking': '取消正在核實：{reason}',
  'unresolved.cancel-confirming': '支付商正在確認取消。',
  'payments.declined-by-wallet': '電子錢包拒絕了付款。',

  'cancel.never-sent': '此付款從未送達支付商：沒有需要取消的付款。',
  'cancel.provider-refused-payment': '支付商拒絕了此付款：沒有需要取消的付款。',
  'cancel.not-found-yet': '支付商暫時沒有此付款的記錄。',
  'cancel.resending': '支付商仍顯示此付款未完成；正在重新發送取消。',
  'cancel.confirmed-in-app': '顧客已在錢包應用程式確認此付款；已無法取消。',
  'cancel.already-paid': '此付款已完成。請改為退款。',
  'cancel.already-refunded': '此付款已完成並已退款。',
  'cancel.already-cancelled': '此付款已取消。',
  'cancel.already-failed': '此付款已失敗；沒有需要取消的付款。',
  'cancel.already-expired': '此付款已過期；沒有需要取消的付款。',
  'cancel.did-not-go-through': '此付款未有完成；沒有需要取消的付款。',

  'refund.reason-missing': '請輸入退款原因。',
  'refund.supervisor-pin-not-set': '此收銀機尚未設定主管密碼。管理員須先在「設定」設定，才可退款。',
  'refund.nothing-left': '此付款已沒有可退款的金額。',
  'refund.nothing-left-elsewhere': '此付款已全數退款（部分於此收銀機以外）。已沒有可退款的金額。',
  'refund.left-after-elsewhere': '此付款部分已於此收銀機以外退款：最多只可再退 {left}。',
  'refund.payment-not-found-now': '支付商剛才找不到此付款，因此沒有退款。請稍後再試。',
  'refund.check-failed': '退款前未能向支付商核實此付款，因此沒有退款。{reason}',
  'refund.another-in-flight': '此付款有一筆 {amount} 的退款仍在等待支付商確認。請待其完成，如有需要再退款。',
  'refund.another-just-made': '此付款剛有另一筆退款。請重新查看付款，再退還尚需退還的金額。',
  'refund.other-unsettled': '此付款的另一筆退款仍在核實；待其完成後才會重新發送這筆退款。',
  'refund.not-shown-yet': '支付商暫未顯示此退款；較慢的請求仍可能送達。',
  'refund.payment-not-found': '支付商找不到此退款所屬的付款。',
  'refund.resending': '支付商沒有顯示此退款；正在以相同金鑰重新發送。',

  'history.position-invalid': '列表位置已失效。請返回第一頁。',
  'history.page-size': '每頁可顯示 1 至 {max} 筆付款。',
  'summary.currency-needed': '尚未有付款：請選擇摘要的貨幣。',
  'summary.day-invalid': '「{day}」不是日期。請在日曆中選擇日子。',
  'receipt.not-paid': '此付款未有完成，因此沒有收據可列印。',
  'receipt.no-refund': '此付款沒有退款，因此沒有退款單可列印。',
  'receipt.printer-failed': '收據打印機未能列印。請檢查打印機已開啟、有紙及為預設打印機，然後在付款詳情重印。',

  'settings.time-zone-unknown': '此電腦不認識時區「{timeZone}」。請選擇例如 Asia/Singapore 的時區。',
  'pin.locked-seconds': '錯誤密碼次數過多。請等待 {seconds} 秒後再試。',
  'pin.locked-minutes': '錯誤密碼次數過多。請等待 {minutes} 分鐘後再試。',
  'auth.missing-for': '{environment} 尚未設定憑證：缺少 {missing}。請管理員在「設定」輸入。',
  'vault.no-key-store': '此電腦無法安全儲存密碼：沒有執行中的作業系統金鑰庫（GNOME Keyring 或 KWallet）。',
  'ipc.invalid-payload-at': '應用程式送出的資料不完整（{field}）。請檢查輸入後再試。',
};
