import type { SHIFT_NOTICES_EN } from '../en/notices.shifts.ts';

// Shifts: same keys as ../en/notices.shifts.ts.

export const SHIFT_NOTICES_MS: Readonly<Record<keyof typeof SHIFT_NOTICES_EN, string>> = {
  'shift.already-open': 'Syif {number} masih dibuka. Tutup syif itu dahulu sebelum membuka yang lain.',
  'shift.payments-open':
    '{count} bayaran masih terbuka atau sedang disemak: {references}. Selesaikan dahulu, atau penyelia menutup juga (disenaraikan dalam laporan Z).',
};
