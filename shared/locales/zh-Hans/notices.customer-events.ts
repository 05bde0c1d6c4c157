import type { CustomerEventNoticeKey } from '../../notices.ts';

// 简体中文（新加坡）: the linked-customer journal's events. Same keys as ../en/notices.customer-events.ts.
// {status} is the provider's own status word as it came; {code} our error code.

export const CUSTOMER_EVENT_NOTICES_ZH_HANS: Readonly<Record<CustomerEventNoticeKey, string>> = {
  'customer-event.link-opened': '已开启绑定会话 {session}',
  'customer-event.link-refused': '绑定会话 {session} 被拒绝：同意页面不符预期（{reason}）',
  'customer-event.linked': '已绑定（会话 {session}）',
  'customer-event.unlinked': '已解除绑定',
  'customer-event.token-refused': '支付商拒绝了付款凭证：请重新绑定',

  'customer-event.charge-sent': '收款 {amount}（使用现金回扣）',
  'customer-event.charge-sent-no-cashback': '收款 {amount}（不使用现金回扣）',
  'customer-event.hold-sent': '预授权 {amount}',
  'customer-event.outcome-unknown': '结果未明（{code}）；正在核实',
  'customer-event.resend-refused': '重新发送被拒绝（{code}）；首次发送的结果仍未明',
  'customer-event.refused': '被拒绝：{code}',
  'customer-event.charge-approved': '收款已批准，订单 {order}',
  'customer-event.charge-rejected': '收款被拒绝（{reason}）',
  'customer-event.charge-rejected-no-reason': '收款被拒绝（没有提供原因）',
  'customer-event.hold-status': '预授权 {status}',
  'customer-event.hold-status-reason': '预授权 {status}（{reason}）',

  'customer-event.resent': '以相同的幂等键及 merchantRef 重新发送，以得知结果',
  'customer-event.stopped-too-late': '停止核实：距首次发送已超过 {minutes} 分钟；不再重新发送',
  'customer-event.stopped-no-token': '停止核实：没有可用的付款凭证',
  'customer-event.stopped-hold-unknown': '停止核实：支付商一直回复 pre-auth.not-found',

  'customer-event.capture-sent': '已发送扣款请求',
  'customer-event.captured': '已扣款，订单 {order}',
  'customer-event.void-sent': '已发送撤销预授权请求',
  'customer-event.voided': '已撤销预授权',
  'customer-event.capture-outcome-unknown': '扣款结果未明（{code}）；正在核实预授权',
  'customer-event.void-outcome-unknown': '撤销预授权结果未明（{code}）；正在核实预授权',
  'customer-event.capture-refused': '扣款被拒绝：{code}',
  'customer-event.void-refused': '撤销预授权被拒绝：{code}',
  'customer-event.capture-not-sent': '扣款请求未到达支付商；预授权仍然有效',
  'customer-event.void-not-sent': '撤销预授权请求未到达支付商；预授权仍然有效',
  'customer-event.capture-rejected': '扣款被拒绝（{reason}）；没有扣款；正在向支付商核实预授权',
  'customer-event.capture-rejected-disagrees':
    '支付商的预授权记录显示 {status}，但其扣款回复为 REJECTED；以即时回复为准，请向支付商核实',

  'customer-event.hint-hold-already': '订单通知 {status}（仅供参考，并非结果）：预授权已是 {held}；无需查询',
  'customer-event.hint-hold-settled': '订单通知 {status}（仅供参考，并非结果）：预授权已完成；无需查询',
  'customer-event.hint-hold-lookup-failed':
    '订单通知 {status}（仅供参考，并非结果）：查询预授权失败（{code}）；开启该顾客时会再次查询',
  'customer-event.hint-hold-status': '订单通知 {status}（仅供参考，并非结果）：支付商表示预授权为 {held}',
  'customer-event.hint-hold-status-unknown': '订单通知 {status}（仅供参考，并非结果）：支付商表示预授权状态不明',
  'customer-event.hint-charge-resolving': '订单通知 {status}（仅供参考，并非结果）：正在查明收款结果',
  'customer-event.hint-charge-stands': '订单通知 {status}（仅供参考，并非结果）：收款结果以其回复为准（{answer}）',
  'customer-event.hint-charge-stands-none': '订单通知 {status}（仅供参考，并非结果）：收款结果以其回复为准（没有回复）',
  'customer-event.rejected-capture-duplicate': '已略过被拒绝扣款的重复订单通知（订单 {order}，{status}）',
  'customer-event.rejected-capture-success':
    '被拒绝（REJECTED）的扣款收到 SUCCESS 订单通知（订单 {order}）；以即时回复为准，请向支付商核实',
  'customer-event.rejected-capture-other':
    '被拒绝（REJECTED）的扣款收到 {status} 订单通知（订单 {order}）：如回复所示，没有扣款',
};
