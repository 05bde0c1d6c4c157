import type { ListenerName, ListenerProblem } from '../../../shared/status.ts';
import { noticeInEnglish } from '../../../shared/notices.ts';
import { PosError } from '../../../shared/errors.ts';
import { listenRefusalOf } from '../http/listen.ts';

// Which of the till's listeners cannot listen, and why: each listener says so whenever it (re)starts, the status
// bar and Settings show it, and the log keeps the system's reason. A listener that cannot listen never stops
// the till: payments go on (by polling where a webhook is missing).

export interface ListenerBoard {
  /** The listener listens (or is off on purpose). */
  listening(listener: ListenerName): void;
  /** The listener could not listen on `port`: `error` is why (listen.refused, or anything else thrown). */
  failed(listener: ListenerName, port: number, error: unknown): void;
  problems(): readonly ListenerProblem[];
  /** Calls back on every change; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export function createListenerBoard(options: { readonly log: (line: string) => void }): ListenerBoard {
  const current = new Map<ListenerName, ListenerProblem>();
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of listeners) listener();
  };
  return {
    listening(listener) {
      if (!current.delete(listener)) return;
      options.log(`${listener}: listening again`);
      changed();
    },
    failed(listener, port, error) {
      const problem: ListenerProblem = { listener, port, refusal: listenRefusalOf(error) };
      options.log(`${listener}: not listening on port ${port}: ${describe(error)}`);
      const before = current.get(listener);
      current.set(listener, problem);
      if (before?.port !== port || before.refusal !== problem.refusal) changed();
    },
    problems: () => [...current.values()],
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof PosError && error.notice) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${noticeInEnglish(error.notice)}${cause}`;
  }
  return error instanceof Error ? error.message : String(error);
}
