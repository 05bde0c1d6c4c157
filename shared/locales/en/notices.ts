import { CUSTOMER_EVENT_NOTICES_EN } from './notices.customer-events.ts';
import { CUSTOMER_NOTICES_EN } from './notices.customers.ts';
import { EVENT_NOTICES_EN } from './notices.events.ts';
import { PAYMENT_NOTICES_EN } from './notices.payments.ts';
import { PROVIDER_NOTICES_EN } from './notices.provider.ts';
import { STAFF_NOTICES_EN } from './notices.staff.ts';
import { FLEET_NOTICES_EN } from './fleet.ts';
import { SHIFT_NOTICES_EN } from './notices.shifts.ts';
import { PIN_RIGHTS_NOTICES_EN } from './notices.pin-rights.ts';

// Every notice's English template (shared/notices.ts: a key and its parameters), one file per area.

export const NOTICES_EN = {
  ...PAYMENT_NOTICES_EN,
  ...CUSTOMER_NOTICES_EN,
  ...PROVIDER_NOTICES_EN,
  ...EVENT_NOTICES_EN,
  ...CUSTOMER_EVENT_NOTICES_EN,
  ...STAFF_NOTICES_EN,
  ...FLEET_NOTICES_EN,
  ...SHIFT_NOTICES_EN,
  ...PIN_RIGHTS_NOTICES_EN,
} as const;

export { CUSTOMER_EVENT_NOTICES_EN, CUSTOMER_NOTICES_EN, EVENT_NOTICES_EN, PAYMENT_NOTICES_EN, PROVIDER_NOTICES_EN };
export { STAFF_NOTICES_EN };
