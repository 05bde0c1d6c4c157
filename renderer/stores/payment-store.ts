import { create } from 'zustand';
import type { PaymentView } from '../../shared/domain.ts';

// The payment on the cashier's screen, kept current from `payment.updated` events and replies alike.

export interface PaymentState {
  readonly active: PaymentView | null;
  /** Start showing a payment (the reply of a charge call). */
  show(view: PaymentView): void;
  /** Apply an update from an event or a re-read; ignored unless it is for the payment on show. */
  apply(view: PaymentView): void;
  clear(): void;
}

export const usePaymentStore = create<PaymentState>()((set) => ({
  active: null,
  show: (view) => set({ active: view }),
  apply: (view) =>
    set((state) => {
      const current = state.active;
      if (!current || current.referenceId !== view.referenceId) return {};
      if (isNewer(current, view)) return {};
      return { active: view };
    }),
  clear: () => set({ active: null }),
}));

/** True when `current` must be kept over `incoming`: events and call replies can arrive out of order. */
export function isNewer(current: PaymentView, incoming: PaymentView): boolean {
  if (incoming.updatedAt !== current.updatedAt) return incoming.updatedAt < current.updatedAt;
  // Same timestamp: a final state never goes back to a non-final one.
  return current.state === 'final' && incoming.state !== 'final';
}
