import { notice, type Notice } from '../../../shared/notices.ts';
import type { UpdateStatus } from '../../../shared/updates.ts';

// The health check's `updates` line (health.check, issue 27), from the status alone. A till without a feed, or
// one that cannot update here, is healthy: updates are optional. A failed step is not (the till still runs its
// version, but someone should look at the feed or the download); Settings → Updates says which step.

export interface UpdateHealth {
  readonly ok: boolean;
  readonly detail: Notice;
}

export function updateHealth(status: UpdateStatus): UpdateHealth {
  if (status.problem !== null)
    return {
      ok: false,
      detail: notice('health.updates-failed', { version: status.problem.version ?? status.runningVersion }),
    };
  if (status.phase === 'off') return { ok: true, detail: notice('health.updates-off') };
  if (status.phase === 'unavailable') return { ok: true, detail: notice('health.updates-unavailable') };
  if (status.waiting !== null)
    return { ok: true, detail: notice('health.updates-waiting', { waiting: status.waiting.version }) };
  return { ok: true, detail: notice('health.updates-ok', { version: status.runningVersion }) };
}
