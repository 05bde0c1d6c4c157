import type { NoticeKey } from '../../notices.ts';
import { CUSTOMER_EVENT_NOTICES_MS } from './notices.customer-events.ts';
import { CUSTOMER_NOTICES_MS } from './notices.customers.ts';
import { EVENT_NOTICES_MS } from './notices.events.ts';
import { PAYMENT_NOTICES_MS } from './notices.payments.ts';
import { PROVIDER_NOTICES_MS } from './notices.provider.ts';
import { STAFF_NOTICES_MS } from './notices.staff.ts';
import { FLEET_NOTICES_MS } from './fleet.ts';
import { SHIFT_NOTICES_MS } from './notices.shifts.ts';
import { PIN_RIGHTS_NOTICES_MS } from './notices.pin-rights.ts';

export const NOTICES_MS: Readonly<Record<NoticeKey, string>> = {
  ...PAYMENT_NOTICES_MS,
  ...CUSTOMER_NOTICES_MS,
  ...PROVIDER_NOTICES_MS,
  ...EVENT_NOTICES_MS,
  ...CUSTOMER_EVENT_NOTICES_MS,
  ...STAFF_NOTICES_MS,
  ...FLEET_NOTICES_MS,
  ...SHIFT_NOTICES_MS,
  ...PIN_RIGHTS_NOTICES_MS,
};
