import type { LinkedCustomerDetail } from '../../../shared/customers.ts';
import type { LinkedCustomerTakings, SummaryLine } from '../../../shared/payment-history.ts';
import { money, type CurrencyCode } from '../../../shared/money.ts';
import { linkedCustomerCsvLines } from './csv-export.ts';
import { refreshHolds } from './holds.ts';
import type { CustomerAttemptRow } from './rows.ts';
import { customerDetail, requireCustomer, type CustomerRuntime } from './runtime.ts';
import { isUnresolvedAttempt } from './views.ts';

// What the service answers from its journal (like ../payments/queries.ts): one customer (their open holds
// refreshed first, within a budget), the Unresolved list and its count, a day's takings and CSV lines.

/** The customer with their holds and charges; the holds that can still change are refreshed first. */
export async function find(rt: CustomerRuntime, merchantUserId: string): Promise<LinkedCustomerDetail> {
  requireCustomer(rt, merchantUserId);
  const refresh = refreshHolds(rt, merchantUserId);
  // Answer from the journal if the provider is slow; the refresh goes on and announces what it finds.
  let budget: unknown;
  try {
    await Promise.race([
      refresh,
      new Promise(
        (resolve) => (budget = rt.options.timers.setTimeout(() => resolve(null), rt.options.refreshBudgetMs)),
      ),
    ]);
  } finally {
    rt.options.timers.clearTimeout(budget);
  }
  return customerDetail(rt, merchantUserId);
}

/** Charges and holds whose outcome is still being found out, or that the till stopped checking (the Unresolved list). */
export function unresolvedAttempts(rt: CustomerRuntime): CustomerAttemptRow[] {
  return rt.journal.unsettled().filter(isUnresolvedAttempt);
}

/** Approved charges and captured holds of a local day, in the day summary's currency. */
export function takingsOfDay(rt: CustomerRuntime, day: string, currency: CurrencyCode): LinkedCustomerTakings {
  const { charges, captures } = rt.journal.takingsOfDay(day, currency);
  const line = (total: { count: number; totalMinor: number }): SummaryLine => ({
    count: total.count,
    total: money(total.totalMinor, currency),
  });
  return { charges: line(charges), captures: line(captures) };
}

/** A local day's charges and holds as lines of the end-of-day CSV. */
export function csvLinesOfDay(rt: CustomerRuntime, day: string): string[][] {
  return linkedCustomerCsvLines(rt.journal.attemptsOfDay(day), rt.options.timeZone);
}
