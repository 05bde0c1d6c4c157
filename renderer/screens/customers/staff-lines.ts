import type { CustomerChargeView } from '../../../shared/customers.ts';
import type { HoldView } from '../../../shared/customer-holds.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { staffNameOf } from '../../components/attribution.ts';
import type { MessageKey } from '../../../shared/locales/en/screens.ts';
import type { Translate } from '../../i18n/i18n.tsx';

// Who did what to a linked customer's charge or hold, as the core recorded it (customer journal schema 5): the
// lines of the Staff column. Empty when nobody was named (a till without sign-in, or rows from before staff);
// the tables leave the column out when no row names anyone, as the Payments screens do.

type Line = readonly [key: MessageKey, who: StaffRef | null];

function linesOf(entries: readonly Line[], t: Translate): string[] {
  return entries.flatMap(([key, who]) => (who ? [t(key, { name: staffNameOf(who, t) })] : []));
}

export function chargeStaffLines(charge: CustomerChargeView, t: Translate): string[] {
  return linesOf(
    [
      ['customers.staff.chargedBy', charge.takenBy],
      ['customers.staff.approvedBy', charge.approvedBy],
    ],
    t,
  );
}

/** Who finished it, said by what became of it (a capture or void still on its way names nobody yet). */
const FINISHED_KEY: Partial<Record<HoldView['displayStatus'], MessageKey>> = {
  captured: 'customers.staff.capturedBy',
  'capture-failed': 'customers.staff.captureTriedBy',
  voided: 'customers.staff.voidedBy',
};

export function holdStaffLines(hold: HoldView, t: Translate): string[] {
  const finishedKey = FINISHED_KEY[hold.displayStatus];
  const captureTried = hold.displayStatus === 'captured' || hold.displayStatus === 'capture-failed';
  return linesOf(
    [
      ['customers.staff.placedBy', hold.takenBy],
      ...(finishedKey ? [[finishedKey, hold.finishedBy] as const] : []),
      // The approval belongs to the capture: shown with it, not on a hold released or still open.
      ['customers.staff.approvedBy', captureTried ? hold.approvedBy : null],
    ],
    t,
  );
}
