import { isStoppedReason } from '../../../shared/customers.ts';
import { ERROR_CODES, PosError, type ErrorCode } from '../../../shared/errors.ts';
import { notice, noticeInEnglish, type Notice } from '../../../shared/notices.ts';
import { noticeColumn, readNotice } from '../sqlite/reason-columns.ts';

// Why a linked-customer charge or hold is not settled, as its journal keeps it (like the payment journal's
// reasons, ../sqlite/reason-columns.ts): the notice (unresolved_notice, JSON, schema 4) that the screens render
// in the cashier's language, and the English (unresolved_reason) for a person reading the file. Once the till
// stopped checking by itself, the English starts with STOPPED_PREFIX: that is how the journal's queries tell a
// stopped row from one still being resolved (journal-queries.ts), in files of every schema.

export const STOPPED_PREFIX = 'stopped: ';

/** What the till ran into while it keeps checking: the error, rendered as its notice, else its code's text. */
export function checkingReason(error: unknown): Notice {
  return notice('payments.error', { error: error instanceof PosError ? error.toNoticeParam() : { code: 'internal' } });
}

/** The two columns a reason is written to. */
export function unresolvedColumns(reason: Notice | null): {
  readonly english: string | null;
  readonly json: string | null;
} {
  if (reason === null) return { english: null, json: null };
  const english = noticeInEnglish(reason);
  return { english: isStoppedReason(reason) ? `${STOPPED_PREFIX}${english}` : english, json: noticeColumn(reason) };
}

/**
 * The reason a row holds. A row written before schema 4 has only its English: an error code while checking
 * (said in the cashier's words), or "stopped: …" with the till's English why (still shown as stopped, as
 * written).
 */
export function readUnresolvedReason(json: string | null, english: string | null): Notice | null {
  const parsed = readNotice(json, null);
  if (parsed || english === null) return parsed;
  if (english.startsWith(STOPPED_PREFIX))
    return notice('stopped.recorded', { text: english.slice(STOPPED_PREFIX.length) });
  if ((ERROR_CODES as readonly string[]).includes(english))
    return notice('payments.error', { error: { code: english as ErrorCode } });
  return notice('payments.reason-recorded', { text: english });
}
