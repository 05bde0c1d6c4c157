import { appHandlers } from '../app-handlers.ts';
import type { CoreModule } from '../core-module.ts';
import type { CoreBase } from './core-base.ts';
import type { CustomersGives } from './customers-feature.ts';
import type { PaymentsGives } from './payments-feature.ts';
import type { ProviderGives } from './provider-feature.ts';
import type { StaffGives } from './staff-feature.ts';
import type { StatusGives } from './status-feature.ts';

// app.info and status.get (../app-handlers.ts): who and where this till is, and what the status bar shows.

type Needs = CoreBase & StaffGives & ProviderGives & PaymentsGives & CustomersGives & StatusGives;

export const appFeature: CoreModule<Needs> = {
  name: 'app',
  start({ options, settings, provider, demoCredentials, status, journalProblems, payments }) {
    return {
      handlers: appHandlers({
        version: options.version,
        transport: options.transport,
        settings,
        provider,
        demoCredentials,
        status,
        journalProblems,
        learnedAmountLimits: () => payments.learnedAmountLimits(),
      }),
    };
  },
};
