import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { money } from '../../../shared/money.ts';
import { isOutcomeUnknown, isRetryableCode } from '../http/failures.ts';
import type { PaymentResult, PreAuthRecord, TokenizedClient } from '../tokenized/client.ts';
import type { CustomerAttemptPatch, CustomerAttemptRow } from './rows.ts';
import { orderWebhookUrl, reasonOf, updateAttempt, type CustomerRuntime } from './runtime.ts';
import { markRelinkNeeded } from './tokens.ts';
import { checkingReason } from './unresolved-reason.ts';

// Sending the create of a charge or hold (first send, or re-send under the same key and merchantRef) and
// recording the provider's answer; also how a pre-auth the provider describes is written to its row.

/**
 * Sends (or re-sends, same key and merchantRef) the create of a hold or a charge and records the answer.
 * An unknown outcome leaves the row `checking` and schedules its resolution; a refusal marks it not-sent.
 */
export async function sendCreate(
  rt: CustomerRuntime,
  row: CustomerAttemptRow,
  client: TokenizedClient,
  token: string,
  how: { foreground: boolean },
): Promise<CustomerAttemptRow> {
  const scope = { merchantUserId: row.merchantUserId, merchantRef: row.merchantRef };
  const amount = money(row.amountMinor, row.currency);
  const input = { paymentToken: token, merchantUserId: row.merchantUserId, amount, merchantRef: row.merchantRef };
  // A re-send holds one slot of the status budget (resolver.ts): one try, the resolver's backoff is its retry.
  const keyed = { idempotencyKey: row.idempotencyKey, ...(how.foreground ? {} : { retry: { maxAttempts: 1 } }) };
  try {
    if (row.kind === 'charge') {
      const result = await rt.audit.run(scope, () =>
        client.charge({ ...input, useCashback: row.useCashback, callbackUrl: orderWebhookUrl(rt) ?? undefined }, keyed),
      );
      return applyCharge(rt, row, result);
    }
    const record = await rt.audit.run(scope, () => client.createPreAuth(input, keyed));
    return applyPreAuth(rt, row, record);
  } catch (error) {
    if (isOutcomeUnknown(error) || !(error instanceof PosError)) {
      const updated = updateAttempt(
        rt,
        row,
        { state: 'checking', unresolvedReason: checkingReason(error) },
        notice('customer-event.outcome-unknown', { code: reasonOf(error) }),
      );
      rt.resolveLater(row.merchantRef, how.foreground);
      return updated;
    }
    if (!how.foreground) {
      // A re-send exists only because an EARLIER send (or a crash mid-send) may have acted. Its refusal — or
      // a failure before it even left (login, clock) — proves this re-send was not processed, not that the
      // first one wasn't: marking it not-sent would invite the cashier to charge again. It stays unknown.
      if (error.code === 'payment-token.invalid') markRelinkNeeded(rt, row.merchantUserId);
      const transient =
        isRetryableCode(error.code) ||
        error.code.startsWith('auth.') ||
        error.code === 'provider.bad-response' ||
        error.code === 'settings.invalid';
      const reason = transient
        ? checkingReason(error)
        : notice('stopped.resend-refused', { error: error.toNoticeParam() });
      return updateAttempt(
        rt,
        row,
        { state: 'checking', unresolvedReason: reason },
        notice('customer-event.resend-refused', { code: error.code }),
      );
    }
    updateAttempt(
      rt,
      row,
      { state: 'not-sent', failureReason: error.code, unresolvedReason: null },
      notice('customer-event.refused', { code: error.code }),
    );
    if (error.code === 'payment-token.invalid') markRelinkNeeded(rt, row.merchantUserId);
    if (how.foreground) throw error;
    return rt.journal.getAttempt(row.merchantRef)!;
  }
}

function applyCharge(rt: CustomerRuntime, row: CustomerAttemptRow, result: PaymentResult): CustomerAttemptRow {
  return updateAttempt(
    rt,
    row,
    {
      state: 'final',
      providerId: result.uuid,
      providerStatus: result.status,
      failureReason: result.failureReason,
      orderUuid: result.orderUuid,
      unresolvedReason: null,
    },
    result.status === 'APPROVED'
      ? notice('customer-event.charge-approved', { order: String(result.orderUuid) })
      : result.failureReason
        ? notice('customer-event.charge-rejected', { reason: result.failureReason })
        : notice('customer-event.charge-rejected-no-reason'),
  );
}

const ORDER_OUTCOMES = new Set(['SUCCESS', 'FAILED', 'ERROR']);

export function applyPreAuth(rt: CustomerRuntime, row: CustomerAttemptRow, record: PreAuthRecord): CustomerAttemptRow {
  const patch: CustomerAttemptPatch = {
    providerId: record.id,
    providerStatus: record.status,
    failureReason: record.failureReason,
    orderUuid: record.orderUuid,
    unresolvedReason: null,
    opKey: null,
    state: record.status === 'PENDING' || record.status === 'AUTHORIZED' ? 'open' : 'final',
    // The order outcome as the provider's own record gives it (never an order webhook's word).
    ...(record.orderUuid !== null && ORDER_OUTCOMES.has(record.orderStatus ?? '')
      ? { orderOutcome: record.orderStatus }
      : {}),
    ...(record.status === 'AUTHORIZED' && row.authorizedAt === null ? { authorizedAt: rt.options.now() } : {}),
  };
  const changed = row.providerStatus !== record.status || row.state !== patch.state;
  const updated = updateAttempt(
    rt,
    row,
    patch,
    !changed
      ? null
      : record.failureReason
        ? notice('customer-event.hold-status-reason', { status: record.status, reason: record.failureReason })
        : notice('customer-event.hold-status', { status: record.status }),
  );
  if (record.status === 'PENDING') rt.resolveLater(row.merchantRef);
  return updated;
}
