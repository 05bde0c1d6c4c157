import type { StaffNoticeKey } from '../../notices.ts';

// 收銀員、主管及管理員相關的提示（electron/core/staff/），香港繁體中文。

export const STAFF_NOTICES_ZH_HK: Readonly<Record<StaffNoticeKey, string>> = {
  'staff.role.cashier': '收銀員',
  'staff.role.supervisor': '主管',
  'staff.role.admin': '管理員',
  'staff.right.sell': '收款',
  'staff.right.scan': '掃描顧客付款碼',
  'staff.right.cancel-own': '取消自己未完成的交易',
  'staff.right.reprint': '重印收據',
  'staff.right.payments-today': '查看今日付款',
  'staff.right.refund': '退款',
  'staff.right.cancel-any': '取消任何交易',
  'staff.right.approve-refund': '批准收銀員退款',
  'staff.right.x-report': '查看 X 報表',
  'staff.right.close-shift': '結束更次',
  'staff.right.payments-any-day': '查看任何一日的付款',
  'staff.right.drawer': '打開錢箱',
  'staff.right.settings': '更改設定',
  'staff.right.staff': '管理員工',
  'staff.right.register-keys': '管理收銀系統金鑰',
  'staff.right.go-live': '切換至正式環境',
  'auth.not-allowed-right': '{role}不可以進行此操作（「{right}」）。請找主管協助。',
  'auth.approver-not-allowed': '此密碼的持有人無權批准退款。請由主管或管理員輸入自己的密碼。',
  'auth.refund-confirm-pin': '請輸入你自己的密碼確認退款。',
  'auth.refund-needs-approval': '收銀員退款須由主管輸入密碼批准。',
  'auth.refund-needs-approval-over': '收銀員退款超過 {limit} 須由主管輸入密碼批准。',
  'auth.refund-needs-approval-payment-over':
    '此筆付款已退 {refunded}：收銀員對同一筆付款的退款合計超過 {limit} 須由主管輸入密碼批准。',
  'auth.refund-needs-approval-shift-cap': '本更次您已無需批准退款 {refunded}：每更超過 {cap} 須由主管輸入密碼批准。',
  'auth.badge-unknown': '此收銀機不認識這張員工證，或其持有人已停用。',
  'staff.built-in-role': '內置的管理員及主管不可更改角色。如需其他角色，請新增一位員工。',
  'staff.built-in-active': '內置的管理員及主管一直啟用。如要移除，請在「設定 → 密碼」刪除其密碼。',
  'staff.pin-required': '新員工需要一個 4 至 8 位數字的密碼。',
  'staff.pin-taken': '已有其他員工使用此密碼。請另選一個。',
  'staff.badge-taken': '已有其他員工使用這張員工證。',
};
