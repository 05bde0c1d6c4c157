import { describe, expect, it } from 'vitest';
import { controlCall, waitFor } from '../../sandbox/sandbox.test-helper.ts';
import type { Timers } from '../timers.ts';
import {
  leaveUnansweredCreate,
  linked,
  sandbox,
  setUpCustomerServiceTests,
  start,
  stopService,
  truth,
} from './customer-service.test-helper.ts';

// The resolver waits on the service's injected timers (options.timers), the same shape as the payment
// service's: a test holds every wait and lets it run out when it chooses, so nothing is resolved behind its
// back and no test sleeps through a backoff. A resolver on the global setTimeout schedules nothing here.

setUpCustomerServiceTests();

interface HeldWait {
  readonly ms: number;
  readonly run: () => void;
  state: 'waiting' | 'ran' | 'cleared';
}

/** Timers that never run out by themselves: `runOut` ends the waits of one length that are still waiting. */
function heldTimers(): { timers: Timers; waiting: (ms: number) => HeldWait[]; runOut: (ms: number) => void } {
  const waits: HeldWait[] = [];
  const waiting = (ms: number) => waits.filter((wait) => wait.ms === ms && wait.state === 'waiting');
  const timers: Timers = {
    setTimeout(callback, ms) {
      const wait: HeldWait = { ms, run: callback, state: 'waiting' };
      waits.push(wait);
      return wait;
    },
    clearTimeout(handle) {
      const wait = handle as HeldWait | undefined;
      if (wait?.state === 'waiting') wait.state = 'cleared';
    },
  };
  const runOut = (ms: number): void => {
    for (const wait of waiting(ms)) {
      wait.state = 'ran';
      wait.run();
    }
  };
  return { timers, waiting, runOut };
}

describe('the resolver waits on the injected timers', () => {
  it('a charge whose answer was lost is looked into on them (a wait of 0 ms), resolved when it runs out', async () => {
    const held = heldTimers();
    const { h, module } = await start({ timers: held.timers, client: { retry: { maxAttempts: 1 } } });
    const user = await linked(h, module);
    await controlCall(sandbox, 'POST', '/faults', { dropAfterActNext: 1, path: '/charge' });
    const charge = await h['customers.charge']({
      merchantUserId: user,
      amountMinor: 700,
      currency: 'SGD',
      useCashback: false,
    });
    expect(charge.displayStatus).toBe('checking');
    expect(held.waiting(0)).toHaveLength(1);
    expect((await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus).toBe('checking');

    held.runOut(0);
    await waitFor(async () =>
      (await h['customers.find']({ merchantUserId: user })).charges[0]!.displayStatus === 'approved' ? true : undefined,
    );
    expect(await truth('charges')).toHaveLength(1);
  });

  it('after a restart, each unsettled row is resumed through them (a wait of 0 ms), not behind them', async () => {
    const first = await start();
    const user = await linked(first.h, first.module);
    await stopService();
    const merchantRef = 'TILL-01-C20260101-HELDWAIT01';
    leaveUnansweredCreate('charge', user, merchantRef);

    const held = heldTimers();
    const { h } = await start({ timers: held.timers });
    expect(held.waiting(0)).toHaveLength(1);
    expect(await truth('charges')).toHaveLength(0);

    held.runOut(0);
    const resolved = await waitFor(async () => {
      const found = (await h['customers.find']({ merchantUserId: user })).charges.find(
        (row) => row.merchantRef === merchantRef,
      );
      return found?.displayStatus === 'approved' ? found : undefined;
    });
    expect(resolved.merchantRef).toBe(merchantRef);
    expect(await truth('charges')).toHaveLength(1);
  });
});
