import { useEffect, useRef } from 'react';
import type { Outcome } from '../components/format.ts';
import { playSound } from './sounds.ts';

// One sound per payment, when its result first shows: the chime on paid, the buzz on failed (a payment cancelled
// by us is neutral and silent). A re-render, or an update of the same final payment, does not sound again.

export function useResultSound(referenceId: string, final: boolean, outcome: Outcome, enabled = true): void {
  const soundedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !final || soundedFor.current === referenceId) return;
    soundedFor.current = referenceId;
    if (outcome === 'success') playSound('success');
    else if (outcome === 'failure') playSound('failure');
  }, [enabled, final, outcome, referenceId]);
}
