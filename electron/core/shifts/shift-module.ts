import { CHANNEL_NAME_LIST } from '../../../shared/channel-names.ts';
import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { CurrencyCode } from '../../../shared/money.ts';
import type { ShiftChannels, ShiftView, StaffRef } from '../../../shared/staff.ts';
import type { Journal, ShiftRow } from '../payments/journal/index.ts';
import type { StaffAccess } from '../staff/staff-access.ts';

// Shifts at the till: open (who, when, a note), the X report of the shift so far, close with its Z report, and
// the shifts of a day for the day summary. Kept in the payments journal (payments/journal/shifts.ts), which records each
// payment, refund and cancel with the shift open when it was written; this module adds who may do what
// (staff/staff-access.ts) and turns the journal's rows into the contract's views. The payment service creates it
// with its journal, so a refused journal refuses the shifts too (payments/payment-module.ts).

export type ShiftChannel = keyof ShiftChannels;
export type ShiftHandlers = Pick<Handlers, ShiftChannel>;
export const SHIFT_CHANNELS = CHANNEL_NAME_LIST.filter((name): name is ShiftChannel => name.startsWith('shifts.'));

export interface ShiftModule {
  readonly handlers: ShiftHandlers;
  /**
   * The shift open now, with its report so far; null when none is. For session.current / session.changed (the
   * staff module's): they call this, no right asked (the header shows it).
   */
  current(): ShiftView | null;
  /**
   * The cash drawer was opened without a sale (printer.openDrawer, its right asked there): recorded with the shift
   * open now, so its X and Z reports list it.
   */
  drawerOpened(by: StaffRef | null, reason: string): void;
}

export interface ShiftModuleDeps {
  readonly journal: Journal;
  readonly staff: StaffAccess;
  /** The till's currency: what the reports add up. */
  readonly currency: () => CurrencyCode;
}

export function createShiftModule({ journal, staff, currency }: ShiftModuleDeps): ShiftModule {
  const view = (row: ShiftRow): ShiftView => ({
    id: row.shiftId,
    number: row.number,
    openedAt: new Date(row.openedAt).toISOString(),
    closedAt: row.closedAt === null ? null : new Date(row.closedAt).toISOString(),
    openedBy: row.openedBy,
    closedBy: row.closedBy,
    note: row.note,
    report: journal.shifts.reportOf(row, currency()),
    // Days compare as text (YYYY-MM-DD): still open from an earlier local day.
    leftOpenOvernight: row.closedAt === null && row.localDay < journal.today(),
  });
  const current = (): ShiftView | null => {
    const row = journal.shifts.current();
    return row ? view(row) : null;
  };
  return {
    current,
    drawerOpened: (by, reason) => journal.shifts.drawerOpened({ by, reason }),
    handlers: {
      async 'shifts.open'({ note }) {
        // Whoever may sell may open the till's shift.
        const openedBy = staff.requireRight('sell');
        return { shift: view(journal.shifts.open({ openedBy, note: note?.trim() || null })) };
      },
      async 'shifts.current'() {
        return { shift: current() };
      },
      async 'shifts.close'({ force }) {
        // The same right closes anyway when payments are still open: a supervisor's (the Z lists them).
        const closedBy = staff.requireRight('close-shift');
        return { shift: view(journal.shifts.close({ closedBy, force: force ?? false, currency: currency() })) };
      },
      async 'shifts.report'({ id }) {
        staff.requireRight('x-report');
        const row = journal.shifts.get(id);
        if (!row) throw new PosError('shift.not-found', { details: { shiftId: id } });
        return { shift: view(row) };
      },
      async 'shifts.ofDay'({ day }) {
        staff.requireRight(day === journal.today() ? 'payments-today' : 'payments-any-day');
        return { shifts: journal.shifts.ofDay(day).map(view) };
      },
    },
  };
}

/**
 * The shift channels as the core serves them: `announce` (the staff module's session.changed) after a shift opened
 * or closed. Wrapped around the handlers the core composes, so it holds whichever module the journal's gate has
 * in effect.
 */
export function announcingShiftChanges(handlers: ShiftHandlers, announce: () => void): ShiftHandlers {
  return {
    ...handlers,
    async 'shifts.open'(request) {
      const answer = await handlers['shifts.open'](request);
      announce();
      return answer;
    },
    async 'shifts.close'(request) {
      const answer = await handlers['shifts.close'](request);
      announce();
      return answer;
    },
  };
}
