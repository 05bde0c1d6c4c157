import { PosError } from '../../../shared/errors.ts';
import type { HealthCheckId, HealthCheckResult } from '../../../shared/health.ts';
import { notice, type Notice } from '../../../shared/notices.ts';

// Runs the till's checks side by side, each within its own time limit: a provider that never answers, or a
// printer that holds its connection open, costs its own line "no answer within 5 s", never the whole check.
// A check that throws is reported as one that could not run, in words, like the others.

/** What one check found. Never throws for the trouble it finds: that is `ok: false` with words. */
export type HealthProbe = () => Promise<{ readonly ok: boolean; readonly detail: Notice }>;

export async function runChecks(
  probes: ReadonlyArray<readonly [HealthCheckId, HealthProbe]>,
  timeoutMs: number,
): Promise<HealthCheckResult[]> {
  return Promise.all(probes.map(([id, probe]) => bounded(id, probe, timeoutMs)));
}

async function bounded(id: HealthCheckId, probe: HealthProbe, timeoutMs: number): Promise<HealthCheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<HealthCheckResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ id, ok: false, detail: notice('health.timed-out', { seconds: Math.round(timeoutMs / 1000) }) }),
      timeoutMs,
    );
  });
  const answered = (async (): Promise<HealthCheckResult> => {
    try {
      return { id, ...(await probe()) };
    } catch (error) {
      return { id, ok: false, detail: couldNotCheck(error) };
    }
  })();
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function couldNotCheck(error: unknown): Notice {
  return notice('health.could-not-check', {
    reason: error instanceof PosError ? error.toNoticeParam() : { code: 'internal' },
  });
}
