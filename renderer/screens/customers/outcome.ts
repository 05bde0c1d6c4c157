import type { CustomerChargeView } from '../../../shared/customers.ts';
import type { HoldView } from '../../../shared/customer-holds.ts';
import type { Locale } from '../../../shared/settings.ts';
import { money } from '../../components/format.ts';
import { failureText, type Translate } from '../../i18n/i18n.tsx';

// What the cashier reads after a charge or a hold: the result in words, and how it looks (success,
// failure, or still being found out). A REJECTED charge is an answer, not an error: it says why.

export interface Outcome {
  readonly text: string;
  readonly tone: 'success' | 'failure' | 'pending';
}

export function chargeOutcome(charge: CustomerChargeView, t: Translate, locale: Locale): Outcome {
  const amount = money(charge.amount, locale);
  switch (charge.displayStatus) {
    case 'approved':
      return { text: t('customers.charge.approved', { amount }), tone: 'success' };
    case 'rejected':
      return {
        text: t('customers.charge.rejected', { amount, reason: failureText(charge.failureReason ?? 'REJECTED', t) }),
        tone: 'failure',
      };
    case 'not-sent':
      return { text: t('customers.charge.notSent'), tone: 'failure' };
    default:
      return { text: t('customers.charge.checking', { amount }), tone: 'pending' };
  }
}

export function holdOutcome(hold: HoldView, t: Translate, locale: Locale): Outcome {
  const amount = money(hold.amount, locale);
  switch (hold.displayStatus) {
    case 'authorized':
      return { text: t('customers.hold.placed', { amount }), tone: 'success' };
    case 'declined':
    case 'not-placed':
      return {
        text: t('customers.hold.declined', {
          amount,
          reason: failureText(hold.failureReason ?? hold.displayStatus, t),
        }),
        tone: 'failure',
      };
    case 'captured':
      return { text: t('customers.hold.captured', { amount }), tone: 'success' };
    case 'capture-failed':
      return {
        text: t('customers.hold.captureRejected', {
          amount,
          reason: failureText(hold.captureFailureReason ?? 'REJECTED', t),
        }),
        tone: 'failure',
      };
    case 'voided':
      return { text: t('customers.hold.voided', { amount }), tone: 'success' };
    default:
      return { text: t('customers.hold.pending', { amount }), tone: 'pending' };
  }
}
