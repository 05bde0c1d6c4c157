import { useEffect, useState } from 'react';
import { localDay } from '../components/format.ts';

// The till's local day, turning over at its midnight. Computed once per render it went stale on a screen left
// open overnight: "Today" kept pointing at yesterday and "next day" stayed disabled until something redrew.
// Timers can fire early (a clock set back) or late (a machine asleep), so each firing re-reads the day and
// sets the next one, and a page coming back into view re-reads it at once.

/** Milliseconds from `now` until the next local midnight, plus a little so the new day has surely begun. */
export function untilNextLocalDay(now: Date = new Date()): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return next.getTime() - now.getTime() + 50;
}

export function useToday(): string {
  const [today, setToday] = useState(() => localDay());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = (): void => {
      setToday(localDay());
      clearTimeout(timer);
      timer = setTimeout(refresh, untilNextLocalDay());
    };
    timer = setTimeout(refresh, untilNextLocalDay());
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return today;
}
