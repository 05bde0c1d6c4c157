import type { Policy } from './policy-document.ts';

// A till runs for months: a policy IT pushes today must not wait for the next restart. The policy is read again
// every few seconds and compared with the last reading, rather than watched: IT's tools replace a file (write
// elsewhere, rename over it) or create it where there was none, which a watch on the old file misses; a registry
// key or managed preferences have no watch a plain Node process can use; and a change of a file's owner or mode
// (a policy made writable by others is refused) changes no text. Only a change of what is in force counts.

export function watchPolicy(
  read: () => Promise<Policy | null>,
  onChange: (policy: Policy | null) => void,
  intervalMs = 5_000,
): () => void {
  let last: Promise<string> = read().then(fingerprint, () => '');
  let stopped = false;
  const timer = setInterval(() => {
    last = last.then(async (before) => {
      const policy = await read().catch(() => undefined);
      if (policy === undefined) return before;
      const now = fingerprint(policy);
      if (now !== before && !stopped) onChange(policy);
      return now;
    });
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

const fingerprint = (policy: Policy | null): string => JSON.stringify(policy);
