import { journalUnavailable, type Atomically, type Transactions } from './database.ts';

// What both journal facades (../payments/journal/journal.ts for payments, ../customers/journal.ts for linked customers) wrap
// around their calls, so the two keep one rule for what a caller sees when something fails:
// - a failure of the journal itself (a call refused by the database, a BEGIN or COMMIT that fails, a closed
//   journal) reaches the caller as PosError('journal.unavailable'): typed, so a disk error in the middle of a
//   payment is an answer the service handles (it stops taking payments), never a crash;
// - what the caller's own work throws inside atomically passes through unchanged. The journal calls in it are
//   guarded already, so anything else is the caller's: its own refusal, or a bug that must not be disguised
//   as a retryable disk problem.

export interface JournalFacade {
  /** Wraps one journal call: refused once closed; a database failure becomes journal.unavailable. */
  guard<A extends unknown[], R>(operation: (...args: A) => R): (...args: A) => R;
  /** Groups the caller's calls into one commit, by the rule above. `work` must be synchronous. */
  readonly atomically: Atomically;
  /** Marks the journal closed (every later call refused) and closes its file, once. */
  close(): void;
}

export function journalFacade(options: {
  /** Which journal, for the cause a refused call carries into the logs. */
  readonly name: string;
  readonly transactions: Transactions;
  readonly closeFile: () => void;
}): JournalFacade {
  let open = true;
  const refuseWhenClosed = (): void => {
    if (!open) throw journalUnavailable(new Error(`The ${options.name} is closed`));
  };
  return {
    guard:
      <A extends unknown[], R>(operation: (...args: A) => R) =>
      (...args: A): R => {
        refuseWhenClosed();
        try {
          return operation(...args);
        } catch (error) {
          throw journalUnavailable(error);
        }
      },
    atomically: <T>(work: () => T): T => {
      refuseWhenClosed();
      let thrownByWork = false;
      try {
        return options.transactions.atomically(() => {
          try {
            return work();
          } catch (error) {
            thrownByWork = true;
            throw error;
          }
        });
      } catch (error) {
        throw thrownByWork ? error : journalUnavailable(error);
      }
    },
    close: () => {
      if (!open) return;
      open = false;
      options.closeFile();
    },
  };
}
