import type { CoreModule } from '../core-module.ts';
import { startRegisterModule, type RegisterModule } from '../ecr/register-module.ts';
import type { CoreBase } from './core-base.ts';
import { tillOwnPorts } from './own-ports.ts';
import type { PaymentsGives } from './payments-feature.ts';
import type { ProviderGives } from './provider-feature.ts';
import type { ServicesContextGives } from './services-context-feature.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// The register connection: its own listener (Settings → Register connection), its sales through the payment
// service (behind the same journal gate). Started after the services, it closes before them: no register may
// start a sale while they close.

export interface RegisterGives {
  readonly ecr: RegisterModule;
  /** The ports this till itself listens on (the transport's, the embedded sandbox's): Settings refuses them. */
  readonly ownPorts: () => number[];
}

type Needs = CoreBase & SettingsGives & StaffGives & ProviderGives & ServicesContextGives & PaymentsGives;

export const registerFeature: CoreModule<Needs, RegisterGives> = {
  name: 'register',
  async start({ options, settings, admin, payments, bus, provider, listeners, linesOf }) {
    const ownPorts = (): number[] => tillOwnPorts(options, provider);
    const ecr = await startRegisterModule({
      dataDir: options.dataDir,
      settings,
      admin,
      payments: payments.register,
      subscribe: bus.subscribe,
      version: options.version,
      heartbeatMs: options.registerHeartbeatMs,
      ownPorts,
      requestTimeoutMs: options.registerRequestTimeoutMs,
      listeners,
      log: linesOf('register'),
    });
    return { handlers: ecr.handlers, close: () => ecr.close(), gives: { ecr, ownPorts } };
  },
};
