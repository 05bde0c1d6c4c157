import type { StaffNoticeKey } from '../../notices.ts';

// 收银员、主管及管理员相关的提示（electron/core/staff/），新加坡简体中文。

export const STAFF_NOTICES_ZH_HANS: Readonly<Record<StaffNoticeKey, string>> = {
  'staff.role.cashier': '收银员',
  'staff.role.supervisor': '主管',
  'staff.role.admin': '管理员',
  'staff.right.sell': '收款',
  'staff.right.scan': '扫描顾客付款码',
  'staff.right.cancel-own': '取消自己未完成的交易',
  'staff.right.reprint': '重印收据',
  'staff.right.payments-today': '查看今天的付款',
  'staff.right.refund': '退款',
  'staff.right.cancel-any': '取消任何交易',
  'staff.right.approve-refund': '批准收银员退款',
  'staff.right.x-report': '查看 X 报表',
  'staff.right.close-shift': '结束班次',
  'staff.right.payments-any-day': '查看任何一天的付款',
  'staff.right.drawer': '打开钱箱',
  'staff.right.settings': '更改设置',
  'staff.right.staff': '管理员工',
  'staff.right.register-keys': '管理收银系统密钥',
  'staff.right.go-live': '切换到正式环境',
  'auth.not-allowed-right': '{role}不能进行此操作（“{right}”）。请找主管协助。',
  'auth.approver-not-allowed': '此密码的持有人无权批准退款。请由主管或管理员输入自己的密码。',
  'auth.refund-confirm-pin': '请输入你自己的密码确认退款。',
  'auth.refund-needs-approval': '收银员退款须由主管输入密码批准。',
  'auth.refund-needs-approval-over': '收银员退款超过 {limit} 须由主管输入密码批准。',
  'auth.refund-needs-approval-payment-over':
    '此笔付款已退 {refunded}：收银员对同一笔付款的退款合计超过 {limit} 须由主管输入密码批准。',
  'auth.refund-needs-approval-shift-cap': '本班次您已无需批准退款 {refunded}：每班次超过 {cap} 须由主管输入密码批准。',
  'auth.badge-unknown': '此收银机不认识这张员工卡，或其持有人已停用。',
  'staff.built-in-role': '内置的管理员和主管不能更改角色。如需其他角色，请新增一位员工。',
  'staff.built-in-active': '内置的管理员和主管始终启用。如要移除，请在“设置 → 密码”删除其密码。',
  'staff.pin-required': '新员工需要一个 4 至 8 位数字的密码。',
  'staff.pin-taken': '已有其他员工使用此密码。请另选一个。',
  'staff.badge-taken': '已有其他员工使用这张员工卡。',
};
