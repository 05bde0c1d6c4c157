import { notice, type Notice } from '../../../shared/notices.ts';
import type { SettingsPolicyView } from '../../../shared/settings.ts';

// The health check's `policy` line. No policy is healthy (an unmanaged till); a policy left out whole — one a
// non-administrator could have written, or one that cannot be read — is not: the till runs without what IT set.

export function policyHealth(policy: SettingsPolicyView | undefined): {
  readonly ok: boolean;
  readonly detail: Notice;
} {
  if (!policy) return { ok: true, detail: notice('health.policy-none') };
  if (policy.problems.some((problem) => problem.field === null))
    return { ok: false, detail: notice('health.policy-refused', { file: policy.file }) };
  return { ok: true, detail: notice('health.policy-ok', { file: policy.file }) };
}
