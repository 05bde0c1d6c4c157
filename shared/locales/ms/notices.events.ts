import type { EventNoticeKey } from '../../notices.ts';

// 繁體中文（香港）: the payment journal's events, as the payment detail screen lists them. Same keys as
// ../en/notices.events.ts. {status} is the provider's order status as it came (CAPTURED…).

export const EVENT_NOTICES_MS: Readonly<Record<EventNoticeKey, string>> = {
  'event.create-sent': '已發送建立訂單請求',
  'event.scan-sent': '已發送掃碼付款請求',
  'event.refund-sent': '已發送退款 {refundId}',
  'event.cancel-sent': '已發送取消 {cancelId}',
  'event.http-attempt': '{operation} 第 {attempt} 次嘗試：{outcome}，用時 {durationMs} 毫秒',

  'event.order-created': '支付商已建立訂單',
  'event.order-placed': '支付商已接收訂單',
  'event.provider-said-exists': '支付商回覆此參考編號已存在（409）：訂單已在支付商',
  'event.refund-confirmed': '支付商已確認退款 {refundId}',
  'event.refund-refused': '退款 {refundId} 被拒絕：{reason}',
  'event.refund-outcome-unknown': '退款 {refundId} 結果未明：{reason}',
  'event.cancel-accepted': '支付商已接受取消 {cancelId}',
  'event.cancel-refused': '取消 {cancelId} 被拒絕：{reason}',
  'event.cancel-outcome-unknown': '取消 {cancelId} 結果未明：{reason}',
  'event.refused': '被拒絕：{reason}',

  'event.status': '狀態 {status}（{trigger}）',
  'event.status-later': '狀態 {status}（於其後查詢時發現）',
  'event.found-at-provider': '在支付商找到：{status}',
  'event.qr-not-fetched': '未能再次取得此訂單的二維碼',
  'event.never-sent': '過了確認時間支付商仍沒有此付款：付款從未送出',
  'event.not-found-still-checking': '支付商找不到此未完成的訂單；繼續查詢',
  'event.provider-disagrees': '支付商現時表示 {status}，記錄保留 {kept}',
  'event.expired-cancel-recorded': '過了有效時間仍未完成：收銀機已記錄取消 {cancelId}',
  'event.cancel-cancelled': '取消 {cancelId}：已取消',
  'event.cancel-not-cancellable': '取消 {cancelId}：已無法取消',
  'event.cancel-failed': '取消 {cancelId}：失敗',
  'event.refund-in-total': '在支付商的退款總額中找到退款 {refundId}',
  'event.refund-resending': '支付商的退款總額沒有退款 {refundId}：正在重新發送',
  'event.refunded-ours': '已全數退款：本收銀機的退款合共等於訂單金額',
  'event.refunded-with-elsewhere': '已全數退款：本收銀機及其他地方的退款合共等於訂單金額',
  'event.provider-refund-total': '支付商的退款總額為 {total}',
  'event.provider-refund-total-elsewhere': '支付商的退款總額為 {total}（其中 {elsewhere} 於本收銀機以外退款）',
  'event.looked-up': '於另一部終端機收款：按參考編號向支付商查詢，並在此記錄以便退款',

  'event.resumed': '應用程式啟動後繼續處理',
  'event.worker-failed': '背景處理出錯：{message}',
};
