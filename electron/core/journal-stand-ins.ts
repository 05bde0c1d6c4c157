import { CHANNEL_NAME_LIST } from '../../shared/channel-names.ts';
import { CUSTOMER_CHANNEL_NAMES, type CustomerHandlers } from '../../shared/contract.ts';
import type { JournalProblem } from '../../shared/domain.ts';
import type { CustomerModule } from './customers/customer-module.ts';
import { journalLost, type JournalGate } from './journal-gate.ts';
import type { DayReportChannel, PaymentChannel, PaymentHandlers, PaymentModule } from './payment-module.ts';

// What answers for a service whose journal was refused (journal-gate.ts), and the fixed faces createCore
// composes once: they pass every call to whatever the gate has in effect now, so the handler map never
// changes while the service behind it is swapped.

const DAY_REPORT_CHANNELS: readonly string[] = ['payments.summary', 'payments.exportCsv'] satisfies DayReportChannel[];
const PAYMENT_CHANNELS = CHANNEL_NAME_LIST.filter(
  (name): name is PaymentChannel => name.startsWith('payments.') && !DAY_REPORT_CHANNELS.includes(name),
);

/** Every payments.* call, the day report included, refused with journal.lost; nothing pending or unresolved to count. */
export function blockedPaymentModule(problem: JournalProblem): PaymentModule {
  const refuseNow = (): never => {
    throw journalLost(problem);
  };
  const refuse = async (): Promise<never> => refuseNow();
  return {
    handlers: Object.fromEntries(PAYMENT_CHANNELS.map((name) => [name, refuse])) as unknown as PaymentHandlers,
    daySummary: refuse,
    exportCsv: refuse,
    counts: () => ({ pendingCount: 0, unresolvedCount: 0 }),
    learnedAmountLimits: async () => ({ minMinor: null, maxMinor: null }),
    // The register connection is refused too; it has nothing open to show.
    register: {
      requestOf: () => refuseNow(),
      startSale: refuse,
      sale: () => refuseNow(),
      cancel: refuse,
      refund: refuse,
      refundOf: () => refuseNow(),
      openSale: () => null,
    },
    close: async () => {},
  };
}

/** Every customers.* call refused with journal.lost; the day report refuses too (its linked-customer part is unknown). */
export function blockedCustomerModule(problem: JournalProblem): CustomerModule {
  const refuse = (): never => {
    throw journalLost(problem);
  };
  return {
    handlers: Object.fromEntries(
      CUSTOMER_CHANNEL_NAMES.map((name) => [name, async () => refuse()]),
    ) as unknown as CustomerHandlers,
    consentRequest: refuse,
    orderWebhookUrl: () => null,
    unresolvedCount: () => 0,
    takingsOfDay: refuse,
    csvLinesOfDay: refuse,
    close: async () => {},
  };
}

export function paymentModuleBehind(gate: JournalGate<PaymentModule>): PaymentModule {
  return {
    handlers: Object.fromEntries(
      PAYMENT_CHANNELS.map((name) => [
        name,
        (request: never) => (gate.current().handlers[name] as (request: never) => Promise<unknown>)(request),
      ]),
    ) as unknown as PaymentHandlers,
    daySummary: (day) => gate.current().daySummary(day),
    exportCsv: (day) => gate.current().exportCsv(day),
    counts: () => gate.current().counts(),
    learnedAmountLimits: () => gate.current().learnedAmountLimits(),
    register: {
      requestOf: (keyName, idempotencyKey) => gate.current().register.requestOf(keyName, idempotencyKey),
      startSale: (input, request) => gate.current().register.startSale(input, request),
      sale: (referenceId) => gate.current().register.sale(referenceId),
      cancel: (referenceId, request) => gate.current().register.cancel(referenceId, request),
      refund: (referenceId, input, request) => gate.current().register.refund(referenceId, input, request),
      refundOf: (refundId) => gate.current().register.refundOf(refundId),
      openSale: () => gate.current().register.openSale(),
    },
    close: () => gate.current().close(),
  };
}

export function customerModuleBehind(gate: JournalGate<CustomerModule>): CustomerModule {
  return {
    handlers: Object.fromEntries(
      CUSTOMER_CHANNEL_NAMES.map((name) => [
        name,
        (request: never) => (gate.current().handlers[name] as (request: never) => Promise<unknown>)(request),
      ]),
    ) as unknown as CustomerHandlers,
    consentRequest: (linkToken) => gate.current().consentRequest(linkToken),
    orderWebhookUrl: () => gate.current().orderWebhookUrl(),
    unresolvedCount: () => gate.current().unresolvedCount(),
    takingsOfDay: (day, currency) => gate.current().takingsOfDay(day, currency),
    csvLinesOfDay: (day) => gate.current().csvLinesOfDay(day),
    close: () => gate.current().close(),
  };
}
