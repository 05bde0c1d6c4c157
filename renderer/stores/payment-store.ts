import { create } from 'zustand';
import type { PaymentView } from '../../shared/payments.ts';

// The payment on the cashier's screen, kept current from `payment.updated` events and replies alike.

export interface PaymentState {
  readonly active: PaymentView | null;
  /**
   * Charges of this window on their way (a count, so overlapping calls never clear each other). The order a
   * charge opens is announced (payment.updated) a moment before its answer shows it here; meanwhile it is this
   * window's own payment about to be shown, not a stray to raise a banner for (open-payments-store.ts).
   */
  readonly charging: number;
  /** Start showing a payment (the reply of a charge call). */
  show(view: PaymentView): void;
  /** Apply an update from an event or a re-read; ignored unless it is for the payment on show. */
  apply(view: PaymentView): void;
  clear(): void;
}

/**
 * Runs a charge call of this window, counted in `charging` until `onAnswer` has handled its answer: the answer
 * shown and the count dropped land in one render, so the banner never shows the payment in between.
 */
export async function whileCharging<T>(call: () => Promise<T>, onAnswer: (answer: T) => void): Promise<void> {
  usePaymentStore.setState((state) => ({ charging: state.charging + 1 }));
  try {
    onAnswer(await call());
  } finally {
    usePaymentStore.setState((state) => ({ charging: state.charging - 1 }));
  }
}

export const usePaymentStore = create<PaymentState>()((set) => ({
  active: null,
  charging: 0,
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
export function isNewer(
  current: Pick<PaymentView, 'updatedAt' | 'state'>,
  incoming: Pick<PaymentView, 'updatedAt' | 'state'>,
): boolean {
  if (incoming.updatedAt !== current.updatedAt) return incoming.updatedAt < current.updatedAt;
  // Same timestamp: a final state never goes back to a non-final one.
  return current.state === 'final' && incoming.state !== 'final';
}
