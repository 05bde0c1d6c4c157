import type { YearArchived } from '../../../shared/payment-history.ts';
import type { Journal } from './journal/index.ts';

// payments.archiveYear: the admin's (shared/channel-rights.ts) archive of a closed year (journal/year-archive.ts).
// Synchronous, seconds for a busy year: an owner's action once a year, best on a quiet till. The freed space
// stays inside the journal for new payments; `npm run archive-year` on a stopped till also compacts the file.

export function archiveYear(journal: Journal, year: number): YearArchived {
  const outcome = journal.archiveYear(year);
  const { moved } = outcome;
  return {
    year: outcome.year,
    file: outcome.file,
    moved: {
      payments: moved.payment_attempts,
      refunds: moved.refunds,
      cancels: moved.cancels,
      events: moved.events,
      statusChanges: moved.status_history,
      saleLines: moved.sale_lines,
    },
    keptLive: outcome.keptLive,
  };
}
