import type { CoreContext } from '../core-context.ts';
import type { CoreModule } from '../core-module.ts';
import { createTillOutbox, type TillOutbox } from '../head-office/outbox/till-outbox.ts';
import { createListenerBoard, type ListenerBoard } from '../status/listener-board.ts';
import { createStatusBudget, type StatusBudget } from '../status/status-budget.ts';
import type { CoreBase } from './core-base.ts';
import { providerProbe, type ProviderProbe } from './provider-probe.ts';
import type { ProviderGives } from './provider-feature.ts';
import type { StaffGives } from './staff-feature.ts';
import type { TrainingGives } from './training-feature.ts';

// What every service is handed (../core-context.ts): the terminal's status budget they share with the status
// bar's probe, the board of listeners that cannot listen, and the hooks back to the status bar. Started just
// before the services, so it closes just after them: whatever still waits for a slot (a status probe) is then
// refused, and no budget timer keeps the process alive.

export interface ServicesContextGives {
  readonly context: CoreContext;
  /** A listener that cannot listen (a port another program took) never stops the till: the status bar says it. */
  readonly listeners: ListenerBoard;
  readonly statusBudget: StatusBudget;
  readonly connection: ProviderProbe;
  /** The head office's outbox, which both journals attach to as they open (../head-office/outbox/). */
  readonly headOfficeOutbox: TillOutbox;
}

export const servicesContextFeature: CoreModule<
  CoreBase & StaffGives & ProviderGives & TrainingGives,
  ServicesContextGives
> = {
  name: 'status budget',
  start({ options, journalRecords, fetch, settings, staff, provider, training, bus, hooks, linesOf }) {
    const listeners = createListenerBoard({ log: linesOf('listeners') });
    const statusBudget = createStatusBudget({ perSecond: () => settings.current().statusRequestsPerSecond });
    const headOfficeOutbox = createTillOutbox({
      enabled: settings.current().headOffice.enabled,
      currency: () => settings.current().currency,
    });
    const context: CoreContext = {
      dataDir: options.dataDir,
      journalRecords,
      headOfficeOutbox,
      statusBudget,
      fetch,
      settings,
      staff: staff.access,
      provider,
      training,
      emit: bus.emit,
      countsChanged: () => hooks.countsChanged.emit(),
      providerAnswered: (answered) => hooks.providerAnswered.emit(answered),
      listeners,
    };
    return {
      close: () => statusBudget.close(),
      gives: { context, listeners, statusBudget, connection: providerProbe(provider, statusBudget), headOfficeOutbox },
    };
  },
};
