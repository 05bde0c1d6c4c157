import { create } from 'zustand';
import type { PaymentView } from '../../shared/payments.ts';
import { useAppStore } from './app-store.ts';
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
  /**
   * Open payments that then ended paid, failed or expired while they were not on the payment screen (the customer
   * paid while the cashier was elsewhere): the banner says how, for a few seconds, until `forget`.
   */
  readonly ended: ReadonlyMap<string, PaymentView>;
  /** Payments seen open and not ended yet (confirming is neither open nor ended): whose ending to tell. */
  readonly following: ReadonlySet<string>;
  apply(view: PaymentView): void;
  forget(referenceId: string): void;
}

const OPEN = new Set(['waiting', 'scanned']);
/** Endings the banner tells of; a cancel is the cashier's own doing. */
const TOLD = new Set(['paid', 'failed', 'expired']);
const FINAL = new Set(['paid', 'failed', 'expired', 'cancelled', 'refunded', 'not-sent']);
const NONE: ReadonlySet<string> = new Set();

export const useOpenPaymentsStore = create<OpenPaymentsState>()((set) => ({
  open: new Map(),
  openedWhileCharging: NONE,
  ended: new Map(),
  following: NONE,
  forget: (referenceId) =>
    set((state) => {
      if (!state.ended.has(referenceId)) return {};
      const ended = new Map(state.ended);
      ended.delete(referenceId);
      return { ended };
    }),
  apply: (view) =>
    set((state) => {
      const known = state.open.get(view.referenceId);
      if (known && isNewer(known, view)) return {};
      const isOpen = OPEN.has(view.displayStatus) && !view.cancelRequested;
      const charging = usePaymentStore.getState().charging > 0;
      // Forgotten once no charge is on its way: a later charge's window starts empty.
      const whileCharging = charging || state.openedWhileCharging.size === 0 ? state.openedWhileCharging : NONE;
      const renewed = whileCharging === state.openedWhileCharging ? {} : { openedWhileCharging: whileCharging };
      const told = { ...renewed, ...endingOf(state, view, isOpen) };
      if (!isOpen && !known) return told;
      const open = new Map(state.open);
      if (isOpen) open.set(view.referenceId, view);
      else open.delete(view.referenceId);
      if (isOpen && !known && charging)
        return { ...told, open, openedWhileCharging: new Set([...whileCharging, view.referenceId]) };
      return { ...told, open };
    }),
}));

/** Following a payment once it is open, and its ending told when it ends paid, failed or expired off its screen. */
function endingOf(
  state: OpenPaymentsState,
  view: PaymentView,
  isOpen: boolean,
): Partial<Pick<OpenPaymentsState, 'following' | 'ended'>> {
  const { referenceId } = view;
  if (isOpen) return state.following.has(referenceId) ? {} : { following: new Set(state.following).add(referenceId) };
  if (!state.following.has(referenceId) || !FINAL.has(view.displayStatus)) return {};
  const following = new Set(state.following);
  following.delete(referenceId);
  // Its own screen shows the result itself.
  const screen = useAppStore.getState().screen;
  const onScreen = screen.name === 'payment' && screen.referenceId === referenceId;
  if (!TOLD.has(view.displayStatus) || onScreen) return { following };
  return { following, ended: new Map(state.ended).set(referenceId, view) };
}
