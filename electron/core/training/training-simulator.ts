import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import type { TrainingSimulation } from '../../../shared/training.ts';
import type { TrainingSandbox } from './training-sandbox.ts';

// The trainer's fault simulator (shared/training.ts: TRAINING_SIMULATIONS), as calls to the training sandbox's own
// control API: whatever it does, it can only touch training sales, which never reach the provider.

/** Long enough to outlast any lesson; "normal" clears it. */
const DOWN_FOR_REQUESTS = 100_000;
/** The sandbox's own default (5 minutes), restored by "normal". */
const ABANDON_AFTER_MS = 300_000;

export async function simulate(sandbox: TrainingSandbox, action: TrainingSimulation): Promise<void> {
  switch (action) {
    case 'pay':
      await sandbox.control('POST', '/consumer/confirm', { referenceId: await openSale(sandbox) });
      return;
    case 'decline':
      await sandbox.control('POST', '/consumer/decline', { referenceId: await openSale(sandbox) });
      return;
    case 'provider-down':
      await sandbox.control('POST', '/faults', { fail5xxNext: DOWN_FOR_REQUESTS });
      return;
    case 'in-doubt':
      // The next sale reaches the "provider" but its answer is lost: the till shows it being checked, then settles.
      await sandbox.control('POST', '/faults', { dropAfterActNext: 1, path: '/order/create' });
      return;
    case 'expire-next':
      await sandbox.control('POST', '/settings', { abandonAfterMs: 1 });
      return;
    case 'normal':
      await sandbox.control('DELETE', '/faults');
      await sandbox.control('POST', '/settings', { abandonAfterMs: ABANDON_AFTER_MS });
      return;
  }
}

/** The newest training sale the customer could still pay. */
async function openSale(sandbox: TrainingSandbox): Promise<string> {
  const { orders } = (await sandbox.control('GET', '/orders')) as {
    orders: Array<{ referenceId: string; status: string; createdAt?: string }>;
  };
  const open = orders.filter((order) => order.status === 'CREATED' || order.status === 'PENDING');
  const newest = open[open.length - 1];
  if (!newest) throw new PosError('request.invalid', { notice: notice('training.no-open-sale') });
  return newest.referenceId;
}
