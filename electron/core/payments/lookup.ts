import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { AttemptRow } from '../journal/index.ts';
import type { Lookup } from './decisions.ts';
import { errorReason } from './error-reason.ts';
import type { PaymentRuntime } from './runtime.ts';
import { otherTerminalError } from './sends.ts';

// One status lookup by referenceId, as the order workers and the refund handler make it: through the
// terminal's status budget, one try only (the caller's schedule is the retry), sorted into found / not found
// / could not tell. Any terminal of the merchant may read any of its payments; only a payment this till is
// still sending or watching is not looked up as another terminal (after a settings change the till may speak
// for other credentials, and a "not found" there would settle it as never sent).

export async function lookupOrder(rt: PaymentRuntime, row: AttemptRow): Promise<Lookup> {
  await rt.statusLimiter.acquire();
  try {
    const client = await rt.client();
    const unsettled = row.state === 'sending' || row.state === 'checking' || row.state === 'active';
    if (unsettled && row.posId !== null && client.posId !== row.posId) return { kind: 'error', reason: errorReason(otherTerminalError(row.posId, client.posId)) };
    const order = await client.getOrder(row.referenceId, { retry: { maxAttempts: 1 } });
    return { kind: 'found', order };
  } catch (error) {
    if (error instanceof PosError && error.code === 'order.not-found') return { kind: 'not-found' };
    return { kind: 'error', reason: error instanceof PosError ? errorReason(error) : notice('payments.lookup-failed') };
  }
}
