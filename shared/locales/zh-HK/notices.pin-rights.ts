import type { PIN_RIGHTS_NOTICES_EN } from '../en/notices.pin-rights.ts';

export const PIN_RIGHTS_NOTICES_ZH_HK: Readonly<Record<keyof typeof PIN_RIGHTS_NOTICES_EN, string>> = {
  'settings.pin-digits-approver': '管理員或主管密碼需要 6 至 12 位數字。',
  'staff.pin-digits-approver': '管理員或主管的密碼需要 6 至 8 位數字。',
};
