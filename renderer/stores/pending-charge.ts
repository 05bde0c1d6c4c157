import type { Money } from '../../shared/money.ts';
import type { PaymentView } from '../../shared/payments.ts';

// What the Payment screen shows from the click on Charge until the core answers (issue 37): the amount keyed, the
// status "sending" and room for the QR. Only the QR waits for the answer; the screen around it is already up, so
// the answer costs one small render instead of a whole screen's. It has no reference yet (the core draws it), so
// nothing that needs one (Cancel, lookups, the on-screen mark) runs for it.

export function provisionalView(amount: Money, note: string | null, now: Date = new Date()): PaymentView {
  const at = now.toISOString();
  return {
    referenceId: '',
    origin: 'taken-here',
    method: 'merchant-qr',
    amount,
    state: 'sending',
    providerStatus: null,
    displayStatus: 'sending',
    qrPayload: null,
    expiresAt: null,
    providerOrderId: null,
    paymentType: null,
    failureReason: null,
    failureNotice: null,
    refunded: { amountMinor: 0, currency: amount.currency },
    refundable: { amountMinor: 0, currency: amount.currency },
    canCancel: false,
    canRefund: false,
    note,
    posId: null,
    createdAt: at,
    updatedAt: at,
    unresolvedReason: null,
  };
}

/** A view the core has not answered for yet: no reference to look up, cancel or mark as shown. */
export const isProvisional = (view: PaymentView): boolean => view.referenceId === '';
