import { z } from 'zod';
import type { CurrencyCode, Money } from './money.ts';
import { amountMinor, currency, merchantRef, merchantUserId } from './request-atoms.ts';
import type { LinkedApproval } from './settings.ts';

// A linked customer's approval (electron/core/customers/ asks for it, the customer display or a supervisor gives
// it): the customers.*Approval channels and the event that puts it on the customer's display.

/**
 * The customer's yes before their stored wallet is charged (a charge, a hold's capture): asked on the customer
 * display, or given with the supervisor PIN where Settings says so. customers.charge and customers.capture
 * go through only with an approval that matches them, once.
 */
export type ApprovalAction = 'charge' | 'capture';
export type ApprovalState = 'waiting' | 'approved' | 'declined' | 'expired' | 'used';

export interface ApprovalView {
  readonly approvalId: string;
  readonly action: ApprovalAction;
  readonly merchantUserId: string;
  readonly amount: Money;
  readonly state: ApprovalState;
  /** Who approves: the customer on their display, or a supervisor with the PIN (Settings). */
  readonly by: LinkedApproval;
  readonly merchantName: string;
  readonly expiresAt: string;
}

export interface ApprovalChannels {
  /** Asks for the approval (a capture's amount is the hold's own); the customer display is told at once. */
  'customers.requestApproval': {
    request:
      | { action: 'charge'; merchantUserId: string; amountMinor: number; currency: CurrencyCode }
      | { action: 'capture'; merchantUserId: string; merchantRef: string };
    response: ApprovalView;
  };
  /** The customer's answer on their display, or the supervisor's PIN where that is the setting. */
  'customers.answerApproval': {
    request: { approvalId: string; approve: boolean; supervisorPin?: string | undefined };
    response: ApprovalView;
  };
  'customers.approvalStatus': { request: { approvalId: string }; response: ApprovalView };
}

const approvalId = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const approvalRequestSchemas: { [K in keyof ApprovalChannels]: z.ZodType<ApprovalChannels[K]['request']> } = {
  'customers.requestApproval': z.union([
    z.object({ action: z.literal('charge'), merchantUserId, amountMinor, currency }).strict(),
    z.object({ action: z.literal('capture'), merchantUserId, merchantRef }).strict(),
  ]),
  'customers.answerApproval': z
    .object({ approvalId, approve: z.boolean(), supervisorPin: z.string().min(1).max(32).optional() })
    .strict(),
  'customers.approvalStatus': z.object({ approvalId }).strict(),
};

export interface ApprovalEvents {
  /** A linked-customer charge or capture waiting for (or done with) the customer's approval on their display. */
  'customers.approvalOnDisplay': ApprovalView;
}
