import type { PaymentView } from '../../shared/payments.ts';
import type { ShiftView } from '../../shared/staff.ts';

// What a feature started early hears from one started after it. The services tell the status bar (started
// after them, since it counts what they hold) that their counts changed or how the provider answered; the
// staff (started before the payments, which ask it on every sale) name the shift the payments keep and
// whether a payment is open.

export interface Signal<T> {
  emit(value: T): void;
  /** Returns the unsubscribe function. */
  on(listener: (value: T) => void): () => void;
}

export function createSignal<T = void>(): Signal<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    emit: (value) => listeners.forEach((listener) => listener(value)),
    on(listener) {
      const own = (value: T): void => listener(value);
      listeners.add(own);
      return () => listeners.delete(own);
    },
  };
}

/** A question answered by a feature started later; until it answers, the fallback does. */
export interface Answer<T> {
  ask(): T;
  answerWith(source: () => T): void;
}

export function createAnswer<T>(fallback: () => T): Answer<T> {
  let source = fallback;
  return {
    ask: () => source(),
    answerWith(next) {
      source = next;
    },
  };
}

export interface CoreHooks {
  /** Payments or linked-customer counts changed: the status bar recounts now, not at its next probe. */
  readonly countsChanged: Signal<void>;
  /** What one provider call showed (true: it answered): the status bar turns at once. */
  readonly providerAnswered: Signal<boolean>;
  /** The receipt printer's status changed. */
  readonly printerChanged: Signal<void>;
  /** The shift open on this till (the payments' shifts), for session.current. */
  readonly currentShift: Answer<ShiftView | null>;
  /** A payment is open (the staff's idle sign-out never ends a session in the middle of one). */
  readonly paymentOpen: Answer<boolean>;
  /** The shop's other tills' payments found without a receipt (the head office, when connected; else none). */
  readonly shopPayments: Answer<ShopPaymentsFinder>;
}

/** payments.find at the shop's other tills: by order id or by who took it on a day, at most `limit`. */
export type ShopPaymentsFinder = (
  query: { readonly providerOrderId: string } | { readonly takenBy: string; readonly day: string },
  limit: number,
) => Promise<readonly PaymentView[]>;

export function createCoreHooks(): CoreHooks {
  return {
    countsChanged: createSignal(),
    providerAnswered: createSignal<boolean>(),
    printerChanged: createSignal(),
    currentShift: createAnswer<ShiftView | null>(() => null),
    paymentOpen: createAnswer<boolean>(() => false),
    shopPayments: createAnswer<ShopPaymentsFinder>(() => async () => []),
  };
}
