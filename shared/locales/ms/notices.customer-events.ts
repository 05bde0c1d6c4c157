import type { CustomerEventNoticeKey } from '../../notices.ts';

// 繁體中文（香港）: the linked-customer journal's events. Same keys as ../en/notices.customer-events.ts.
// {status} is the provider's own status word as it came; {code} our error code.

export const CUSTOMER_EVENT_NOTICES_MS: Readonly<Record<CustomerEventNoticeKey, string>> = {
  'customer-event.link-opened': '已開啟連結工作階段 {session}',
  'customer-event.link-refused': '連結工作階段 {session} 被拒絕：同意頁面不符預期（{reason}）',
  'customer-event.linked': '已連結（工作階段 {session}）',
  'customer-event.unlinked': '已解除連結',
  'customer-event.token-refused': '支付商拒絕了付款憑證：請重新連結',

  'customer-event.charge-sent': '收款 {amount}（使用現金回贈）',
  'customer-event.charge-sent-no-cashback': '收款 {amount}（不使用現金回贈）',
  'customer-event.hold-sent': '預授權 {amount}',
  'customer-event.outcome-unknown': '結果未明（{code}）；正在核實',
  'customer-event.resend-refused': '重新發送被拒絕（{code}）；首次發送的結果仍未明',
  'customer-event.refused': '被拒絕：{code}',
  'customer-event.charge-approved': '收款已批准，訂單 {order}',
  'customer-event.charge-rejected': '收款被拒絕（{reason}）',
  'customer-event.charge-rejected-no-reason': '收款被拒絕（未有提供原因）',
  'customer-event.hold-status': '預授權 {status}',
  'customer-event.hold-status-reason': '預授權 {status}（{reason}）',

  'customer-event.resent': '以相同的冪等鍵及 merchantRef 重新發送，以得知結果',
  'customer-event.stopped-too-late': '停止核實：距首次發送已超過 {minutes} 分鐘；不再重新發送',
  'customer-event.stopped-no-token': '停止核實：沒有可用的付款憑證',
  'customer-event.stopped-hold-unknown': '停止核實：支付商一直回覆 pre-auth.not-found',

  'customer-event.capture-sent': '已發送扣款請求',
  'customer-event.captured': '已扣款，訂單 {order}',
  'customer-event.void-sent': '已發送取消預授權請求',
  'customer-event.voided': '已取消預授權',
  'customer-event.capture-outcome-unknown': '扣款結果未明（{code}）；正在核實預授權',
  'customer-event.void-outcome-unknown': '取消預授權結果未明（{code}）；正在核實預授權',
  'customer-event.capture-refused': '扣款被拒絕：{code}',
  'customer-event.void-refused': '取消預授權被拒絕：{code}',
  'customer-event.capture-not-sent': '扣款請求未到達支付商；預授權仍然有效',
  'customer-event.void-not-sent': '取消預授權請求未到達支付商；預授權仍然有效',
  'customer-event.capture-rejected': '扣款被拒絕（{reason}）；未有扣款；正在向支付商核實預授權',
  'customer-event.capture-rejected-disagrees':
    '支付商的預授權記錄顯示 {status}，但其扣款回覆為 REJECTED；以即時回覆為準，請向支付商核實',

  'customer-event.hint-hold-already': '訂單通知 {status}（僅供參考，並非結果）：預授權已是 {held}；無需查詢',
  'customer-event.hint-hold-settled': '訂單通知 {status}（僅供參考，並非結果）：預授權已完成；無需查詢',
  'customer-event.hint-hold-lookup-failed':
    '訂單通知 {status}（僅供參考，並非結果）：查詢預授權失敗（{code}）；開啟該顧客時會再次查詢',
  'customer-event.hint-hold-status': '訂單通知 {status}（僅供參考，並非結果）：支付商表示預授權為 {held}',
  'customer-event.hint-hold-status-unknown': '訂單通知 {status}（僅供參考，並非結果）：支付商表示預授權狀態不明',
  'customer-event.hint-charge-resolving': '訂單通知 {status}（僅供參考，並非結果）：正在查明收款結果',
  'customer-event.hint-charge-stands': '訂單通知 {status}（僅供參考，並非結果）：收款結果以其回覆為準（{answer}）',
  'customer-event.hint-charge-stands-none': '訂單通知 {status}（僅供參考，並非結果）：收款結果以其回覆為準（沒有回覆）',
  'customer-event.rejected-capture-duplicate': '已略過被拒絕扣款的重複訂單通知（訂單 {order}，{status}）',
  'customer-event.rejected-capture-success':
    '被拒絕（REJECTED）的扣款收到 SUCCESS 訂單通知（訂單 {order}）；以即時回覆為準，請向支付商核實',
  'customer-event.rejected-capture-other':
    '被拒絕（REJECTED）的扣款收到 {status} 訂單通知（訂單 {order}）：如回覆所示，未有扣款',
};
