import type { JournalName, JournalProblem } from '../../../shared/journal.ts';
import { joinHandlerParts } from '../compose-handlers.ts';
import type { CoreModule } from '../core-module.ts';
import { createApprovals } from '../customers/approvals.ts';
import { consentNotAvailable } from '../customers/consent-opening.ts';
import { createCustomerModule, type CustomerModule } from '../customers/customer-module.ts';
import { journalLost, openJournalGate, type JournalGate } from '../journal-gate.ts';
import { journalProblemsOf } from '../journal-handlers.ts';
import { blockedCustomerModule, customerModuleBehind } from '../journal-stand-ins.ts';
import type { PaymentCounts } from '../payments/payment-module.ts';
import type { CoreBase } from './core-base.ts';
import type { PaymentsGives } from './payments-feature.ts';
import type { ServicesContextGives } from './services-context-feature.ts';

// The linked-customer service behind its journal's gate, with the approvals it asks before a customer's wallet
// is charged (charge, capture) and the consent page a transport opens. Started after the payments, it is the
// first feature that sees both journals: their problems and the one count of what the till is still settling.

export interface CustomersGives {
  readonly customers: CustomerModule;
  readonly gates: Readonly<Record<JournalName, JournalGate<unknown>>>;
  /** Both journals' problems, payments first (the status bar, app.info, Check this till). */
  readonly journalProblems: () => JournalProblem[];
  /**
   * The payments' counts with one Unresolved count for everything the till is still settling: in-store payments
   * and linked-customer charges and holds (the Unresolved screen lists both).
   */
  readonly openCounts: () => PaymentCounts;
}

export const customersFeature: CoreModule<CoreBase & ServicesContextGives & PaymentsGives, CustomersGives> = {
  name: 'customers',
  async start({ options, context, journalRecords, linesOf, bus, payments, paymentGate }) {
    const factory = options.customers ?? createCustomerModule({ vault: options.vault, log: linesOf('customers') });
    // The questions read a hold through the module once it runs, and refuse while its journal is lost.
    const approvals = createApprovals(context, {
      customers: { 'customers.find': (request) => customers.handlers['customers.find'](request) },
      unavailable: () => {
        const problem = customerGate.problem();
        return problem ? journalLost(problem) : null;
      },
    });
    const customerGate = await openJournalGate({
      journal: 'customers',
      records: journalRecords,
      start: () => factory(context, approvals.gate),
      standIn: blockedCustomerModule,
    });
    const customers = customerModuleBehind(customerGate);
    const gates = { payments: paymentGate, customers: customerGate };
    const openConsent = options.openConsent ?? consentNotAvailable;
    return {
      handlers: joinHandlerParts({
        customers: customers.handlers,
        approvals: approvals.handlers,
        consent: {
          'customers.openConsent': ({ linkToken }) =>
            openConsent(linkToken, (page) => bus.emit('customers.consentOnDisplay', page)),
        },
      }),
      close: () => customers.close(),
      gives: {
        customers,
        gates,
        journalProblems: () => journalProblemsOf(gates),
        openCounts: () => {
          const counts = payments.counts();
          return { ...counts, unresolvedCount: counts.unresolvedCount + customers.unresolvedCount() };
        },
      },
    };
  },
};
