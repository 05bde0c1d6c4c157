import type { Handlers } from '../../shared/contract.ts';
import type { StatusSnapshot } from '../../shared/status.ts';
import type { JournalName, JournalProblem } from '../../shared/journal.ts';
import { PosError } from '../../shared/errors.ts';
import type { JournalGate } from './journal-gate.ts';
import type { AdminSession } from './settings/admin-session.ts';
import type { SettingsService } from './settings/settings-service.ts';

// journal.resolve: an admin's answer to a journal refused at start. Checking again is open to anyone (it
// changes nothing); keeping the file that is there or starting a new journal changes the till's record of
// money, so it is behind the admin lock like settings.save, and journal-file.ts records it in the journal.

export interface JournalHandlerDeps {
  readonly gates: Readonly<Record<JournalName, Pick<JournalGate<unknown>, 'problem' | 'resolve'>>>;
  readonly settings: SettingsService;
  readonly admin: AdminSession;
  readonly now: () => number;
  /** The status after the change (the status bar and the blocking screen follow it). */
  readonly statusNow: () => StatusSnapshot;
}

export function journalHandlers(deps: JournalHandlerDeps): Pick<Handlers, 'journal.resolve'> {
  return {
    async 'journal.resolve'({ journal, action }) {
      const gate = deps.gates[journal];
      if (!gate.problem()) return deps.statusNow();
      if (action !== 'recheck' && deps.settings.view().secrets.adminPin && !deps.admin.active())
        throw new PosError('admin.pin-required');
      await gate.resolve(action, deps.now);
      return deps.statusNow();
    },
  };
}

/** Both journals' problems, payments first: the status snapshot's and app.info's list. */
export function journalProblemsOf(
  gates: Readonly<Record<JournalName, Pick<JournalGate<unknown>, 'problem'>>>,
): JournalProblem[] {
  return [gates.payments.problem(), gates.customers.problem()].filter(
    (problem): problem is JournalProblem => problem !== null,
  );
}
