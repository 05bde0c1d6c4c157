import { defaultMessage, type PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import { providerWordsOf } from '../../../shared/provider-words.ts';

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

/**
 * A refusal as the journal keeps it: the reason in our words (errorReason), followed by the provider's own
 * sentence as it came when the refusal carried one ("Terminal Access Denied. …"): the words support and the
 * provider's documents go by, kept on the row for whoever reads it later.
 */
export function refusalReason(error: PosError): Notice {
  const reason = errorReason(error);
  const providerText = providerWordsOf(error);
  return providerText === null ? reason : notice('payments.provider-said', { reason, providerText });
}
