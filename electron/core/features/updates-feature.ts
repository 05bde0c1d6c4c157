import { PosError } from '../../../shared/errors.ts';
import type { CoreModule } from '../core-module.ts';
import { terminalInEffect } from '../provider/terminal-in-effect.ts';
import { SYSTEM_TIMERS } from '../timers.ts';
import { updateHealth } from '../updates/update-health.ts';
import { createUpdateModule } from '../updates/update-module.ts';
import type { CoreBase } from './core-base.ts';
import type { CustomersGives } from './customers-feature.ts';
import type { PaymentsGives } from './payments-feature.ts';
import type { ProviderGives } from './provider-feature.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// Updates: checked daily, installed only in the maintenance window with no payment open or in doubt. Its
// daily round starts once the till has started.

type Needs = CoreBase & SettingsGives & StaffGives & ProviderGives & PaymentsGives & CustomersGives;

export const updatesFeature: CoreModule<Needs> = {
  name: 'updates',
  start({ options, settings, admin, demoCredentials, payments, openCounts, policyLog }) {
    const updates = createUpdateModule({
      engine: options.updates ?? null,
      runningVersion: options.version,
      settings: () => settings.current().updates,
      tillIdentity: () => {
        const current = settings.current();
        return `${terminalInEffect(current, demoCredentials).posId}/${current.terminalReference}`;
      },
      // What the status bar counts, and a register's sale waiting for its scan, which has no payment yet and
      // would be lost to a restart.
      payments: () => {
        const counts = openCounts();
        return {
          pendingCount: counts.pendingCount + (payments.register.openSale() ? 1 : 0),
          unresolvedCount: counts.unresolvedCount,
        };
      },
      requireAdmin: async () => {
        await settings.ensureVaultReadable();
        if (settings.view().secrets.adminPin && !admin.active()) throw new PosError('admin.pin-required');
      },
      timers: SYSTEM_TIMERS,
      log: policyLog,
    });
    // A feed or window just saved is acted on at once, not at the next minute's round.
    const stopSettings = settings.onChange(() => void updates.tick());
    return {
      handlers: updates.handlers,
      health: { updates: async () => updateHealth(updates.status()) },
      run: () => updates.start(),
      close: () => {
        updates.close();
        stopSettings();
      },
    };
  },
};
