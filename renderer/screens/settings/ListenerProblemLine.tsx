import type { ListenerName, ListenRefusal } from '../../../shared/status.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';

// Under a webhook's listen port: why that listener is not listening as saved (a port another program took, one
// this computer refuses), from the status the status bar shows too. Payments go on without it, by polling.

const WORDS: Readonly<Record<ListenRefusal, MessageKey>> = {
  'in-use': 'settings.listenerInUse',
  'not-allowed': 'settings.listenerNotAllowed',
  other: 'settings.listenerNotStarted',
};

export function ListenerProblemLine({ listener, testId }: { listener: ListenerName; testId: string }) {
  const t = useT();
  const problem = useAppStore((state) => state.status?.listenerProblems.find((p) => p.listener === listener));
  if (!problem) return null;
  return (
    <p className="error-text" role="status" data-testid={testId}>
      {t(WORDS[problem.refusal], { port: problem.port })}
    </p>
  );
}
