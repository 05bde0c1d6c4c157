import type { StatusSnapshot } from '../../../shared/status.ts';
import type { TillLog } from './log-file.ts';

// The status bar's changes, as lines in the core's log: when the provider stopped answering and when it came
// back, a journal refused at start, a listener that cannot listen, the printer's state. The status bar shows
// only now; the log keeps when, which is what support asks first ("since when does it say offline?"). Only
// changes are written: the status bar is recounted many times a minute.

export function statusLogger(log: TillLog): (snapshot: StatusSnapshot) => void {
  let previous: StatusSnapshot | null = null;
  return (snapshot) => {
    const before = previous;
    previous = snapshot;
    if (snapshot.providerReachable !== null && snapshot.providerReachable !== before?.providerReachable) {
      if (snapshot.providerReachable)
        log.info('status', 'status.provider-reachable', { environment: snapshot.environment });
      else log.warn('status', 'status.provider-unreachable', { environment: snapshot.environment });
    }
    const journals = (s: StatusSnapshot | null): string =>
      JSON.stringify((s?.journalProblems ?? []).map((problem) => [problem.journal, problem.kind]));
    if (journals(snapshot) !== journals(before))
      log.error('status', 'status.journal-problems', {
        problems: snapshot.journalProblems.map(({ journal, kind, detail }) => ({ journal, kind, detail })),
      });
    const listeners = (s: StatusSnapshot | null): string =>
      JSON.stringify((s?.listenerProblems ?? []).map((problem) => [problem.listener, problem.port]));
    if (listeners(snapshot) !== listeners(before))
      log.warn('status', 'status.listener-problems', { problems: snapshot.listenerProblems });
    const printerState = snapshot.printer?.state ?? null;
    if (printerState !== null && printerState !== (before?.printer?.state ?? null))
      log[printerState === 'ready' ? 'info' : 'warn']('status', 'status.printer', { state: printerState });
  };
}
