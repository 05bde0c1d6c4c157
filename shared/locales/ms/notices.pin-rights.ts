import type { PIN_RIGHTS_NOTICES_EN } from '../en/notices.pin-rights.ts';

export const PIN_RIGHTS_NOTICES_MS: Readonly<Record<keyof typeof PIN_RIGHTS_NOTICES_EN, string>> = {
  'settings.pin-digits-approver': 'PIN pentadbir atau penyelia memerlukan 6 hingga 12 digit.',
  'staff.pin-digits-approver': 'Pentadbir atau penyelia memerlukan PIN 6 hingga 8 digit.',
};
