import type { Handlers } from '../../shared/contract.ts';
import type { AppInfo } from '../../shared/status.ts';
import type { LearnedAmountLimits } from '../../shared/payments.ts';
import type { JournalProblem } from '../../shared/journal.ts';
import { buildAppInfo } from './app-info.ts';
import type { DemoCredentials, ProviderAccess } from './provider/provider-access.ts';
import { terminalInEffect } from './provider/terminal-in-effect.ts';
import type { SettingsService } from './settings/settings-service.ts';
import type { StatusMonitor } from './status/status-monitor.ts';

// app.info and status.get: who and where this till is, and what the status bar shows.

export interface AppHandlerDeps {
  readonly version: string;
  readonly transport: AppInfo['transport'];
  readonly settings: SettingsService;
  readonly provider: ProviderAccess;
  readonly demoCredentials: DemoCredentials;
  readonly status: StatusMonitor;
  /** Journals refused at start (journal-gate.ts). */
  readonly journalProblems: () => readonly JournalProblem[];
  /** The in-store service's (payments/provider-amount-limits.ts). */
  readonly learnedAmountLimits: () => Promise<LearnedAmountLimits>;
}

export function appHandlers(deps: AppHandlerDeps): Pick<Handlers, 'app.info' | 'status.get'> {
  return {
    async 'app.info'() {
      const settings = deps.settings.current();
      const sandbox = settings.environment === 'embedded-sandbox' ? await deps.provider.ensureSandbox() : null;
      return buildAppInfo({
        version: deps.version,
        transport: deps.transport,
        settings,
        ...terminalInEffect(settings, deps.demoCredentials),
        sandboxOrigin: sandbox?.origin ?? null,
        journalProblems: deps.journalProblems(),
        providerAmountLimits: await deps.learnedAmountLimits(),
      });
    },
    async 'status.get'() {
      return deps.status.snapshot();
    },
  };
}
