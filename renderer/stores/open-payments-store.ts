import { create } from 'zustand';
import type { PaymentView } from '../../shared/domain.ts';
import { isNewer } from './payment-store.ts';

// Payments that are open at the provider (a QR a customer could still pay), from payment.updated events.
// The frame raises any that is not on the payment screen: a create the cashier left while it was being
// settled that then turned out to exist must never become a ghost order nobody sees.

export interface OpenPaymentsState {
  readonly open: ReadonlyMap<string, PaymentView>;
  apply(view: PaymentView): void;
}

const OPEN = new Set(['waiting', 'scanned']);

export const useOpenPaymentsStore = create<OpenPaymentsState>()((set) => ({
  open: new Map(),
  apply: (view) =>
    set((state) => {
      const known = state.open.get(view.referenceId);
      if (known && isNewer(known, view)) return {};
      const isOpen = OPEN.has(view.displayStatus) && !view.cancelRequested;
      if (!isOpen && !known) return {};
      const open = new Map(state.open);
      if (isOpen) open.set(view.referenceId, view);
      else open.delete(view.referenceId);
      return { open };
    }),
}));
