import type { JournalProblem } from '../../shared/journal.ts';
import { CUSTOMER_MODULE_FACE, type CustomerModule } from './customers/customer-module.ts';
import { journalLost, type JournalGate } from './journal-gate.ts';
import { forwardingModule, refusingModule } from './module-face.ts';
import { PAYMENT_MODULE_FACE, type PaymentModule } from './payments/payment-module.ts';

// What answers for a service whose journal was refused (journal-gate.ts), and the fixed faces createCore
// composes once: they pass every call to whatever the gate has in effect now, so the handler map never
// changes while the service behind it is swapped. Both are made from each module's one declared face
// (PAYMENT_MODULE_FACE, CUSTOMER_MODULE_FACE; module-face.ts), never written out by hand.

/** Every payments.* call, the day report included, refused with journal.lost; nothing pending or unresolved to count. */
export function blockedPaymentModule(problem: JournalProblem): PaymentModule {
  return refusingModule(PAYMENT_MODULE_FACE, () => journalLost(problem));
}

/** Every customers.* call refused with journal.lost; the day report refuses too (its linked-customer part is unknown). */
export function blockedCustomerModule(problem: JournalProblem): CustomerModule {
  return refusingModule(CUSTOMER_MODULE_FACE, () => journalLost(problem));
}

export function paymentModuleBehind(gate: JournalGate<PaymentModule>): PaymentModule {
  return forwardingModule(PAYMENT_MODULE_FACE, () => gate.current());
}

export function customerModuleBehind(gate: JournalGate<CustomerModule>): CustomerModule {
  return forwardingModule(CUSTOMER_MODULE_FACE, () => gate.current());
}
