import type { Money } from '../../shared/money.ts';
import type { PaymentView } from '../../shared/payments.ts';
import { useAppStore } from './app-store.ts';
import { usePaymentStore } from './payment-store.ts';

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

/**
 * The event that announces this window's charge with its QR comes a moment before the call's answer (the same
 * commit sends both): the screen takes the payment from there, as the customer display and a register's sale do,
 * and the answer then only confirms it. Only a view with a QR is taken: nothing else is worth drawing early, and a
 * refusal is the answer's to tell (it takes the cashier back to the sale).
 */
export function adoptAnnouncedCharge(view: PaymentView): void {
  const { pending, show } = usePaymentStore.getState();
  if (!pending || view.chargeId !== pending.chargeId || view.qrPayload === null) return;
  const { screen, navigate } = useAppStore.getState();
  if (screen.name !== 'charging' || screen.chargeId !== pending.chargeId) return;
  show(view);
  navigate({ name: 'payment', referenceId: view.referenceId, chargeId: pending.chargeId });
}

/** This window's charge is already on screen under its reference (adoptAnnouncedCharge took it from the event). */
export function chargeShown(chargeId: string): boolean {
  return usePaymentStore.getState().active?.chargeId === chargeId;
}
