import type { SHIFT_NOTICES_EN } from '../en/notices.shifts.ts';

// Shifts: same keys as ../en/notices.shifts.ts.

export const SHIFT_NOTICES_ZH_HK: Readonly<Record<keyof typeof SHIFT_NOTICES_EN, string>> = {
  'shift.already-open': '第 {number} 更仍然開啟中。請先結束它，再開新更次。',
  'shift.payments-open':
    '仍有 {count} 筆付款未完成或正在核對：{references}。請先處理，或由主管強制結更（會列在 Z 報表上）。',
};
