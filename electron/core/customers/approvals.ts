import { randomBytes } from 'node:crypto';
import type { Handlers } from '../../../shared/contract.ts';
import type { ApprovalView } from '../../../shared/approvals.ts';
import { PosError } from '../../../shared/errors.ts';
import type { Money } from '../../../shared/money.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import type { CoreContext } from '../core-context.ts';

// The customer's yes before their stored wallet is charged. A linked customer's wallet can be charged
// without them scanning anything, so a charge or a hold's capture first asks them on the customer display
// (or, where Settings says so, a supervisor gives the PIN), and customers.charge / customers.capture go
// through only with an approval that was given for exactly that customer, action and amount, once, in time.
// This module serves the questions (customers.requestApproval, answerApproval, approvalStatus); the customer
// module owns charge and capture and asks the gate itself before either leaves, so each channel has one owner.
// Approvals live in memory: after a restart the cashier simply asks again.

const APPROVAL_TTL_MS = 2 * 60_000;
const MAX_OPEN = 32;

type ApprovalHandlers = Pick<
  Handlers,
  'customers.requestApproval' | 'customers.answerApproval' | 'customers.approvalStatus'
>;

/** What a charge or capture must have been approved for. */
export interface ApprovedRequest {
  readonly action: ApprovalView['action'];
  readonly merchantUserId?: string;
  readonly amount?: Money;
  readonly merchantRef?: string;
}

/** Asked by the customer module before a charge or a capture leaves. */
export interface ApprovalGate {
  /**
   * Takes the approval given for exactly this request, once; refuses (approval.*) otherwise. Answers who approved
   * it with their own PIN (recorded with the charge or capture), or null when the customer approved.
   */
  consume(approvalId: string | undefined, expected: ApprovedRequest): StaffRef | null;
}

export interface ApprovalsOptions {
  /** The customer lookup: a capture's amount is read from the hold itself, never from the request. */
  readonly customers: Pick<Handlers, 'customers.find'>;
  /**
   * Why the linked-customer service cannot act at all (its journal lost), said before any approval question.
   * (A charge or capture then never reaches the gate: the service's stand-in refuses it first.)
   */
  readonly unavailable?: () => PosError | null;
  readonly now?: () => number;
}

interface Approval {
  view: ApprovalView;
  readonly merchantRef: string | null;
  /**
   * The staff member whose PIN approved it. Kept here, never in the view: the view goes to the customer display,
   * which never shows staff names.
   */
  approvedBy: StaffRef | null;
}

/** `context`: the settings (who may approve), the staff (whose PIN approves) and the way to the customer display. */
export function createApprovals(
  context: Pick<CoreContext, 'settings' | 'staff' | 'emit'>,
  options: ApprovalsOptions,
): { handlers: ApprovalHandlers; gate: ApprovalGate } {
  const now = options.now ?? Date.now;
  const approvals = new Map<string, Approval>();

  const current = (approvalId: string): Approval => {
    const approval = approvals.get(approvalId);
    if (!approval) throw new PosError('approval.expired');
    if (approval.view.state === 'waiting' && Date.parse(approval.view.expiresAt) <= now())
      approval.view = { ...approval.view, state: 'expired' };
    return approval;
  };
  const settle = (approval: Approval, state: ApprovalView['state']): ApprovalView => {
    approval.view = { ...approval.view, state };
    context.emit('customers.approvalOnDisplay', approval.view);
    return approval.view;
  };
  const prune = (): void => {
    for (const [id, approval] of approvals)
      if (Date.parse(approval.view.expiresAt) + APPROVAL_TTL_MS <= now()) approvals.delete(id);
    while (approvals.size >= MAX_OPEN) approvals.delete(approvals.keys().next().value!);
  };

  /** Takes the approval for this exact request, once; anything else is refused before the wallet is asked. */
  const consume = (approvalId: string | undefined, expected: ApprovedRequest): StaffRef | null => {
    if (approvalId === undefined) throw new PosError('approval.required');
    const approval = current(approvalId);
    const { view } = approval;
    if (view.state === 'declined') throw new PosError('approval.declined');
    if (view.state === 'expired' || view.state === 'used') throw new PosError('approval.expired');
    if (view.state !== 'approved') throw new PosError('approval.required');
    const matches =
      view.action === expected.action &&
      (expected.merchantUserId === undefined || view.merchantUserId === expected.merchantUserId) &&
      (expected.amount === undefined ||
        (view.amount.amountMinor === expected.amount.amountMinor &&
          view.amount.currency === expected.amount.currency)) &&
      (expected.merchantRef === undefined || approval.merchantRef === expected.merchantRef);
    if (!matches) throw new PosError('approval.mismatch');
    // Used before the request leaves: a second tap, or a replay of the same id, cannot charge again.
    settle(approval, 'used');
    return approval.approvedBy;
  };

  const handlers: ApprovalHandlers = {
    async 'customers.requestApproval'(request) {
      const down = options.unavailable?.();
      if (down) throw down;
      // Nobody is asked to approve what the person at the till may not do (the charge or capture asks again).
      context.staff.requireRight('sell');
      prune();
      let amount: Money;
      let merchantRef: string | null = null;
      if (request.action === 'charge') {
        amount = { amountMinor: request.amountMinor, currency: request.currency };
      } else {
        const detail = await options.customers['customers.find']({ merchantUserId: request.merchantUserId });
        const hold = detail.holds.find((candidate) => candidate.merchantRef === request.merchantRef);
        if (!hold) throw new PosError('preauth.not-found');
        amount = hold.amount;
        merchantRef = hold.merchantRef;
      }
      const settings = context.settings.current();
      const view: ApprovalView = {
        approvalId: randomBytes(18).toString('base64url'),
        action: request.action,
        merchantUserId: request.merchantUserId,
        amount,
        state: 'waiting',
        by: settings.linkedApproval,
        merchantName: settings.merchantName,
        expiresAt: new Date(now() + APPROVAL_TTL_MS).toISOString(),
      };
      approvals.set(view.approvalId, { view, merchantRef, approvedBy: null });
      if (view.by === 'customer-display') context.emit('customers.approvalOnDisplay', view);
      return view;
    },

    async 'customers.answerApproval'({ approvalId, approve, supervisorPin }, caller) {
      const approval = current(approvalId);
      // The customer's yes is theirs alone: only their display gives it (the window or token main made for it),
      // never the cashier's screen, which could otherwise charge the wallet without them. Either side may say no.
      if (approval.view.by === 'customer-display' && approve && caller?.role !== 'customer-display')
        throw new PosError('ipc.forbidden');
      if (approval.view.state !== 'waiting') return approval.view;
      if (!approve) return settle(approval, 'declined');
      // Where a supervisor approves, the PIN is the approval; where the customer does, their display's answer.
      // The approver's own PIN: someone who may approve a cashier's refund may approve a wallet charge too (the
      // same trust: money leaves a customer on a staff member's word).
      // Who approved is recorded with the charge or capture this approval lets through (consume answers it).
      if (approval.view.by === 'supervisor-pin')
        approval.approvedBy = await context.staff.approverByPin(supervisorPin, 'approve-refund');
      return settle(approval, 'approved');
    },

    async 'customers.approvalStatus'({ approvalId }) {
      return current(approvalId).view;
    },
  };

  return { handlers, gate: { consume } };
}
