import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

export interface WalkAway {
  /** Seconds until the reset while the warning shows, else null. */
  readonly secondsLeft: number | null;
  /** "I'm still here": start the idle time again. */
  stillHere(): void;
}

/**
 * A kiosk customer who walks away mid-way: after `idleMs` without a touch or a key, `onWalkAway` runs (the
 * screen resets for the next customer); during the last `warnMs` the screen can show a countdown.
 */
export function useWalkAway({
  enabled,
  idleMs,
  warnMs,
  onWalkAway,
}: {
  enabled: boolean;
  idleMs: number;
  warnMs: number;
  onWalkAway: () => void;
}): WalkAway {
  // The ref serves the timer (no render per touch); the state serves the countdown on screen.
  const lastActivity = useRef(0);
  const [shown, setShown] = useState({ lastActivity: 0, now: 0 });
  const walkAway = useEffectEvent(onWalkAway);

  const stillHere = useCallback(() => {
    const now = Date.now();
    lastActivity.current = now;
    setShown({ lastActivity: now, now });
  }, []);

  useEffect(() => {
    if (!enabled) return;
    lastActivity.current = Date.now();
    const onActivity = (): void => {
      lastActivity.current = Date.now();
    };
    window.addEventListener('pointerdown', onActivity, true);
    window.addEventListener('keydown', onActivity, true);
    const timer = setInterval(() => {
      const now = Date.now();
      if (now - lastActivity.current >= idleMs) {
        lastActivity.current = now;
        walkAway();
      }
      setShown({ lastActivity: lastActivity.current, now });
    }, 250);
    return () => {
      window.removeEventListener('pointerdown', onActivity, true);
      window.removeEventListener('keydown', onActivity, true);
      clearInterval(timer);
    };
  }, [enabled, idleMs]);

  const left = idleMs - (shown.now - shown.lastActivity);
  const secondsLeft = enabled && shown.lastActivity > 0 && left <= warnMs ? Math.max(0, Math.ceil(left / 1000)) : null;
  return { secondsLeft, stillHere };
}
