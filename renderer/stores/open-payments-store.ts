import { create } from 'zustand';
import type { PaymentView } from '../../shared/payments.ts';
import { isNewer, usePaymentStore } from './payment-store.ts';

// Payments that are open at the provider (a QR a customer could still pay), from payment.updated events.
// The frame raises any that is not on the payment screen: a create the cashier left while it was being
// settled that then turned out to exist must never become a ghost order nobody sees.

export interface OpenPaymentsState {
  readonly open: ReadonlyMap<string, PaymentView>;
  /**
   * Payments that opened while a charge of this window was on its way (usePaymentStore's `charging`): most
   * likely that charge's own, which its answer is about to show. The banner leaves them alone until then, and
   * still raises one that was open before (a charge stuck for a minute must not hide a real ghost order).
   */
  readonly openedWhileCharging: ReadonlySet<string>;
  apply(view: PaymentView): void;
}

const OPEN = new Set(['waiting', 'scanned']);
const NONE: ReadonlySet<string> = new Set();

export const useOpenPaymentsStore = create<OpenPaymentsState>()((set) => ({
  open: new Map(),
  openedWhileCharging: NONE,
  apply: (view) =>
    set((state) => {
      const known = state.open.get(view.referenceId);
      if (known && isNewer(known, view)) return {};
      const isOpen = OPEN.has(view.displayStatus) && !view.cancelRequested;
      const charging = usePaymentStore.getState().charging > 0;
      // Forgotten once no charge is on its way: a later charge's window starts empty.
      const whileCharging = charging || state.openedWhileCharging.size === 0 ? state.openedWhileCharging : NONE;
      const renewed = whileCharging === state.openedWhileCharging ? {} : { openedWhileCharging: whileCharging };
      if (!isOpen && !known) return renewed;
      const open = new Map(state.open);
      if (isOpen) open.set(view.referenceId, view);
      else open.delete(view.referenceId);
      if (isOpen && !known && charging)
        return { open, openedWhileCharging: new Set([...whileCharging, view.referenceId]) };
      return { open, ...renewed };
    }),
}));
