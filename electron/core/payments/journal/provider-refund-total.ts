import { PosError } from '../../../../shared/errors.ts';
import { requireAttempt } from './attempts.ts';
import type { JournalContext } from './context.ts';
import type { AttemptRow } from './rows.ts';

// The provider's running refund total (`refundAmount`) as status lookups report it. It includes refunds made
// outside this till (the merchant portal, another till), which the refund rows never see; views and the day
// summary derive "refunded elsewhere" from it.

export interface ProviderRefundTotalOutcome {
  readonly row: AttemptRow;
  /** The stored total grew. */
  readonly changed: boolean;
}

/**
 * Takes in the total a lookup reported. It only ever grows (a lookup answered before another may report
 * less), and never beyond the order amount (the schema refuses that). Not taken in while one of our refunds
 * is being sent or checked: the total may or may not hold it yet, and a refund of ours must never be counted
 * as one made elsewhere. Its landing raises the total itself (refunds.ts), and the next lookup brings the rest.
 */
export function recordProviderRefundTotal(
  ctx: JournalContext,
  referenceId: string,
  reportedMinor: number,
): ProviderRefundTotalOutcome {
  if (!Number.isSafeInteger(reportedMinor) || reportedMinor < 0) {
    throw new PosError('internal', {
      cause: new Error(`The provider reported an unreadable refund total (${String(reportedMinor)}).`),
    });
  }
  return ctx.atomically(() => {
    const current = requireAttempt(ctx, referenceId);
    const next = Math.min(current.amountMinor, reportedMinor);
    if (next <= (current.providerRefundedMinor ?? 0)) return { row: current, changed: false };
    const inFlight = ctx
      .sql("SELECT 1 AS found FROM refunds WHERE reference_id = ? AND state IN ('sending', 'checking') LIMIT 1")
      .get(referenceId);
    if (inFlight) return { row: current, changed: false };
    const now = ctx.now();
    const result = ctx
      .sql(
        'UPDATE payment_attempts SET provider_refunded_minor = ?, updated_at = ?, version = version + 1 WHERE reference_id = ? AND version = ?',
      )
      .run(next, now, referenceId, current.version);
    if (Number(result.changes) !== 1)
      throw new PosError('journal.conflict', { retryable: true, details: { referenceId } });
    return {
      row: { ...current, providerRefundedMinor: next, updatedAt: now, version: current.version + 1 },
      changed: true,
    };
  });
}
