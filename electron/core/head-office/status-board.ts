import type { HeadOfficeProblem, HeadOfficeState, HeadOfficeStatus } from '../../../shared/head-office.ts';

// What the status bar and Settings → Head office show (headOffice.status), told to the screens as it changes
// (headOffice.changed): the state, the events waiting, the last acknowledged batch and what is wrong.

export interface StatusBoard {
  current(): HeadOfficeStatus;
  set(state: HeadOfficeState, problem?: HeadOfficeProblem | null): void;
  sent(at: number): void;
  /** The count of waiting events may have changed. */
  recount(): void;
}

export function createStatusBoard(options: {
  readonly pending: () => number;
  readonly emit: (status: HeadOfficeStatus) => void;
}): StatusBoard {
  let status: HeadOfficeStatus = { state: 'off', pendingEvents: 0, lastSentAt: null, problem: null };
  const update = (next: HeadOfficeStatus): void => {
    if (
      next.state === status.state &&
      next.pendingEvents === status.pendingEvents &&
      next.lastSentAt === status.lastSentAt &&
      next.problem === status.problem
    )
      return;
    status = next;
    options.emit(status);
  };
  const pendingNow = (): number => {
    try {
      return options.pending();
    } catch {
      return status.pendingEvents; // The journal is closing or refused: the last count stands.
    }
  };
  return {
    current: () => status,
    set: (state, problem = null) =>
      update({ ...status, state, problem: state === 'failing' ? problem : null, pendingEvents: pendingNow() }),
    sent: (at) => update({ ...status, lastSentAt: new Date(at).toISOString(), pendingEvents: pendingNow() }),
    recount: () => update({ ...status, pendingEvents: pendingNow() }),
  };
}
