import type { PaymentFindQuery, PaymentView } from '../../../shared/payments.ts';
import type { PaymentRuntime } from './runtime.ts';

// payments.find: a payment whose customer has no receipt, from this till's journal (journal/find.ts says how). The
// candidates shown are remembered (found-without-receipt.ts): refunding one of them asks for an approver and marks
// the refund, its record and its slip. The shop's other tills are searched once the head office can answer for
// them (issue 34): this till's journal is all a till holds.

export function findWithoutReceipt(rt: PaymentRuntime, query: PaymentFindQuery): { items: readonly PaymentView[] } {
  const items = rt.journal.find(query);
  // Except the day's latest sales, the list the Refund screen opens with: it is what Payments shows anyway, and
  // marking it would ask an approver for every refund of a sale just made, the receipt on the counter or not. A
  // search (by order id, amount, time, note or cashier) is what a person does when there is no receipt.
  if (!('latest' in query)) rt.foundWithoutReceipt.note(items.map((item) => item.referenceId));
  return { items };
}
