import type { StatusSnapshot } from '../../../shared/status.ts';
import type { CoreModule } from '../core-module.ts';
import { statusLogger } from '../logging/status-log.ts';
import { createStatusMonitor, type StatusMonitor } from '../status/status-monitor.ts';
import type { CoreBase } from './core-base.ts';
import type { CustomersGives } from './customers-feature.ts';
import type { PrintingGives } from './printing-feature.ts';
import type { ServicesContextGives } from './services-context-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// The status bar: the environment, the provider's probe, what the till is still settling, the journals, the
// listeners and the printer. Started after all it counts; the services started before it tell it of a change
// through the hooks (../core-hooks.ts), and its changes go to the screens and, with their time, to the log.

export interface StatusGives {
  readonly status: StatusMonitor;
  /** Recounted now: what a handler answers after a change (journal.resolve, the support bundle). */
  readonly statusNow: () => StatusSnapshot;
}

const DEFAULT_STATUS_INTERVAL_MS = 30_000;

type Needs = CoreBase & StaffGives & ServicesContextGives & CustomersGives & PrintingGives;

export const statusFeature: CoreModule<Needs, StatusGives> = {
  name: 'status',
  start({ options, settings, connection, openCounts, journalProblems, listeners, printing, bus, hooks, coreLog }) {
    const logStatus = statusLogger(coreLog);
    const status = createStatusMonitor({
      environment: () => {
        const { environment } = settings.current();
        return { environment, demo: environment === 'embedded-sandbox' };
      },
      probe: connection.probe,
      counts: openCounts,
      journalProblems,
      listenerProblems: () => listeners.problems(),
      printer: () => printing.status(),
      onChange: (snapshot) => {
        logStatus(snapshot);
        bus.emit('status.changed', snapshot);
      },
      intervalMs: options.statusIntervalMs ?? DEFAULT_STATUS_INTERVAL_MS,
    });
    const stops = [
      hooks.countsChanged.on(() => status.recount()),
      hooks.providerAnswered.on((answered) => status.observe(answered)),
      hooks.printerChanged.on(() => status.recount()),
      listeners.onChange(() => status.recount()),
      settings.onChange((view) => {
        bus.emit('settings.changed', view);
        status.recount();
        printing.recheck();
        // Another environment or other credentials: what the status bar said about the provider no longer holds.
        void status.refresh();
      }),
    ];
    const statusNow = (): StatusSnapshot => {
      status.recount();
      return status.snapshot();
    };
    return {
      run: () => status.start(),
      close: () => {
        status.close();
        for (const stop of stops) stop();
      },
      gives: { status, statusNow },
    };
  },
};
