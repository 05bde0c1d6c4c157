import type { EventNoticeKey } from '../../notices.ts';

// 简体中文（新加坡）: the payment journal's events, as the payment detail screen lists them. Same keys as
// ../en/notices.events.ts. {status} is the provider's order status as it came (CAPTURED…).

export const EVENT_NOTICES_ZH_HANS: Readonly<Record<EventNoticeKey, string>> = {
  'event.create-sent': '已发送创建订单请求',
  'event.scan-sent': '已发送扫码付款请求',
  'event.refund-sent': '已发送退款 {refundId}',
  'event.cancel-sent': '已发送取消 {cancelId}',
  'event.http-attempt': '{operation} 第 {attempt} 次尝试：{outcome}，用时 {durationMs} 毫秒',

  'event.order-created': '支付商已创建订单',
  'event.order-placed': '支付商已接收订单',
  'event.provider-said-exists': '支付商回复此参考编号已存在（409）：订单已在支付商',
  'event.refund-confirmed': '支付商已确认退款 {refundId}',
  'event.refund-refused': '退款 {refundId} 被拒绝：{reason}',
  'event.refund-outcome-unknown': '退款 {refundId} 结果未明：{reason}',
  'event.cancel-accepted': '支付商已接受取消 {cancelId}',
  'event.cancel-refused': '取消 {cancelId} 被拒绝：{reason}',
  'event.cancel-outcome-unknown': '取消 {cancelId} 结果未明：{reason}',
  'event.refused': '被拒绝：{reason}',

  'event.status': '状态 {status}（{trigger}）',
  'event.status-later': '状态 {status}（于其后查询时发现）',
  'event.found-at-provider': '在支付商找到：{status}',
  'event.qr-not-fetched': '未能再次获取此订单的二维码',
  'event.never-sent': '过了确认时间支付商仍没有此付款：付款从未送出',
  'event.not-found-still-checking': '支付商找不到此未完成的订单；继续查询',
  'event.provider-disagrees': '支付商目前表示 {status}，记录保留 {kept}',
  'event.expired-cancel-recorded': '过了有效时间仍未完成：收银机已记录取消 {cancelId}',
  'event.cancel-cancelled': '取消 {cancelId}：已取消',
  'event.cancel-not-cancellable': '取消 {cancelId}：已无法取消',
  'event.cancel-failed': '取消 {cancelId}：失败',
  'event.refund-in-total': '在支付商的退款总额中找到退款 {refundId}',
  'event.refund-resending': '支付商的退款总额没有退款 {refundId}：正在重新发送',
  'event.refunded-ours': '已全数退款：本收银机的退款合计等于订单金额',
  'event.refunded-with-elsewhere': '已全数退款：本收银机及其他地方的退款合计等于订单金额',
  'event.provider-refund-total': '支付商的退款总额为 {total}',
  'event.provider-refund-total-elsewhere': '支付商的退款总额为 {total}（其中 {elsewhere} 在本收银机以外退款）',
  'event.looked-up': '在另一台终端机收款：按参考编号向支付商查询，并在此记录以便退款',

  'event.resumed': '应用程序启动后继续处理',
  'event.worker-failed': '后台处理出错：{message}',
};
