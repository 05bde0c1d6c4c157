import type { CoreModule } from '../core-module.ts';
import { policyHealth } from '../policy/policy-health.ts';
import { readPolicy } from '../policy/policy-read.ts';
import { watchPolicy } from '../policy/policy-watch.ts';
import type { CoreBase } from './core-base.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';
import type { PaymentsGives } from './payments-feature.ts';
import type { Policy } from '../policy/policy-document.ts';
import type { AuthorityRecord } from '../audit-chain/authority-records.ts';
import type { CanonicalValue } from '../audit-chain/canonical-json.ts';

// A policy pushed while the till runs applies now (after any save under way), not at the next restart; and
// health.check says whether the organisation's policy is in force (a refused one is not).

export const policyWatchFeature: CoreModule<CoreBase & SettingsGives & StaffGives & PaymentsGives> = {
  name: 'policy watch',
  start({ options, settings, policyLog, logPolicy, payments }) {
    const health = { policy: async () => policyHealth(settings.view().policy) };
    if (!options.policyFile && !options.systemPolicy) return { health };
    const stop = watchPolicy(
      () => readPolicy(options),
      (next) => {
        policyLog(next ? `policy ${next.file}: changed, applied` : 'policy removed, nothing locked any more');
        logPolicy(next);
        settings
          .replacePolicy(next)
          // Applied: into the payment journal's audit chain, what it set and locked (a policy holds no secret).
          .then(() => payments.appendToChain(policyApplied(next)))
          .catch((error: unknown) => policyLog(`policy not applied or not chained: ${String(error)}`));
      },
      options.policyWatchMs,
    );
    return { health, close: stop };
  },
};

function policyApplied(policy: Policy | null): AuthorityRecord {
  return {
    kind: 'policy.applied',
    subject: 'policy',
    record: policy
      ? { file: policy.file, settings: policy.settings as CanonicalValue, locked: [...policy.locked] }
      : { file: null, settings: {}, locked: [] },
  };
}
