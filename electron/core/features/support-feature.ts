import type { CoreModule } from '../core-module.ts';
import { supportHandlers } from '../support/support-handlers.ts';
import type { CoreBase } from './core-base.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';
import type { StatusGives } from './status-feature.ts';

// The support bundle (Settings → About): the logs, the settings without secrets, the status bar as it is now.

export const supportFeature: CoreModule<CoreBase & SettingsGives & StaffGives & StatusGives> = {
  name: 'support',
  start({ options, settings, admin, statusNow, coreLog, rendererLog }) {
    return {
      handlers: supportHandlers({
        dataDir: options.dataDir,
        version: options.version,
        settings,
        admin,
        statusNow,
        coreLog,
        rendererLog,
      }),
    };
  },
};
