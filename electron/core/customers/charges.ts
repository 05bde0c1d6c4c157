import { randomUUID } from 'node:crypto';
import type { CustomerChargeView } from '../../../shared/customers.ts';
import type { HoldView } from '../../../shared/customer-holds.ts';
import { PosError } from '../../../shared/errors.ts';
import { type CurrencyCode, type Money } from '../../../shared/money.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { localDayOf } from '../sqlite/local-time.ts';
import { checkAmount, checkCurrency } from '../payments/charge-input.ts';
import { newMerchantRef } from './merchant-ref.ts';
import { exclusive, publish, requireCustomer, type CustomerRuntime } from './runtime.ts';
import { sendCreate } from './sends.ts';
import { tokenOf, withTokenCheck } from './tokens.ts';
import { toChargeView, toHoldView } from './views.ts';

// The cashier's new charges and holds: checked (amount, currency, nothing of this customer's still unknown or
// pending), written ahead with a fresh merchantRef and idempotency key, then sent once (sends.ts). Also the
// cashback balance the cashier sees before charging.

export async function cashback(rt: CustomerRuntime, merchantUserId: string): Promise<Money> {
  const customer = requireCustomer(rt, merchantUserId);
  const { client } = await rt.access.connection();
  const token = await tokenOf(rt, customer);
  return withTokenCheck(rt, merchantUserId, () =>
    rt.audit.run({ merchantUserId, merchantRef: null }, () => client.cashbackBalance(token)),
  );
}

/** Who a new charge or hold is recorded as: already allowed (staff-rights.ts) and approved (approvals.ts). */
export interface TakenBy {
  readonly takenBy: StaffRef | null;
  /** A charge's approver by their own PIN; null when the customer approved (a hold is approved at capture). */
  readonly approvedBy: StaffRef | null;
}

export async function charge(
  rt: CustomerRuntime,
  merchantUserId: string,
  amount: Money,
  useCashback: boolean,
  people: TakenBy,
): Promise<CustomerChargeView> {
  const row = await recordAndSend(
    rt,
    'charge',
    merchantUserId,
    amount,
    useCashback,
    notice(useCashback ? 'customer-event.charge-sent' : 'customer-event.charge-sent-no-cashback', { amount }),
    people,
  );
  publish(rt, merchantUserId);
  return toChargeView(row);
}

export async function placeHold(
  rt: CustomerRuntime,
  merchantUserId: string,
  amount: Money,
  takenBy: StaffRef | null,
): Promise<HoldView> {
  // Cashback is chosen at capture time for a hold; the attempt keeps the default until then.
  const row = await recordAndSend(
    rt,
    'hold',
    merchantUserId,
    amount,
    true,
    notice('customer-event.hold-sent', { amount }),
    { takenBy, approvedBy: null },
  );
  publish(rt, merchantUserId);
  return toHoldView(row, rt.options.assumedHoldTtlMs);
}

/** A new charge or hold: write-ahead record with a fresh merchantRef and key, then the first send. */
async function recordAndSend(
  rt: CustomerRuntime,
  kind: 'charge' | 'hold',
  merchantUserId: string,
  amount: Money,
  useCashback: boolean,
  event: Notice,
  people: TakenBy,
) {
  return exclusive(rt, merchantUserId, async () => {
    const customer = requireCustomer(rt, merchantUserId);
    refuseWhileOutcomeUnknown(rt, merchantUserId);
    if (kind === 'hold') refuseWhileHoldPending(rt, merchantUserId);
    const connection = await rt.access.connection();
    checkChargeAmount(rt, amount, connection.currency);
    const token = await tokenOf(rt, customer, connection);
    const localDay = localDayOf(rt.options.now(), rt.options.timeZone);
    const recorded = rt.journal.recordAttempt({
      merchantRef: newMerchantRef(kind, rt.context.settings.current().terminalReference, localDay),
      kind,
      merchantUserId,
      merchantId: connection.merchantId,
      amountMinor: amount.amountMinor,
      currency: amount.currency,
      useCashback,
      idempotencyKey: randomUUID(),
      localDay,
      takenBy: people.takenBy,
      approvedBy: people.approvedBy,
    });
    rt.journal.appendEvent({ merchantUserId, merchantRef: recorded.merchantRef, kind: 'request', notice: event });
    return sendCreate(rt, recorded, connection.client, token, { foreground: true });
  });
}

/**
 * A charge or hold whose answer was lost may have gone through. A second one now, under a new key, could
 * take the money twice: the cashier waits for the first to be settled (the service is resolving it).
 */
function refuseWhileOutcomeUnknown(rt: CustomerRuntime, merchantUserId: string): void {
  const unknown = rt.journal.unknownOutcomesOf(merchantUserId)[0];
  if (!unknown) return;
  throw new PosError('customer.outcome-unknown', {
    retryable: true,
    details: { merchantRef: unknown.merchantRef, amountMinor: unknown.amountMinor, currency: unknown.currency },
  });
}

/**
 * A hold the provider answered PENDING is still being approved and will very likely be placed. Another one
 * now would hold the amount twice (the cashier, seeing no "Authorised", taps again): wait for its answer.
 */
function refuseWhileHoldPending(rt: CustomerRuntime, merchantUserId: string): void {
  const pending = rt.journal.pendingHoldsOf(merchantUserId)[0];
  if (!pending) return;
  throw new PosError('customer.hold-pending', {
    retryable: true,
    details: { merchantRef: pending.merchantRef, amountMinor: pending.amountMinor, currency: pending.currency },
  });
}

/** The same limits as an in-store payment, said the same way (payments/charge-input.ts). */
function checkChargeAmount(rt: CustomerRuntime, amount: Money, channelCurrency: CurrencyCode): void {
  checkCurrency(amount.currency, channelCurrency);
  checkAmount(amount.amountMinor, amount.currency, rt.context.settings.current().amountLimits);
}
