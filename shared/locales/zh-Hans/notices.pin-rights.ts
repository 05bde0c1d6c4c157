import type { PIN_RIGHTS_NOTICES_EN } from '../en/notices.pin-rights.ts';

export const PIN_RIGHTS_NOTICES_ZH_HANS: Readonly<Record<keyof typeof PIN_RIGHTS_NOTICES_EN, string>> = {
  'settings.pin-digits-approver': '管理员或主管密码需要 6 至 12 位数字。',
  'staff.pin-digits-approver': '管理员或主管的密码需要 6 至 8 位数字。',
};
