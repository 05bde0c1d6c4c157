import type { Handlers } from '../../../shared/contract.ts';
import type { HealthCheckId } from '../../../shared/health.ts';
import { HEALTH_CHECK_IDS } from '../../../shared/health.ts';
import type { ListenerProblem } from '../../../shared/status.ts';
import type { JournalProblem } from '../../../shared/journal.ts';
import type { PrinterStatus } from '../../../shared/printer.ts';
import type { Settings, ConnectionTestResult } from '../../../shared/settings.ts';
import { runChecks, type HealthProbe } from './health-runner.ts';
import {
  cameraCheck,
  DEFAULT_MIN_FREE_BYTES,
  diskCheck,
  journalCheck,
  printerCheck,
  providerChecks,
  registerCheck,
  scannerCheck,
  webhooksCheck,
} from './till-checks.ts';

// health.check: every part of the till asked at once (Settings → About → Check this till). The core's own
// parts are wired here; a part that lives elsewhere (the updater, in Electron's main) adds its check through
// `provide` — and while none is provided its id is left out of the answer, never answered for it.

export interface HealthDeps {
  readonly dataDir: string;
  readonly settings: () => Settings;
  /** The provider's connection test, as Settings' "Test connection" runs it (rejects when nothing is set up). */
  readonly testConnection: () => Promise<ConnectionTestResult>;
  readonly journalProblems: () => readonly JournalProblem[];
  /** Asks the ESC/POS receipt printer now; null when receipts go to the computer's own printer. */
  readonly askPrinter: () => Promise<PrinterStatus | null>;
  readonly listenerProblems: () => readonly ListenerProblem[];
  /** Each check's time limit (default 5 s). */
  readonly timeoutMs?: number;
  /** Free space below which `disk` fails (default 200 MB; tests raise it). */
  readonly minFreeBytes?: number;
}

export interface HealthModule {
  readonly handlers: Pick<Handlers, 'health.check'>;
  /** Another module's check (`updates`), asked with the others from now on; returns its removal. */
  provide(id: HealthCheckId, probe: HealthProbe): () => void;
}

const DEFAULT_TIMEOUT_MS = 5_000;

export function createHealthModule(deps: HealthDeps): HealthModule {
  const provided = new Map<HealthCheckId, HealthProbe>();
  return {
    provide(id, probe) {
      provided.set(id, probe);
      return () => {
        if (provided.get(id) === probe) provided.delete(id);
      };
    },
    handlers: {
      async 'health.check'({ devices }) {
        const { provider, clock } = providerChecks(deps.testConnection);
        const own: Partial<Record<HealthCheckId, HealthProbe>> = {
          provider,
          clock,
          journal: journalCheck(deps.dataDir, deps.journalProblems),
          disk: diskCheck(deps.dataDir, deps.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES),
          printer: printerCheck(deps.askPrinter),
          scanner: scannerCheck(devices),
          camera: cameraCheck(devices),
          register: registerCheck(deps.settings, deps.listenerProblems),
          webhooks: webhooksCheck(deps.listenerProblems),
        };
        const probes = HEALTH_CHECK_IDS.flatMap((id) => {
          const probe = provided.get(id) ?? own[id];
          return probe ? [[id, probe] as const] : [];
        });
        return { checks: await runChecks(probes, deps.timeoutMs ?? DEFAULT_TIMEOUT_MS) };
      },
    },
  };
}
