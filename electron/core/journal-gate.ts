import type { JournalAction, JournalName, JournalProblem } from '../../shared/journal.ts';
import { PosError } from '../../shared/errors.ts';
import { notice } from '../../shared/notices.ts';
import { JournalLostError, resolveJournalProblem } from './sqlite/journal-file.ts';
import type { JournalRecords } from './sqlite/journal-record.ts';

// One journal's service behind a gate. Started normally, it is simply that service. When its journal was
// refused at start (JournalLostError: missing, empty, another file, rolled back, corrupt), a stand-in takes
// its place that refuses every call with journal.lost, so nothing is taken that could not be recorded in the
// right journal, until an admin resolves the problem (journal.resolve). The real service then starts in its
// place, without restarting the app. Used for both journals (payments and linked customers).

export interface JournalGate<M> {
  /** The service in effect: the real one, or the stand-in while the journal is refused. */
  current(): M;
  problem(): JournalProblem | null;
  /** Does what the admin chose on the files (journal-file.ts), then starts the service again. */
  resolve(action: JournalAction, now: () => number): Promise<void>;
}

export interface JournalGateOptions<M> {
  readonly journal: JournalName;
  /** The till's record of its journals (sqlite/journal-record.ts): what start-new and accept supersede. */
  readonly records: JournalRecords;
  /** Starts the real service (opening its journal); throws JournalLostError when the journal is refused. */
  readonly start: () => Promise<M>;
  /** What answers while the journal is refused. */
  readonly standIn: (problem: JournalProblem) => M;
}

export async function openJournalGate<M>(options: JournalGateOptions<M>): Promise<JournalGate<M>> {
  let problem: JournalProblem | null = null;
  let current: M;
  let resolving: Promise<void> | null = null;

  const startOrStandIn = async (): Promise<void> => {
    try {
      current = await options.start();
      problem = null;
    } catch (error) {
      if (!(error instanceof JournalLostError)) throw error;
      problem = error.problem;
      current = options.standIn(problem);
    }
  };
  await startOrStandIn();

  return {
    current: () => current,
    problem: () => problem,
    resolve(action, now) {
      // One resolution at a time: two admins pressing "start a new journal" must not set aside twice.
      resolving ??= (async () => {
        try {
          const refused = problem;
          if (!refused) return;
          try {
            resolveJournalProblem(
              { filePath: refused.filePath, journal: options.journal, now, records: options.records },
              refused.kind,
              action,
            );
          } catch (error) {
            // Meanwhile the file changed into another problem: that one is shown now, and nothing was done.
            if (!(error instanceof JournalLostError)) throw error;
          }
          await startOrStandIn();
        } finally {
          resolving = null;
        }
      })();
      return resolving;
    },
  };
}

/**
 * The typed refusal every call gets while a journal is refused. A damaged linked-customer journal is named as
 * such (its file, and to restore it), not left to the code's general text.
 */
export function journalLost(problem: JournalProblem): PosError {
  const details = { journal: problem.journal, kind: problem.kind, filePath: problem.filePath };
  if (problem.journal === 'customers' && problem.kind === 'corrupt') {
    return new PosError('journal.lost', {
      notice: notice('journal.customers-damaged', { file: problem.filePath }),
      details,
    });
  }
  return new PosError('journal.lost', { details });
}
