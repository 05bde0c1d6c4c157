import { useRef, useState } from 'react';
import type { AppError } from '../../../shared/result.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';

// The PIN a refund's approval needs, and whose it is once the core has checked it as it was entered
// (staff.checkApprover: the refund's own wrong-PIN lock, so a guess here costs what a guess in the refund does).

export function useApproverPin() {
  const bridge = useBridge();
  const [pin, setTypedPin] = useState('');
  // Whose PIN it is, as the core said; another digit and it is asked again.
  const [approver, setApprover] = useState<StaffRef | null>(null);
  const [checkingPin, setCheckingPin] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);
  const setPin = (next: string): void => {
    setTypedPin(next);
    setApprover(null);
  };

  /** Asks the core whose PIN this is: null when it named the approver, else why not. */
  const checkPin = async (): Promise<AppError | null> => {
    setCheckingPin(true);
    const result = await bridge['staff.checkApprover']({ pin });
    setCheckingPin(false);
    if (result.ok) {
      setApprover(result.value.approver);
      return null;
    }
    // A wrong PIN is gone, as after a refund refused for it: the next try is typed afresh.
    setPin('');
    pinRef.current?.focus();
    return result.error;
  };

  return { pin, setPin, approver, checkingPin, pinRef, checkPin };
}
