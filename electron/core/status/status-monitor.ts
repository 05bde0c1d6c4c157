import type { ConnectionTestResult } from '../../../shared/settings.ts';
import type { ListenerProblem, StatusSnapshot } from '../../../shared/status.ts';
import type { JournalProblem } from '../../../shared/journal.ts';
import type { PrinterStatus } from '../../../shared/printer.ts';
import type { PaymentCounts } from '../payments/payment-module.ts';

// The status bar's facts: provider reachable, clock skew, pending and unresolved counts, journals refused and
// listeners that cannot listen. A light probe
// (one signed status lookup of a reference that cannot exist) runs at start and then periodically; counts
// come from the payment service whenever it says they changed. Listeners hear only real changes, not
// every tick, so the renderer is not woken every few seconds for nothing.

export interface StatusInputs {
  /** Environment and demo flag as the settings say now. */
  readonly environment: () => Pick<StatusSnapshot, 'environment' | 'demo'>;
  /** One probe of the provider; null when it cannot be probed (no credentials set up yet). */
  readonly probe: () => Promise<ConnectionTestResult | null>;
  readonly counts: () => PaymentCounts;
  /** Journals refused at start (journal-gate.ts); none when absent. */
  readonly journalProblems?: () => readonly JournalProblem[];
  /** Listeners that cannot listen (listener-board.ts); none when absent. */
  readonly listenerProblems?: () => readonly ListenerProblem[];
  /** The ESC/POS receipt printer's last state (core/printing/); null or absent when there is none to show. */
  readonly printer?: () => PrinterStatus | null;
  readonly onChange: (snapshot: StatusSnapshot) => void;
  readonly intervalMs: number;
  /** While the provider is unreachable, probe again this soon (the cashier should see it back quickly). */
  readonly unreachableRetryMs?: number;
  readonly now?: () => number;
}

export interface StatusMonitor {
  snapshot(): StatusSnapshot;
  /** Probes now (concurrent calls share one probe) and returns the fresh snapshot. */
  refresh(): Promise<StatusSnapshot>;
  /**
   * What a provider call just showed (true: it answered; false: no answer or a 5xx). A failure turns the bar
   * to "unreachable" at once and probes again soon; an answer after a failure turns it back at once.
   */
  observe(answered: boolean): void;
  /** Re-reads environment and counts without probing (settings saved, payment counts changed). */
  recount(): void;
  start(): void;
  close(): void;
}

// Short: once the provider is back the bar should say so within a couple of seconds, like the payments do.
const DEFAULT_UNREACHABLE_RETRY_MS = 2_000;

/** Clock skew moves by a few ms between probes; the status bar cares about whole seconds. */
const SKEW_CHANGE_WORTH_TELLING_MS = 1_000;

export function createStatusMonitor(inputs: StatusInputs): StatusMonitor {
  const now = inputs.now ?? Date.now;
  let probe: { reachable: boolean | null; clockSkewMs: number | null; checkedAt: string | null } = {
    reachable: null,
    clockSkewMs: null,
    checkedAt: null,
  };
  let current = build();
  let inFlight: Promise<StatusSnapshot> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let closed = false;

  function build(): StatusSnapshot {
    const counts = inputs.counts();
    return {
      ...inputs.environment(),
      providerReachable: probe.reachable,
      clockSkewMs: probe.clockSkewMs,
      pendingCount: counts.pendingCount,
      unresolvedCount: counts.unresolvedCount,
      checkedAt: probe.checkedAt,
      journalProblems: inputs.journalProblems?.() ?? [],
      listenerProblems: inputs.listenerProblems?.() ?? [],
      ...printerPart(inputs.printer?.() ?? null),
    };
  }

  function update(): StatusSnapshot {
    const next = build();
    const previous = current;
    current = next;
    if (!closed && isWorthTelling(previous, next)) inputs.onChange(next);
    return next;
  }

  async function runProbe(): Promise<StatusSnapshot> {
    const environmentAtStart = inputs.environment().environment;
    let result: ConnectionTestResult | null;
    try {
      result = await inputs.probe();
    } catch {
      // The probe is not supposed to throw; if it does, the provider's state is simply unknown.
      result = null;
    }
    // Closed while probing: the services behind counts() may be gone already.
    if (closed) return current;
    // Settings switched environment while probing: this result describes the old one.
    if (inputs.environment().environment !== environmentAtStart) return update();
    probe = {
      reachable: result ? result.reachable : null,
      clockSkewMs: result ? result.clockSkewMs : null,
      checkedAt: new Date(now()).toISOString(),
    };
    if (probe.reachable === false) retrySoon();
    return update();
  }

  function retrySoon(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void monitor.refresh();
    }, inputs.unreachableRetryMs ?? DEFAULT_UNREACHABLE_RETRY_MS);
    retryTimer.unref();
  }

  const monitor: StatusMonitor = {
    snapshot: () => current,
    refresh() {
      inFlight ??= runProbe().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    observe(answered) {
      if (closed || probe.reachable === answered) return;
      // The clock skew is the probe's to measure; a payment call says nothing new about it.
      probe = { ...probe, reachable: answered, checkedAt: new Date(now()).toISOString() };
      if (!answered) retrySoon();
      update();
    },
    recount() {
      if (!closed) update();
    },
    start() {
      if (timer || closed) return;
      void this.refresh();
      timer = setInterval(() => void this.refresh(), inputs.intervalMs);
      timer.unref();
    },
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (retryTimer) clearTimeout(retryTimer);
      timer = null;
      retryTimer = null;
    },
  };
  return monitor;
}

function printerPart(printer: PrinterStatus | null): Pick<StatusSnapshot, 'printer'> {
  return printer ? { printer } : {};
}

function isWorthTelling(a: StatusSnapshot, b: StatusSnapshot): boolean {
  if (
    a.environment !== b.environment ||
    a.demo !== b.demo ||
    a.providerReachable !== b.providerReachable ||
    a.pendingCount !== b.pendingCount ||
    a.unresolvedCount !== b.unresolvedCount ||
    JSON.stringify(a.journalProblems) !== JSON.stringify(b.journalProblems) ||
    JSON.stringify(a.listenerProblems) !== JSON.stringify(b.listenerProblems) ||
    a.printer?.state !== b.printer?.state
  ) {
    return true;
  }
  if ((a.clockSkewMs === null) !== (b.clockSkewMs === null)) return true;
  if (a.clockSkewMs !== null && b.clockSkewMs !== null)
    return Math.abs(a.clockSkewMs - b.clockSkewMs) >= SKEW_CHANGE_WORTH_TELLING_MS;
  return a.checkedAt === null && b.checkedAt !== null;
}
