import type { NoticeKey } from '../../notices.ts';
import { CUSTOMER_EVENT_NOTICES_ZH_HANS } from './notices.customer-events.ts';
import { CUSTOMER_NOTICES_ZH_HANS } from './notices.customers.ts';
import { EVENT_NOTICES_ZH_HANS } from './notices.events.ts';
import { PAYMENT_NOTICES_ZH_HANS } from './notices.payments.ts';
import { PROVIDER_NOTICES_ZH_HANS } from './notices.provider.ts';
import { STAFF_NOTICES_ZH_HANS } from './notices.staff.ts';
import { FLEET_NOTICES_ZH_HANS } from './fleet.ts';
import { SHIFT_NOTICES_ZH_HANS } from './notices.shifts.ts';
import { PIN_RIGHTS_NOTICES_ZH_HANS } from './notices.pin-rights.ts';

export const NOTICES_ZH_HANS: Readonly<Record<NoticeKey, string>> = {
  ...PAYMENT_NOTICES_ZH_HANS,
  ...CUSTOMER_NOTICES_ZH_HANS,
  ...PROVIDER_NOTICES_ZH_HANS,
  ...EVENT_NOTICES_ZH_HANS,
  ...CUSTOMER_EVENT_NOTICES_ZH_HANS,
  ...STAFF_NOTICES_ZH_HANS,
  ...FLEET_NOTICES_ZH_HANS,
  ...SHIFT_NOTICES_ZH_HANS,
  ...PIN_RIGHTS_NOTICES_ZH_HANS,
};
