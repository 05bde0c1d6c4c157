import type { UpdateStatus } from '../../../shared/updates.ts';

// The health check's `updates` line (health.check, issue 27): what it may say about updates, from the status
// alone. A till without a feed, or one that cannot update here, is healthy: updates are optional. A failed
// step is not (the till still runs its version, but someone should look at the feed or the download).

export interface UpdateHealth {
  readonly ok: boolean;
  /** What to show beside it: the phase, the waiting version, the failed step. */
  readonly status: UpdateStatus;
}

export function updateHealth(status: UpdateStatus): UpdateHealth {
  return { ok: status.problem === null, status };
}
