import type { CoreModule } from '../core-module.ts';
import { createHealthModule, type HealthModule } from '../health/health-module.ts';
import type { CoreBase } from './core-base.ts';
import type { CustomersGives } from './customers-feature.ts';
import type { PrintingGives } from './printing-feature.ts';
import type { ServicesContextGives } from './services-context-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// Check this till (health.check): the provider's connection test as the status bar makes it, the journals,
// the printer, the listeners, the disk; each feature's own checks (`health` of its start) are added to it.

export interface HealthGives {
  readonly health: HealthModule;
}

type Needs = CoreBase & StaffGives & ServicesContextGives & CustomersGives & PrintingGives;

export const healthFeature: CoreModule<Needs, HealthGives> = {
  name: 'health',
  start({ options, settings, connection, journalProblems, printing, listeners }) {
    const health = createHealthModule({
      dataDir: options.dataDir,
      settings: () => settings.current(),
      testConnection: () => connection.testConnection(),
      journalProblems,
      askPrinter: () => printing.check(),
      listenerProblems: () => listeners.problems(),
      ...options.health,
    });
    return { handlers: health.handlers, gives: { health } };
  },
};
