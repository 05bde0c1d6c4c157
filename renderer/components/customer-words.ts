import type { DisplayStatus } from '../../shared/payments.ts';
import type { MessageKey } from '../i18n/i18n.tsx';

/**
 * A payment's status in the customer's words: they are the one scanning, confirming, paying. Shared by the
 * customer display and the kiosk, the two screens a customer reads.
 */
export const CUSTOMER_WORDS: Readonly<Record<DisplayStatus, MessageKey>> = {
  sending: 'customer.oneMoment',
  checking: 'customer.checking',
  waiting: 'customer.waiting',
  scanned: 'customer.scanned',
  confirming: 'customer.confirming',
  paid: 'customer.paid',
  failed: 'customer.notCompleted',
  'not-sent': 'customer.notCompleted',
  expired: 'customer.expired',
  cancelled: 'customer.cancelled',
  refunded: 'display.refunded',
};
