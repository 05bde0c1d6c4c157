import { defaultMessage, type PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';

/**
 * An error from the provider's client as a reason the journal keeps and the screens render: the error's own
 * notice when it has one, else its code's text in the cashier's language. A client that still writes its
 * specifics only as English (instore/, until it sends notices) keeps them: they say what happened, and
 * losing them would leave the cashier less than before.
 */
export function errorReason(error: PosError): Notice {
  if (error.notice) return error.notice;
  if (error.message === defaultMessage(error.code)) return notice('payments.error', { error: error.toNoticeParam() });
  return notice('payments.reason-recorded', { text: error.message });
}
