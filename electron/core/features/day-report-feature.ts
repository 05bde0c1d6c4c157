import type { Handlers } from '../../../shared/contract.ts';
import type { CoreModule } from '../core-module.ts';
import { dayReportHandlers } from '../day-report.ts';
import type { DayReportChannel } from '../payments/payment-module.ts';
import type { CustomersGives } from './customers-feature.ts';
import type { PaymentsGives } from './payments-feature.ts';

// The day report of both services (../day-report.ts): its channels, and the summary the printer prints.

export interface DayReportGives {
  readonly dayReport: Pick<Handlers, DayReportChannel>;
}

export const dayReportFeature: CoreModule<PaymentsGives & CustomersGives, DayReportGives> = {
  name: 'day report',
  start({ payments, customers }) {
    const dayReport = dayReportHandlers(payments, customers);
    return { handlers: dayReport, gives: { dayReport } };
  },
};
