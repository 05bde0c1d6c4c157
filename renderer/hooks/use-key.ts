import { useEffect, useEffectEvent } from 'react';

/**
 * A screen's keyboard shortcuts (bubble phase on window). Keys already handled — by the USB-scanner
 * detector, a focused button, a form — arrive with `defaultPrevented` and are skipped.
 */
export function useKeyDown(handler: (event: KeyboardEvent) => void): void {
  const onKey = useEffectEvent(handler);
  useEffect(() => {
    const listener = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing) return;
      onKey(event);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

/** True when the key went to something that takes typing (input, select, textarea, contenteditable). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

/** True when the key went to a button or link, where Enter/Space mean "press this". */
export function isActivatableTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLButtonElement ||
    target instanceof HTMLAnchorElement ||
    (target instanceof HTMLElement && target.tagName === 'SUMMARY')
  );
}
