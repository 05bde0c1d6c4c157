import { z } from 'zod';
import type { PaymentView } from './payments.ts';
import { empty, referenceId, type Empty } from './request-atoms.ts';

// What the screens tell the core about the payments they show (their status lookups then come first) and about
// a cashier's own sale under way (a register's sale waits for it), and the lookups' freshness they show back.

/** The screens that show a payment and tell the core so (payments.onScreen): its lookups then come first. */
export const SCREEN_SURFACES = ['payment', 'customer-display'] as const;
export type ScreenSurface = (typeof SCREEN_SURFACES)[number];

/**
 * Where a cashier's own sale is under way on a cashier's window (payments.cashierSale): an amount on the Sale
 * screen, the Scan screen waiting for the customer's code, or the cashier's payment on the Payment screen (its
 * result included, until it is put away). While one is, the till refuses a register's sale (ecr.busy).
 */
export type CashierSale =
  { readonly surface: 'sale' | 'scan' } | { readonly surface: 'payment'; readonly referenceId: string };

/** The till asked the provider about a payment (event payment.checked; also the reply of payments.onScreen). */
export interface StatusCheck {
  readonly referenceId: string;
  /** When the last lookup came back, answered or not (ISO 8601). */
  readonly checkedAt: string;
  /** When the provider last answered about it (ISO 8601); null if it has not since the app started. */
  readonly answeredAt: string | null;
}

/**
 * The payment at the counter as the customer display has it (payments.onDisplay): the amount, the QR to scan,
 * where it stands and until when; the dates and state only to keep the newest of a reply and its events.
 */
export type PaymentOnDisplay = Pick<
  PaymentView,
  | 'referenceId'
  | 'amount'
  | 'state'
  | 'displayStatus'
  | 'qrPayload'
  | 'expiresAt'
  | 'createdAt'
  | 'updatedAt'
  | 'lines'
  | 'training'
>;

export interface PaymentScreenChannels {
  /**
   * A screen shows a payment (shown: true, when it opens it and again every few seconds while it does) or has
   * stopped showing it (shown: false): while shown, its status lookups come before other orders'. Replies
   * with its last check, if any.
   */
  'payments.onScreen': {
    request: { surface: ScreenSurface; referenceId: string; shown: boolean };
    response: StatusCheck | null;
  };
  /**
   * A cashier's window says where its own sale stands (`sale`, null once there is none), when it changes and
   * again every few seconds while there is one: while any window has one, register sales are refused (ecr.busy).
   * `window` is the id the window chose for itself when it opened, so two windows never clear each other's sale.
   */
  'payments.cashierSale': { request: { window: string; sale: CashierSale | null }; response: null };
  /** The payment at the counter as the customer display shows it (null: none under way), for a display just opened. */
  'payments.onDisplay': { request: Empty; response: PaymentOnDisplay | null };
}

export interface PaymentScreenEvents {
  /** A status lookup of a payment came back (answered or not): screens show how fresh its status is. */
  'payment.checked': StatusCheck;
}

export const paymentScreenRequestSchemas: {
  [K in keyof PaymentScreenChannels]: z.ZodType<PaymentScreenChannels[K]['request']>;
} = {
  'payments.onScreen': z.object({ surface: z.enum(SCREEN_SURFACES), referenceId, shown: z.boolean() }).strict(),
  'payments.cashierSale': z
    .object({
      window: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
      sale: z
        .discriminatedUnion('surface', [
          z.object({ surface: z.enum(['sale', 'scan']) }).strict(),
          z.object({ surface: z.literal('payment'), referenceId }).strict(),
        ])
        .nullable(),
    })
    .strict(),
  'payments.onDisplay': empty,
};
