import type { PaymentType } from '../../../shared/payments.ts';

// Magic amounts (ours; the provider publishes none): the last two digits of the order amount, in minor
// units, decide what happens once the consumer confirms. Any other amount is paid with PAY after
// `confirmDelayMs`. They let a cashier or a test reach each outcome without the control API.

export interface ConfirmOutcome {
  readonly result: 'capture' | 'fail';
  readonly paymentType: PaymentType | null;
  readonly failureReason: string | null;
  /** How long PROCESSING lasts, as a multiple of `confirmDelayMs`. */
  readonly delayFactor: number;
}

export const MAGIC_AMOUNT_ENDINGS = {
  /** e.g. 1051 = S$10.51: declined, FAILED with failureReason INSUFFICIENT_FUNDS. */
  51: { result: 'fail', paymentType: null, failureReason: 'INSUFFICIENT_FUNDS', delayFactor: 1 },
  /** e.g. 1052: declined by the provider's risk check, FAILED with failureReason RISK_REJECTED. */
  52: { result: 'fail', paymentType: null, failureReason: 'RISK_REJECTED', delayFactor: 1 },
  /** e.g. 1053: captured, but PROCESSING lasts 10× confirmDelayMs (a slow wallet). */
  53: { result: 'capture', paymentType: 'PAY', failureReason: null, delayFactor: 10 },
  /** e.g. 1054: captured with paymentType PAYLATER. */
  54: { result: 'capture', paymentType: 'PAYLATER', failureReason: null, delayFactor: 1 },
} as const satisfies Record<number, ConfirmOutcome>;

const DEFAULT_OUTCOME: ConfirmOutcome = { result: 'capture', paymentType: 'PAY', failureReason: null, delayFactor: 1 };

export function confirmOutcome(amountMinor: number): ConfirmOutcome {
  const ending = amountMinor % 100;
  return (MAGIC_AMOUNT_ENDINGS as Record<number, ConfirmOutcome>)[ending] ?? DEFAULT_OUTCOME;
}
