import { useEffect, useState } from 'react';

/** Date.now(), refreshed every `intervalMs` while mounted (countdowns, "seen 2 min ago"). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
