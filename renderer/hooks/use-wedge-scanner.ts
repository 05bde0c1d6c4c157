import { useEffect, useEffectEvent, useRef } from 'react';
import { createWedgeDetector, type WedgeOptions, type WedgeScan } from '../scanning/wedge-detector.ts';

/**
 * Listens to every key press of the page (capture phase, before any screen sees it) and reports USB
 * scanner codes. The scan's terminator key is swallowed (preventDefault) so that a scanner's Enter never
 * triggers "Charge" or submits a form; screens check `event.defaultPrevented` in their own key handlers.
 */
export function useWedgeScanner(options: WedgeOptions | null, onScan: (scan: WedgeScan) => void): void {
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  }, [options]);
  const report = useEffectEvent(onScan);

  useEffect(() => {
    const detector = createWedgeDetector(
      () => optionsRef.current ?? { maxInterKeyMs: 0, minLength: Infinity, terminator: 'Enter' },
    );
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.isComposing || !optionsRef.current) return;
      const verdict = detector.feed({
        key: event.key,
        time: event.timeStamp,
        withCommandModifier: event.ctrlKey || event.altKey || event.metaKey,
        repeat: event.repeat,
      });
      if (verdict.kind === 'scan') {
        event.preventDefault();
        report(verdict);
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
}
