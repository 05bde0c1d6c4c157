import type { LinkedCustomerView } from '../../../shared/customers.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { exclusive, publish, requireCustomer, type CustomerRuntime } from './runtime.ts';
import { tokenOf } from './tokens.ts';
import { toCustomerView } from './views.ts';

// Unlinking a customer: refused while a charge or hold of theirs is unknown or open (their money would be
// left where nobody can settle it), then the provider is told and the sealed token is dropped.

export async function unlink(rt: CustomerRuntime, merchantUserId: string): Promise<LinkedCustomerView> {
  const view = await exclusive(rt, merchantUserId, async () => {
    const customer = requireCustomer(rt, merchantUserId);
    if (customer.status === 'unlinked') return toCustomerView(customer);
    if (rt.journal.unknownOutcomesOf(merchantUserId).length > 0) {
      // "Capture or release it" would be wrong advice for a request whose result nobody knows yet.
      throw new PosError('unlink.blocked', { notice: notice('unlink.still-checking'), retryable: true });
    }
    const open = rt.journal.openHoldsOf(merchantUserId);
    if (open.length > 0) {
      // One open hold is what the code's own text says; several are counted.
      throw new PosError('unlink.blocked', {
        ...(open.length > 1 ? { notice: notice('unlink.open-holds', { count: open.length }) } : {}),
        details: { openHolds: open.length },
      });
    }
    if (customer.status === 'relink-needed') return toCustomerView(rt.journal.dropToken(merchantUserId, 'unlinked'));
    const { client } = await rt.access.connection();
    const token = await tokenOf(rt, customer).catch(() => null);
    if (token !== null) {
      try {
        await rt.audit.run({ merchantUserId, merchantRef: null }, () => client.unlink(token));
      } catch (error) {
        if (error instanceof PosError && error.code === 'unlink.blocked') {
          // No hold here counts as open, yet the provider has an authorised one: a hold this till stopped
          // checking (listed "Stopped checking"), or one placed elsewhere. Capturing or releasing it here is
          // not possible, so "capture or release it" would be no help.
          throw new PosError('unlink.blocked', {
            notice: notice('unlink.hold-elsewhere'),
            details: error.details,
            cause: error,
          });
        }
        // Unknown or already unlinked at the provider (404 / 401): the link is gone either way.
        if (!(error instanceof PosError && error.code === 'payment-token.invalid')) throw error;
      }
    }
    rt.journal.appendEvent({ merchantUserId, kind: 'status', notice: notice('customer-event.unlinked') });
    return toCustomerView(rt.journal.dropToken(merchantUserId, 'unlinked'));
  });
  publish(rt, merchantUserId);
  return view;
}
