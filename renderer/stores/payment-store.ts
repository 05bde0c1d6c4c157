import { create } from 'zustand';
import type { PaymentView } from '../../shared/payments.ts';
import type { AppError } from '../../shared/result.ts';

// The payment on the cashier's screen, kept current from `payment.updated` events and replies alike.

export interface PaymentState {
  readonly active: PaymentView | null;
  /**
   * Charges of this window on their way (a count, so overlapping calls never clear each other). The order a
   * charge opens is announced (payment.updated) a moment before its answer shows it here; meanwhile it is this
   * window's own payment about to be shown, not a stray to raise a banner for (open-payments-store.ts).
   */
  readonly charging: number;
  /**
   * The charge this window just asked for, shown from the click until its answer (the Payment screen's
   * provisional view, pending-charge.ts): its id and what the cashier keyed.
   */
  readonly pending: { readonly chargeId: string; readonly view: PaymentView } | null;
  /** Why this window's last charge was refused: the Sale screen it went back to says so until the next key. */
  readonly refused: AppError | null;
  /** Start showing a payment (the reply of a charge call). */
  show(view: PaymentView): void;
  /** A charge of this window leaves: its screen shows it until the answer. */
  startCharge(chargeId: string, view: PaymentView): void;
  /** The charge was refused: nothing to show, the reason for the Sale screen. */
  refuseCharge(error: AppError): void;
  clearRefused(): void;
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
  pending: null,
  refused: null,
  show: (view) => set({ active: view, pending: null }),
  startCharge: (chargeId, view) => set({ pending: { chargeId, view }, refused: null }),
  refuseCharge: (error) => set({ pending: null, refused: error }),
  clearRefused: () => set({ refused: null }),
  apply: (view) =>
    set((state) => {
      const current = state.active;
      if (!current || current.referenceId !== view.referenceId) return {};
      if (isNewer(current, view)) return {};
      return { active: view };
    }),
  clear: () => set({ active: null, pending: null }),
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
