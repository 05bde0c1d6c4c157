import type { CoreModule } from '../core-module.ts';
import { printerTargetProblems } from '../printing/printer-target.ts';
import { webhookPortProblems } from '../settings/listener-ports.ts';
import { settingsHandlers } from '../settings/settings-handlers.ts';
import type { CoreBase } from './core-base.ts';
import type { ProviderGives } from './provider-feature.ts';
import type { RegisterGives } from './register-feature.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';
import type { StatusGives } from './status-feature.ts';

// settings.* (../settings/settings-handlers.ts): after the register and the status bar, since a save is checked
// against the ports the till listens on and refreshes what the status bar says of the provider.

type Needs = CoreBase & SettingsGives & StaffGives & ProviderGives & RegisterGives & StatusGives;

export const settingsHandlersFeature: CoreModule<Needs> = {
  name: 'settings handlers',
  start({ options, settings, admin, provider, staff, ecr, ownPorts, status }) {
    const webhookPorts = webhookPortProblems({ current: () => settings.current(), ownPorts });
    const printerTarget = { dataDir: options.dataDir, ownPorts };
    return {
      handlers: settingsHandlers({
        settings,
        admin,
        provider,
        refreshStatus: () => void status.refresh(),
        pinProblems: (patch) => staff.pinProblems(patch),
        listenerProblems: async (candidate, known) => ({
          ...(await ecr.settingsProblems(candidate, known)),
          ...(await webhookPorts(candidate, known)),
          ...(await printerTargetProblems(candidate, printerTarget, settings.current().printer)),
        }),
      }),
    };
  },
};
