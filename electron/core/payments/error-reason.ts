import type { PosError } from '../../../shared/errors.ts';
import { notice, type Notice } from '../../../shared/notices.ts';

/**
 * An error from the provider's client as a reason the journal keeps and the screens render: the error's own
 * notice when it has one, else its code (never its English message, which is for the log).
 */
export function errorReason(error: PosError): Notice {
  return error.notice ?? notice('payments.error', { error: error.toNoticeParam() });
}
