import type { CoreModule } from '../core-module.ts';
import { syslogHealth } from '../logging/syslog-health.ts';
import type { CoreBase } from './core-base.ts';
import type { SettingsGives } from './settings-feature.ts';

// The logs' copy to the chain's collector (../logging/syslog-forwarder.ts) follows Settings (`syslog`, admin-only,
// lockable by the fleet's policy like every setting), and says in "Check this till" how it goes: off, sending, or
// down with the lines it had to drop. The forwarder itself is the core's from the first line (core.ts).

export const logsFeature: CoreModule<CoreBase & SettingsGives> = {
  name: 'logs',
  start({ settingsAlone, syslog }) {
    const apply = (): void => syslog.configure(settingsAlone.current().syslog);
    apply();
    const stop = settingsAlone.onChange(apply);
    return {
      health: { logs: async () => syslogHealth(settingsAlone.current().syslog, syslog.state()) },
      close: stop,
    };
  },
};
