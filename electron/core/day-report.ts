import type { Handlers } from '../../shared/contract.ts';
import type { CsvExport, DaySummary } from '../../shared/payment-history.ts';
import { money } from '../../shared/money.ts';
import type { CustomerModule } from './customers/customer-module.ts';
import { csvField } from './payments/journal/csv-export.ts';
import type { DayReportChannel, PaymentModule } from './payments/payment-module.ts';

// The day report (payments.summary, payments.exportCsv): the payment service's in-store figures, plus the
// linked-customer module's takings of the same local day in the same currency. Both services keep their own
// journal; this is the one place that knows about both. Integer minor units only.

export function dayReportHandlers(
  payments: Pick<PaymentModule, 'daySummary' | 'exportCsv'>,
  customers: Pick<CustomerModule, 'takingsOfDay' | 'csvLinesOfDay'>,
): Pick<Handlers, DayReportChannel> {
  return {
    'payments.summary': async ({ day }) => withLinkedCustomerTakings(await payments.daySummary(day), customers),
    'payments.exportCsv': async ({ day }) => withLinkedCustomerLines(await payments.exportCsv(day), day, customers),
  };
}

function withLinkedCustomerTakings(summary: DaySummary, customers: Pick<CustomerModule, 'takingsOfDay'>): DaySummary {
  const linkedCustomers = customers.takingsOfDay(summary.day, summary.currency);
  const takenMinor = linkedCustomers.charges.total.amountMinor + linkedCustomers.captures.total.amountMinor;
  const netMinor = summary.net.amountMinor + takenMinor;
  if (!Number.isSafeInteger(netMinor)) throw new RangeError(`day ${summary.day}: net is beyond exact integer range`);
  return { ...summary, linkedCustomers, net: money(netMinor, summary.currency) };
}

/** The end-of-day CSV: the payment journal's file, then the day's linked-customer charges and holds in its columns. */
function withLinkedCustomerLines(
  file: CsvExport,
  day: string,
  customers: Pick<CustomerModule, 'csvLinesOfDay'>,
): CsvExport {
  const lines = customers.csvLinesOfDay(day);
  if (lines.length === 0) return file;
  // The file already ends with CRLF (RFC 4180); the added lines keep that shape.
  return { ...file, csv: file.csv + lines.map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n' };
}
