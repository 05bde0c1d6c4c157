import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { TokenizedConnection } from './client-access.ts';
import type { CustomerRow } from './rows.ts';
import { publish, type CustomerRuntime } from './runtime.ts';

// The customer's payment token: opened from its sealed copy (token-cipher.ts) for one request at a time, and
// dropped (the customer marked relink-needed) as soon as the provider or the key store shows it is unusable.

/** The customer's token, opened; refuses (relink) when they are not linked under the current merchant. */
export async function tokenOf(
  rt: CustomerRuntime,
  customer: CustomerRow,
  connection?: TokenizedConnection,
): Promise<string> {
  if (customer.status !== 'linked' || customer.tokenSealed === null) {
    // The code's text says it: link the customer again.
    throw new PosError('payment-token.invalid', {
      cause: new Error(`customer ${customer.merchantUserId} is ${customer.status}`),
      details: { merchantUserId: customer.merchantUserId, attempts: 0, outcomeUnknown: false },
    });
  }
  const current = connection ?? (await rt.access.connection());
  if (customer.merchantId !== current.merchantId) {
    markRelinkNeeded(rt, customer.merchantUserId);
    throw new PosError('payment-token.invalid', {
      cause: new Error('This customer was linked under another merchant account.'),
    });
  }
  try {
    return await rt.cipher.open(customer.tokenSealed, customer.merchantUserId);
  } catch (error) {
    if (error instanceof PosError && error.code === 'payment-token.invalid')
      markRelinkNeeded(rt, customer.merchantUserId);
    throw error;
  }
}

/** Runs a request made with the customer's token; a refusal of the token marks them relink-needed. */
export async function withTokenCheck<T>(
  rt: CustomerRuntime,
  merchantUserId: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PosError && error.code === 'payment-token.invalid') {
      markRelinkNeeded(rt, merchantUserId);
      publish(rt, merchantUserId);
    }
    throw error;
  }
}

export function markRelinkNeeded(rt: CustomerRuntime, merchantUserId: string): void {
  const customer = rt.journal.getCustomer(merchantUserId);
  if (!customer || customer.status !== 'linked') return;
  rt.journal.atomically(() => {
    rt.journal.dropToken(merchantUserId, 'relink-needed');
    rt.journal.appendEvent({
      merchantUserId,
      kind: 'status',
      notice: notice('customer-event.token-refused'),
    });
  });
}

/** For a token read: null when the customer's token is unusable for good (unlinked, revoked), else rethrows. */
export function tokenGoneForGood(error: unknown): null {
  if (error instanceof PosError && error.code === 'payment-token.invalid') return null;
  throw error;
}
