import type { NoticeKey } from '../../notices.ts';
import { CUSTOMER_EVENT_NOTICES_ZH_HK } from './notices.customer-events.ts';
import { CUSTOMER_NOTICES_ZH_HK } from './notices.customers.ts';
import { EVENT_NOTICES_ZH_HK } from './notices.events.ts';
import { PAYMENT_NOTICES_ZH_HK } from './notices.payments.ts';
import { PROVIDER_NOTICES_ZH_HK } from './notices.provider.ts';
import { STAFF_NOTICES_ZH_HK } from './notices.staff.ts';
import { FLEET_NOTICES_ZH_HK } from './fleet.ts';
import { SHIFT_NOTICES_ZH_HK } from './notices.shifts.ts';
import { PIN_RIGHTS_NOTICES_ZH_HK } from './notices.pin-rights.ts';

export const NOTICES_ZH_HK: Readonly<Record<NoticeKey, string>> = {
  ...PAYMENT_NOTICES_ZH_HK,
  ...CUSTOMER_NOTICES_ZH_HK,
  ...PROVIDER_NOTICES_ZH_HK,
  ...EVENT_NOTICES_ZH_HK,
  ...CUSTOMER_EVENT_NOTICES_ZH_HK,
  ...STAFF_NOTICES_ZH_HK,
  ...FLEET_NOTICES_ZH_HK,
  ...SHIFT_NOTICES_ZH_HK,
  ...PIN_RIGHTS_NOTICES_ZH_HK,
};
