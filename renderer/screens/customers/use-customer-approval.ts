import { useEffect, useRef, useState } from 'react';
import type { RequestOf } from '../../../shared/contract.ts';
import type { ApprovalView } from '../../../shared/approvals.ts';
import { defaultMessage } from '../../../shared/errors.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';

// Before a linked customer's stored wallet is charged (a charge, a hold's capture) the customer says yes on
// their display, or a supervisor gives the PIN where Settings says so. This asks, waits (the screen shows
// what it waits for, with Cancel or the PIN field) and hands back the approval to send with the request;
// main refuses the request without it.

const POLL_MS = 700;

export type ApprovalAnswer =
  { readonly ok: true; readonly approvalId: string } | { readonly ok: false; readonly error: AppError };

export interface CustomerApproval {
  /** The approval being waited for (the screen shows it), else null. */
  readonly waiting: ApprovalView | null;
  readonly pinError: AppError | null;
  ask(request: RequestOf<'customers.requestApproval'>): Promise<ApprovalAnswer>;
  /** The supervisor's PIN, where a supervisor approves. */
  approveWithPin(pin: string): Promise<void>;
  cancel(): Promise<void>;
}

const refusal = (code: 'approval.declined' | 'approval.expired'): ApprovalAnswer => ({
  ok: false,
  error: { code, message: defaultMessage(code), retryable: false },
});

export function useCustomerApproval(): CustomerApproval {
  const bridge = useBridge();
  const [waiting, setWaiting] = useState<ApprovalView | null>(null);
  const [pinError, setPinError] = useState<AppError | null>(null);
  const settle = useRef<((answer: ApprovalAnswer) => void) | null>(null);
  const waitingRef = useRef<ApprovalView | null>(null);
  useEffect(() => {
    waitingRef.current = waiting;
  }, [waiting]);

  const finish = (view: ApprovalView): void => {
    if (view.state === 'waiting') return;
    setWaiting(null);
    settle.current?.(
      view.state === 'approved'
        ? { ok: true, approvalId: view.approvalId }
        : refusal(view.state === 'declined' ? 'approval.declined' : 'approval.expired'),
    );
    settle.current = null;
  };

  // The customer answers on their display: follow the approval until it is answered or runs out.
  const approvalId = waiting?.by === 'customer-display' ? waiting.approvalId : null;
  useEffect(() => {
    if (approvalId === null) return;
    const timer = setInterval(() => {
      void bridge['customers.approvalStatus']({ approvalId }).then((result) => {
        const current = waitingRef.current;
        if (result.ok) finish(result.value);
        else if (current) finish({ ...current, state: 'expired' });
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [bridge, approvalId]);
  return {
    waiting,
    pinError,
    async ask(request) {
      const asked = await bridge['customers.requestApproval'](request);
      if (!asked.ok) return { ok: false, error: asked.error };
      if (asked.value.state === 'approved') return { ok: true, approvalId: asked.value.approvalId };
      setPinError(null);
      setWaiting(asked.value);
      return new Promise<ApprovalAnswer>((resolve) => {
        settle.current = resolve;
      });
    },
    async approveWithPin(pin) {
      const current = waitingRef.current;
      if (!current) return;
      setPinError(null);
      const answered = await bridge['customers.answerApproval']({
        approvalId: current.approvalId,
        approve: true,
        supervisorPin: pin,
      });
      if (answered.ok) finish(answered.value);
      else setPinError(answered.error);
    },
    async cancel() {
      const current = waitingRef.current;
      if (!current) return;
      const answered = await bridge['customers.answerApproval']({ approvalId: current.approvalId, approve: false });
      finish(answered.ok ? answered.value : { ...current, state: 'declined' });
    },
  };
}
