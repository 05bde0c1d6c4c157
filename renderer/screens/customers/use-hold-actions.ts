import { useState } from 'react';
import type { HoldView } from '../../../shared/customer-holds.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { holdOutcome } from './outcome.ts';
import type { AmountSubmit, PanelActor } from './use-amount-submit.ts';
import type { CustomerApproval } from './use-customer-approval.ts';

export type HoldActions = ReturnType<typeof useHoldActions>;

/**
 * Capture or void a hold, one at a time; a void asks for its reason first. What happened shows where the place
 * form reports (`placing`'s error and outcome).
 */
export function useHoldActions({
  merchantUserId,
  approval,
  placing,
  onChanged,
  actor,
}: {
  merchantUserId: string;
  approval: CustomerApproval;
  placing: AmountSubmit<HoldView>;
  onChanged: () => void;
  actor?: PanelActor | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const { setError, setOutcome } = placing;
  const [working, setWorking] = useState<string | null>(null);
  const [voiding, setVoiding] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState(false);

  const act = async (hold: HoldView, action: 'capture' | 'void'): Promise<void> => {
    if (working) return;
    if (action === 'void' && reason.trim() === '') {
      setReasonProblem(true);
      return;
    }
    setWorking(hold.merchantRef);
    actor?.acted();
    setError(null);
    setOutcome(null);
    // A capture takes the customer's money: their yes first (their display, or the supervisor's PIN).
    const approved =
      action === 'capture'
        ? await approval.ask({ action: 'capture', merchantUserId, merchantRef: hold.merchantRef })
        : null;
    if (approved && !approved.ok) {
      setWorking(null);
      setError(approved.error);
      return;
    }
    const result =
      approved?.ok === true
        ? await bridge['customers.capture']({ merchantRef: hold.merchantRef, approvalId: approved.approvalId })
        : await bridge['customers.void']({ merchantRef: hold.merchantRef, reason: reason.trim() });
    setWorking(null);
    if (!result.ok) {
      setError(result.error);
    } else {
      setOutcome(holdOutcome(result.value, t, locale));
      setVoiding(null);
      setReason('');
    }
    onChanged();
  };

  const startVoid = (hold: HoldView): void => {
    setVoiding(hold.merchantRef);
    setReason('');
    setReasonProblem(false);
  };
  const keepHold = (): void => {
    setVoiding(null);
    setReasonProblem(false);
  };
  const typeReason = (text: string): void => {
    setReason(text);
    setReasonProblem(false);
  };

  return { working, voiding, reason, reasonProblem, act, startVoid, keepHold, typeReason };
}
