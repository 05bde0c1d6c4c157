import type { CoreModule } from '../core-module.ts';
import { watchPolicyFile } from '../policy/policy-watch.ts';
import type { CoreBase } from './core-base.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// A policy pushed while the till runs applies now (after any save under way), not at the next restart.

export const policyWatchFeature: CoreModule<CoreBase & SettingsGives & StaffGives> = {
  name: 'policy watch',
  start({ options, settings, policyLog, logPolicy }) {
    const file = options.policyFile;
    if (!file) return {};
    const stop = watchPolicyFile(
      file,
      (next) => {
        policyLog(`policy ${file}: ${next ? 'changed, applied' : 'removed, nothing locked any more'}`);
        logPolicy(next);
        settings.replacePolicy(next).catch((error: unknown) => policyLog(`policy not applied: ${String(error)}`));
      },
      options.policyWatchMs,
    );
    return { close: stop };
  },
};
