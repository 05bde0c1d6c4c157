import type { SHIFT_NOTICES_EN } from '../en/notices.shifts.ts';

// Shifts: same keys as ../en/notices.shifts.ts.

export const SHIFT_NOTICES_ZH_HANS: Readonly<Record<keyof typeof SHIFT_NOTICES_EN, string>> = {
  'shift.already-open': '第 {number} 班仍然开启中。请先结束它，再开新班次。',
  'shift.payments-open':
    '仍有 {count} 笔付款未完成或正在核对：{references}。请先处理，或由主管强制结班（会列在 Z 报表上）。',
};
