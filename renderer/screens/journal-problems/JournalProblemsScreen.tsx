import { useState } from 'react';
import type { JournalAction, JournalProblem } from '../../../shared/journal.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { AdminPinForm } from '../settings/AdminPinForm.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { dateTime } from '../../components/format.ts';

// The screen that replaces the till's screens while a journal is refused (StatusSnapshot.journalProblems):
// what is wrong with which file, what was lost, and what an admin can do about it — check again after
// putting the backup back, keep the file as it is, or start a new journal (the file set aside). The core
// refuses the same calls with journal.lost whatever the page does; this screen says why and how to go on.

export function JournalProblemsScreen({ problems }: { problems: readonly JournalProblem[] }) {
  const t = useT();
  return (
    <section
      className="journal-problems"
      role="alert"
      aria-labelledby="journal-problems-title"
      data-testid="journal-problems"
    >
      <h1 id="journal-problems-title">{t('journal.title')}</h1>
      {problems.map((problem) => (
        <JournalProblemCard key={problem.journal} problem={problem} />
      ))}
    </section>
  );
}

function JournalProblemCard({ problem }: { problem: JournalProblem }) {
  const t = useT();
  const locale = useLocale();
  const resolve = useJournalResolve(problem);
  const at = (iso: string | null) => (iso ? dateTime(iso, locale) : '—');
  const id = `journal-${problem.journal}`;
  return (
    <article className="journal-problem" aria-labelledby={`${id}-name`} data-testid={id} data-kind={problem.kind}>
      <h2 id={`${id}-name`}>{t(`journal.name.${problem.journal}`)}</h2>
      <p className="journal-kind" data-testid={`${id}-kind`}>
        {t(`journal.kind.${problem.kind}`)}
      </p>
      <LostFacts problem={problem} at={at} />
      {problem.detail && problem.kind === 'corrupt' && (
        <p className="journal-detail">{t('journal.detail', { detail: problem.detail })}</p>
      )}
      <p className="journal-file" data-testid={`${id}-file`}>
        {t('journal.file', { path: problem.filePath })}
      </p>
      <p>{t('journal.refused')}</p>
      <p>{t('journal.restoreHelp')}</p>
      <JournalActions problem={problem} resolve={resolve} />
      <ErrorText error={resolve.error} testId={`${id}-error`} />
      {resolve.message && (
        <p role="status" data-testid={`${id}-message`}>
          {resolve.message}
        </p>
      )}
    </article>
  );
}

type JournalResolve = ReturnType<typeof useJournalResolve>;

/**
 * Runs an action on the refused journal; one that needs an administrator waits for the PIN, and "start a new
 * journal" for a second yes.
 */
function useJournalResolve(problem: JournalProblem) {
  const t = useT();
  const bridge = useBridge();
  const setStatus = useAppStore((state) => state.setStatus);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [needsAdmin, setNeedsAdmin] = useState<JournalAction | null>(null);

  const run = async (action: JournalAction): Promise<void> => {
    setBusy(true);
    setError(null);
    setMessage(null);
    const result = await bridge['journal.resolve']({ journal: problem.journal, action });
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      if (result.error.code === 'admin.pin-required') setNeedsAdmin(action);
      else setError(result.error);
      return;
    }
    setNeedsAdmin(null);
    setStatus(result.value);
    const stillRefused = result.value.journalProblems.some((p) => p.journal === problem.journal);
    setMessage(stillRefused ? t('journal.stillRefused') : t('journal.resolved'));
  };

  return { busy, error, message, confirming, setConfirming, needsAdmin, setNeedsAdmin, run };
}

function JournalActions({ problem, resolve }: { problem: JournalProblem; resolve: JournalResolve }) {
  const t = useT();
  const { busy, run, needsAdmin, setNeedsAdmin, confirming, setConfirming } = resolve;
  const id = `journal-${problem.journal}`;
  if (needsAdmin) {
    return (
      <>
        <p>{t('journal.adminNeeded')}</p>
        <AdminPinForm submitLabel={t('journal.unlockAndDo')} onUnlocked={() => void run(needsAdmin)}>
          <button type="button" className="button" onClick={() => setNeedsAdmin(null)}>
            {t('journal.cancel')}
          </button>
        </AdminPinForm>
      </>
    );
  }
  if (confirming) {
    return (
      <div className="actions" role="group">
        <p>{t('journal.confirmStartNew')}</p>
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={() => void run('start-new')}
          data-testid={`${id}-confirm-start-new`}
        >
          {t('journal.confirm')}
        </button>
        <button type="button" className="button" onClick={() => setConfirming(false)}>
          {t('journal.cancel')}
        </button>
      </div>
    );
  }
  return (
    <div className="actions journal-actions">
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        onClick={() => void run('recheck')}
        data-testid={`${id}-recheck`}
      >
        {t('journal.recheck')}
      </button>
      {problem.actions.includes('accept') && (
        <div className="journal-action">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run('accept')}
            data-testid={`${id}-accept`}
          >
            {t('journal.accept')}
          </button>
          <p className="hint">{t('journal.acceptHelp')}</p>
        </div>
      )}
      {problem.actions.includes('start-new') && (
        <div className="journal-action">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => setConfirming(true)}
            data-testid={`${id}-start-new`}
          >
            {t('journal.startNew')}
          </button>
          <p className="hint">{t('journal.startNewHelp')}</p>
        </div>
      )}
    </div>
  );
}

/** What the till had recorded, what the file has, and what is missing between the two. */
function LostFacts({ problem, at }: { problem: JournalProblem; at: (iso: string | null) => string }) {
  const t = useT();
  const { recordedWrites, foundWrites } = problem;
  const missing = recordedWrites !== null && foundWrites !== null ? recordedWrites - foundWrites : null;
  return (
    <div className="journal-facts" data-testid={`journal-${problem.journal}-facts`}>
      {recordedWrites !== null && (
        <p>
          {recordedWrites > 0
            ? t('journal.recorded', { writes: recordedWrites, at: at(problem.recordedLastWriteAt) })
            : t('journal.recordedNever')}
        </p>
      )}
      {problem.kind !== 'missing' && problem.kind !== 'corrupt' && (
        <p>
          {foundWrites !== null
            ? t('journal.found', { writes: foundWrites, at: at(problem.foundLastWriteAt) })
            : t('journal.foundNone')}
        </p>
      )}
      {problem.kind === 'behind' && missing !== null && missing > 0 && (
        <p>{t('journal.missingSince', { missing, at: at(problem.foundLastWriteAt) })}</p>
      )}
      {(problem.kind === 'missing' || problem.kind === 'empty' || problem.kind === 'replaced') &&
        recordedWrites !== null &&
        recordedWrites > 0 && <p>{t('journal.allMissing')}</p>}
    </div>
  );
}
